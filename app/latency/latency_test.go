package latency

import (
	"context"
	"strings"
	"testing"
	"time"
)

// TestPipes measures a table over in-memory pipes: every measured move reaches every seat,
// each stage of a pion-free path is filled, and the stages fit inside the whole.
func TestPipes(t *testing.T) {
	rep, err := MeasurePipes(context.Background(), Config{Guests: 2, Moves: 40, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Total) < 40 {
		t.Fatalf("%d moves measured", len(rep.Total))
	}
	for _, s := range Stages {
		if len(rep.Stage[s]) == 0 {
			t.Errorf("stage %s never measured", s)
		}
	}
	for _, l := range rep.Lines() {
		t.Log(l)
	}
}

// BenchmarkMovePipes is one move through a table over pipes, sign to every seat's State.
func BenchmarkMovePipes(b *testing.B) {
	rep, err := MeasurePipes(context.Background(), Config{Guests: 2, Moves: min(max(b.N, 20), 300), Seed: 5})
	if err != nil {
		b.Fatal(err)
	}
	report(b, rep)
}

func report(b *testing.B, rep *Report) {
	b.ReportMetric(float64(Pct(rep.Total, .5))/float64(time.Microsecond), "p50-µs")
	b.ReportMetric(float64(Pct(rep.Total, .99))/float64(time.Microsecond), "p99-µs")
	for _, s := range Stages {
		b.ReportMetric(float64(Pct(rep.Stage[s], .5))/float64(time.Microsecond), strings.ReplaceAll(s, " ", "-")+"-p50-µs")
	}
	if len(rep.Raw) > 0 {
		b.ReportMetric(float64(Pct(rep.Raw, .5))/float64(time.Microsecond), "raw-p50-µs")
	}
}
