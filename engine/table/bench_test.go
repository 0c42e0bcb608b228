package table

import (
	"testing"
	"time"

	"miskatonic/engine/arkham"
)

// BenchmarkArkhamTable plays whole 6-guest Arkham Ritual games over in-memory pipes: host,
// guests, deals and every guest's verification included (one op is one game).
func BenchmarkArkhamTable(b *testing.B) {
	moves := 0
	for i := 0; i < b.N; i++ {
		tt := newTable(b, tableOpts{rules: arkham.Rules{}, guests: 6, seed: uint64(500 + i), tick: time.Second})
		tt.play()
		tt.finish()
		moves += tt.host.State().Seq
		tt.close()
	}
	b.ReportMetric(float64(moves)/float64(b.N), "moves/game")
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(moves), "µs/move")
}

// BenchmarkArkhamTable7 is the same with a full table: 7 guests, every deal sealed, shared,
// revealed and verified by all seven (one op is one whole verified game).
func BenchmarkArkhamTable7(b *testing.B) {
	moves := 0
	for i := 0; i < b.N; i++ {
		tt := newTable(b, tableOpts{rules: arkham.Rules{}, guests: 7, seed: uint64(700 + i), tick: time.Second})
		tt.play()
		tt.finish()
		moves += tt.host.State().Seq
		tt.close()
	}
	b.ReportMetric(float64(moves)/float64(b.N), "moves/game")
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(moves), "µs/move")
}
