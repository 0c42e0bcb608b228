package replay

import (
	"testing"

	"miskatonic/internal/sigcheck"
)

// BenchmarkVerify: checking a whole proven record (every deal's transcript, every signature,
// the replay by the rules), per game.
func BenchmarkVerify(b *testing.B) {
	for _, r := range allRules {
		rec := load(&testing.T{}, r.Name())
		b.Run(r.Name(), func(b *testing.B) {
			for b.Loop() {
				sigcheck.Forget() // every check a first one, as on a page that never saw these signatures
				if v := Verify(r, rec); !v.Verified {
					b.Fatal(v.Problem)
				}
			}
		})
	}
}

// BenchmarkVerifyOldFormat is the same check of the fixtures from before the host's seal: the
// difference with BenchmarkVerify is what the seal costs (one hash per move, one signature).
func BenchmarkVerifyOldFormat(b *testing.B) {
	for _, r := range allRules {
		rec := load(&testing.T{}, r.Name()+"-v1")
		b.Run(r.Name(), func(b *testing.B) {
			for b.Loop() {
				sigcheck.Forget() // every check a first one, as on a page that never saw these signatures
				if v := Verify(r, rec); v.Kind != Unproven {
					b.Fatal(v.Problem)
				}
			}
		})
	}
}
