// The parts of a guest's cost per view frame, one by one (BenchmarkGuestFrames has them together).

package table

import (
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/arkham"
	"miskatonic/engine/fair"
	"miskatonic/engine/wire"
)

func views(b *testing.B) []*wire.View {
	var out []*wire.View
	for _, f := range recordedGuest(b) {
		_, m, _ := wire.Decode(f)
		if v, ok := m.(*wire.View); ok {
			out = append(out, v)
		}
	}
	return out
}

func viewFrames(b *testing.B) [][]byte {
	var out [][]byte
	for _, f := range recordedGuest(b) {
		_, m, _ := wire.Decode(f)
		if _, ok := m.(*wire.View); ok {
			out = append(out, f)
		}
	}
	return out
}

func BenchmarkGuestPartWireDecode(b *testing.B) {
	fs := viewFrames(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		wire.Decode(fs[i%len(fs)])
	}
}
func BenchmarkGuestPartDecodeView(b *testing.B) {
	vs := views(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		arkham.Rules{}.DecodeView(vs[i%len(vs)].View)
	}
}
func BenchmarkGuestPartAuditView(b *testing.B) {
	vs := views(b)
	a, _ := fair.NewAuditor(arkham.Rules{}, engine.Config{Seats: 6}, 0)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		v := vs[i%len(vs)]
		a.View(v.Seq+1000*(i/len(vs)), fair.Shown{View: v.View, Legal: v.Legal, Status: v.Status})
	}
}

func BenchmarkGuestPartState(b *testing.B) {
	vs := views(b)
	g := &Guest{rules: arkham.Rules{}}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		v := vs[i%len(vs)]
		g.st.ViewJSON, g.st.HasView, g.decoded, g.st.Legal = v.View, true, false, v.Legal
		g.State()
	}
}
