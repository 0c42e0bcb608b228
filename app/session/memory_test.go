package session

import (
	"encoding/json"
	"testing"
	"time"

	"miskatonic/engine/table"
)

// The guest's verdicts are kept in the store, so a reload (or a host's welcome to another
// table) never loses a verdict.
func TestVerdictsPersist(t *testing.T) {
	st := &MemStore{}
	s, err := StartSolo(st, SoloConfig{Name: "Ann", Game: "arkham", Players: 3, Level: "random"})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Forget()
	playUntil(t, s, 60*time.Second, func(g table.GuestState) bool {
		return g.Status.Over && len(g.Deals) > 0 && g.Deals[len(g.Deals)-1].State == table.DealVerified
	})
	deadline := time.Now().Add(time.Minute)
	for {
		raw, _ := st.Get(keyMemory)
		var m table.Memory
		if json.Unmarshal([]byte(raw), &m) == nil && len(m.Deals) > 0 && m.Deals[len(m.Deals)-1].State == table.DealVerified {
			if m.Table == "" || m.Deals[0].Table != m.Table {
				t.Fatalf("saved verdicts name no table: %s", raw)
			}
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("verdicts never saved: %q", raw)
		}
		time.Sleep(5 * time.Millisecond)
	}
}
