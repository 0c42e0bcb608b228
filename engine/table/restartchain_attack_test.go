package table

import (
	"bytes"
	"maps"
	"strings"
	"testing"
	"time"

	"miskatonic/engine"
	"miskatonic/engine/fair"
	"miskatonic/engine/wire"
)

// The attacker's side of the chain a catch-up shows (restartchain.go): a dishonest host that
// uses it to take a guest back to a commitment it followed and saw replaced, to show a guest a
// commitment the host holds no seals to, or to restart a deal past the limit, is named. Each
// test is an honest chainTable with only the attacker's change added.

// TestAttackChainBackToReplaced: the host keeps everything of deal 1's second commitment C2 —
// its secret, its set of seals, every share revealed to it (its own player's, which its page
// held back, too) — restarts to C3 as the chain allows, and once every guest has followed,
// goes back to C2 and deals it: the deal whose shares it saw. It sends C2 and its set again,
// as a catch-up would (each guest leaves them alone: it saw C2 replaced), then the shares.
// Every guest fails deal 1: none goes back to a commitment it saw replaced.
func TestAttackChainBackToReplaced(t *testing.T) {
	defer checkNoLeak(t)()
	ct := newChainTable(t, 101, 0)
	ct.reload(1)
	ct.waitRound(1)
	var old dealState
	ct.waitFor("seats 1 and 2's shares of C2 in", func() bool {
		in := false
		ct.host.do(func() {
			d := ct.host.deals[0]
			if in = d.Shares[1] != nil && d.Shares[2] != nil; in {
				old = *d
				old.Seals, old.Shares = maps.Clone(d.Seals), maps.Clone(d.Shares)
			}
		})
		return in
	})
	var own *fair.Share // what the host's player's page held back: its share of C2
	ct.waitFor("the host's player's share of C2", func() bool {
		g := ct.guests[0]
		g.mu.Lock()
		defer g.mu.Unlock()
		if d := g.deals[1]; d != nil && bytes.Equal(d.c[:], old.C) && d.share != nil && d.sealed && !d.lost {
			sh := *d.share
			own = &sh
		}
		return own != nil
	})
	ct.reload(2)
	ct.waitRound(2)
	for _, g := range ct.guests {
		ct.caughtUp(g, false)
	}
	ct.host.do(func() {
		h := ct.host
		d := h.deals[0]
		d.C, d.H, d.Roster, d.Seals, d.Cause, d.Round = old.C, old.H, old.Roster, old.Seals, old.Cause, old.Round
		d.Shares = maps.Clone(old.Shares)
		d.Shares[0] = &wire.Share{Seat: 0, S: own.S[:], Sig: own.Sig}
		d.Chain = d.Chain[:1]
		h.broadcast(commitMsg(d))
		h.broadcast(sealList(d))
		if !h.tryFinish(d) {
			t.Error("the host could not deal C2 again: the attack never ran")
		}
	})
	for i := range ct.guests {
		if d := ct.firstFailure(engine.Seat(i)); d.Epoch != 1 {
			t.Errorf("guest %d: %+v, want deal 1 failed", i, d)
		}
	}
	ct.hold.Store(false)
	ct.close()
}

// TestAttackChainUnheldCommitment: in the catch-up after the host's second reload, the host
// shows seat 1 the chain (C1 and its set, C2 and its set) and then, as the current
// commitment, one it holds no seals to. Seat 1 follows it as a restart (its cause proves seat
// 0 sealed C2 again) and seals it; the host refuses each seal, and seat 1 names it
// (wire.DealShareRefused) once its RevealTimeout passes. The host also keeps its signed heads
// from seat 1: a head holds the commitment too, and seat 1 would name it by that first.
func TestAttackChainUnheldCommitment(t *testing.T) {
	defer checkNoLeak(t)()
	ct := newChainTable(t, 103, 300*time.Millisecond)
	ct.reload(1)
	ct.waitRound(1)
	var known [][]byte // C1 and C2: the chain seat 1 is shown as it is
	ct.host.do(func() {
		d := ct.host.deals[0]
		known = [][]byte{d.Chain[0].C, d.C}
	})
	ct.wrap = func(seat int, c Conn) Conn {
		if seat != 1 {
			return c
		}
		return &tamper{Conn: c, seat: 1, out: func(_ engine.Seat, m wire.Message) wire.Message {
			if _, head := m.(*wire.Head); head {
				return nil // a signed head holds the commitment too: this host signs none it shows
			}
			cm, ok := m.(*wire.Commit)
			if !ok || bytes.Equal(cm.C, known[0]) || bytes.Equal(cm.C, known[1]) {
				return m
			}
			f := *cm
			f.C = append([]byte(nil), cm.C...)
			f.C[0] ^= 1
			return &f
		}}
	}
	ct.reload(2)
	if d := ct.firstFailure(1); d.Epoch != 1 || d.Code != wire.DealShareRefused {
		t.Fatalf("seat 1: %+v, want deal 1 failed with %s", d, wire.DealShareRefused)
	}
	ct.hold.Store(false)
	ct.close()
}

// TestAttackChainPastRestartLimit: the host restarts deal 1 a fourth time charged to its own
// seat, with a seal its own key truly made, while a watcher that saw C1 and its set is away.
// Each guest at the table fails the deal as it happens; the watcher, back, is shown the whole
// chain and counts every restart, so it fails the deal too, with the same words. (Shown the
// latest restart alone, it would have counted one restart charged to the host and one to
// seat 0, and taken the deal.)
func TestAttackChainPastRestartLimit(t *testing.T) {
	defer checkNoLeak(t)()
	ct := newChainTable(t, 105, 0)
	a, b := Pipe()
	ct.host.AddGuest(a)
	w, err := NewGuest(b, GuestConfig{Name: "w", Identity: identity(7), Rand: newRand(1057), Rules: lookup, Tick: ct.guests[1].cfg.Tick, Logf: debugLogf})
	if err != nil {
		t.Fatal(err)
	}
	ct.waitFor("the watcher saw C1's set", func() bool {
		w.mu.Lock()
		defer w.mu.Unlock()
		d := w.deals[1]
		return d != nil && d.sealed
	})
	a.Close() // the watcher's link breaks
	for n := uint64(1); n <= maxRestarts; n++ {
		ct.reload(n)
		ct.waitRound(int(n))
	}
	ct.host.do(func() {
		h := ct.host
		d := h.deals[0]
		var c [32]byte
		copy(c[:], d.C)
		sec, _ := fair.Secret(newRand(1058))
		sl := identity(0).SealShare(d.context(h.rules.Name(), h.table).Bytes(), c, 0, sec)
		h.restart(d, &wire.Share{Seat: 0, S: sl.SC[:], Sig: sl.Sig})
	})
	const words = "more than 3 times for seat 0"
	for i := range ct.guests {
		if d := ct.firstFailure(engine.Seat(i)); !strings.Contains(d.Problem, words) {
			t.Errorf("guest %d: %+v, want deal 1 failed: %s", i, d, words)
		}
	}
	a, b = Pipe()
	ct.host.AddGuest(a)
	w.Reconnect(b)
	ct.guests = append(ct.guests, w)
	if d := ct.firstFailure(engine.Seat(len(ct.guests) - 1)); !strings.Contains(d.Problem, words) {
		t.Errorf("the watcher: %+v, want deal 1 failed: %s", d, words)
	}
	ct.hold.Store(false)
	ct.close()
}
