package replay

import "testing"

// BenchmarkVerify: checking a whole proven record (every deal's transcript, every signature,
// the replay by the rules), per game.
func BenchmarkVerify(b *testing.B) {
	for _, r := range allRules {
		rec := load(&testing.T{}, r.Name())
		b.Run(r.Name(), func(b *testing.B) {
			for b.Loop() {
				if v := Verify(r, rec); !v.Verified {
					b.Fatal(v.Problem)
				}
			}
		})
	}
}
