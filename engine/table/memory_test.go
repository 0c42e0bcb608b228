package table

import (
	"encoding/json"
	"fmt"
	"testing"

	"miskatonic/engine"
)

// The cached encoding of a guest's memory is json.Marshal's, byte for byte, through any
// sequence of changes; it reports no change only when the encoding is the same as last time.
func TestMemoryEncoding(t *testing.T) {
	r := newRand(11)
	status := func() DealStatus {
		d := DealStatus{Epoch: 1 + r.intn(9), State: []string{DealPending, DealVerified, DealFailed}[r.intn(3)], Seq: r.intn(50), Checked: r.intn(30)}
		if d.State == DealFailed {
			d.Code, d.Problem = "deal.withheld", "the host withheld move 7"
			if r.intn(2) == 0 {
				d.Args = []string{fmt.Sprint(r.intn(100))}
			}
		}
		if r.intn(2) == 0 {
			d.Table = "f9fc40ed85da78a58e018fd0b7cebd74"
		}
		return d
	}
	var c memoryCache
	var m Memory
	last := ""
	for i := 0; i < 2000; i++ {
		switch r.intn(8) {
		case 0:
			m.Table = []string{"", "aa", "bb"}[r.intn(3)]
			m.Own = r.intn(2) == 0
		case 1:
			m.Deals = append(m.Deals, status())
		case 2:
			if len(m.Deals) > 0 {
				m.Deals[r.intn(len(m.Deals))] = status()
			}
		case 3:
			m.Prev = append(m.Prev, status())
		case 4:
			if len(m.Prev) > 0 {
				m.Prev[r.intn(len(m.Prev))] = status() // in place, as keepPrev may
			}
		case 5:
			m.Sealed = nil
			if r.intn(2) == 0 {
				m.Sealed = &SealedMemory{Base: r.intn(9), Active: []engine.Seat{0, 1}, Move: engine.Move{Seat: 1, Kind: "play", Card: r.intn(5)}, Nonce: []byte{1, 2}}
			}
		case 7:
			m.Fault = nil
			if r.intn(2) == 0 {
				m.Fault = &Fault{Code: "deal.view_changed", Args: []string{fmt.Sprint(r.intn(40))}, Problem: "the host showed a changed view"}
			}
		case 6:
			if r.intn(4) == 0 {
				m = Memory{}
			}
		}
		want, _ := json.Marshal(m)
		got, changed, err := c.encode(m)
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case !changed && string(want) != last:
			t.Fatalf("step %d: no change reported, but %s became %s", i, last, want)
		case changed && string(got) != string(want):
			t.Fatalf("step %d:\n got %s\nwant %s", i, got, want)
		}
		last = string(want)
	}
}
