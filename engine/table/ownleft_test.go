package table

import (
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"

	"miskatonic/engine/fair/toy"
	"miskatonic/engine/wire"
)

// TestLeftOwnTableCarriesNoNote: a page that left another table before a deal's reveal is
// told so at its next table, as a note; a page that left its own table (its host ran in the
// page: solo, or the table it hosted) is not, since it closed that table itself. A deal that
// failed is carried over either way.
func TestLeftOwnTableCarriesNoNote(t *testing.T) {
	for _, c := range []struct {
		name     string
		own      bool
		wantLeft bool
	}{
		{"someone else's table", false, true},
		{"this page's own table", true, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			mem, err := json.Marshal(Memory{Table: strings.Repeat("ab", 16), Own: c.own, Deals: []DealStatus{
				{Epoch: 1, State: DealPending},
				{Epoch: 2, State: DealFailed, Code: wire.DealMismatch, Problem: "deal 2 does not match"},
			}})
			if err != nil {
				t.Fatal(err)
			}
			h, err := NewHost(toy.Rules{}, HostConfig{Rand: newRand(1), Signer: identity(900)})
			if err != nil {
				t.Fatal(err)
			}
			defer h.Close()
			a, b := Pipe()
			if err := h.AddGuest(a); err != nil {
				t.Fatal(err)
			}
			var mu sync.Mutex
			var saved []byte
			g, err := NewGuest(b, GuestConfig{Name: "p0", Identity: identity(0), Rand: newRand(2), Rules: lookup, Memory: mem, Own: true,
				Save: func(m []byte) { mu.Lock(); saved = m; mu.Unlock() }})
			if err != nil {
				t.Fatal(err)
			}
			defer g.Close()
			deadline := time.Now().Add(10 * time.Second)
			for !g.State().Connected || g.State().Table == "" {
				if time.Now().After(deadline) {
					t.Fatal("never welcomed")
				}
				time.Sleep(5 * time.Millisecond)
			}
			var left, failed bool
			for _, d := range g.State().PrevDeals {
				switch {
				case d.Epoch == 1 && d.State == DealFailed && d.Code == wire.DealLeftBefore:
					left = true
				case d.Epoch == 1:
					t.Errorf("deal 1 carried as %+v", d)
				case d.Epoch == 2 && d.State == DealFailed && d.Code == wire.DealMismatch:
					failed = true
				}
			}
			if left != c.wantLeft || !failed {
				t.Errorf("carried over: left-before note %v (want %v), failed deal %v (want true): %+v", left, c.wantLeft, failed, g.State().PrevDeals)
			}
			// This guest's own config says Own: what it saves for the new table says so too.
			for ; ; time.Sleep(5 * time.Millisecond) {
				mu.Lock()
				s := saved
				mu.Unlock()
				var m Memory
				if s != nil && json.Unmarshal(s, &m) == nil && m.Table == g.State().Table {
					if !m.Own {
						t.Errorf("saved memory of the new table: own = false: %s", s)
					}
					break
				}
				if time.Now().After(deadline) {
					t.Fatalf("no memory saved for the new table: %s", s)
				}
			}
		})
	}
}
