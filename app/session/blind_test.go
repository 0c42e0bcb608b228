//go:build !wasm

package session

import (
	"bytes"
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"miskatonic/engine"
	"miskatonic/engine/arkham"
	"miskatonic/engine/blindtable"
	"miskatonic/engine/replay/blindreplay"
	"miskatonic/engine/table"
)

// TestBlindTableOverWebRTC: a host and two guests play host-blind Arkham Ritual to the end over
// real (pion) data channels through the relay, one guest reloading mid-round. At every step the
// host's storage and the host's session state hold no identity of the host's own card (read from
// a guest's view, which shows it), and engine/table never dealt (the host's table has no game).
func TestBlindTableOverWebRTC(t *testing.T) {
	n := testNet(t)
	hostStore := &MemStore{}
	host, guests, stores := startBlindTable(t, n, hostStore)
	link := host.Snapshot().Invite
	hostSeat := host.SeatOf()
	// engine/table stays in its lobby, told the game is on beside it: no one takes a seat the
	// blind game's roster lacks, and the host's own "ask me" choice is left as it was.
	if host.Snapshot().Ask {
		t.Fatal("the blind game changed the host's choice of asking before someone joins")
	}
	if err := host.Admit(make([]byte, 32)); err == nil {
		t.Fatal("the host admitted a player into the lobby during the blind game")
	}
	// A link that only peeks at the table (an invite opened) reads the table's frames alone:
	// the blind game's are sent only to pages that ask for them. It is told a game is on,
	// dealt host-blind, so the newcomer watches.
	for range 3 {
		pk, err := PeekTable(link, n)
		if err != nil {
			t.Fatalf("peek during the blind game: %v", err)
		}
		if !pk.Preview.Started || !pk.Preview.Blind {
			t.Fatalf("the preview during the blind game: %+v", pk.Preview)
		}
	}
	reloaded, hostReloaded := false, false
	checks := 0
	deadline := time.Now().Add(3 * time.Minute)
	last := map[int]int{}
	for {
		if time.Now().After(deadline) {
			t.Fatal("game not over in time")
		}
		all := append([]*Session{host}, guests...)
		over := 0
		for i, s := range all {
			st := s.Snapshot()
			if st.Fault != nil {
				t.Fatalf("page %d: verdict %+v", i, st.Fault)
			}
			if st.Status.Over {
				over++
				continue
			}
			if st.HasView && len(st.Legal) > 0 && last[i] != st.Seq+1 {
				if s.Move(st.Legal[0]) == nil {
					last[i] = st.Seq + 1
				}
			}
		}
		checks += checkHostBlind(t, host, hostStore, guests[0], hostSeat)
		if over == len(all) {
			break
		}
		if !reloaded && guests[1].Snapshot().Seq >= 4 {
			// A reload mid-round: the page goes, a fresh one with the same storage comes back.
			guests[1].Close()
			g, err := Join(stores[1], JoinConfig{Name: "Cy", Link: link, Net: n})
			if err != nil {
				t.Fatalf("rejoin: %v", err)
			}
			guests[1], reloaded = g, true
		}
		if reloaded && !hostReloaded && host.Snapshot().Seq >= 10 {
			// The host reloads mid-game: its table and blind game come back from its storage
			// (the log, its own deal keys) and the guests find it again by themselves.
			host.Close()
			h, err := ResumeHosted(hostStore, n, "arkham")
			if err != nil || h == nil {
				t.Fatalf("host resume: %v", err)
			}
			host, hostReloaded = h, true
			defer host.Forget()
		}
		time.Sleep(2 * time.Millisecond)
	}
	if !reloaded || !hostReloaded {
		t.Fatalf("the game ended before the reloads (guest %v, host %v)", reloaded, hostReloaded)
	}
	if host.host.State().Started {
		t.Fatal("engine/table started a game of its own (the host's page would hold the deal)")
	}
	want := host.Snapshot().Status
	for i, g := range guests {
		if got := g.Snapshot().Status; !got.Over || !reflect.DeepEqual(got, want) {
			t.Fatalf("guest %d ended %+v, host %+v", i, got, want)
		}
	}
	if checks == 0 {
		t.Fatal("the host's card was never hidden from it: nothing was checked")
	}
	t.Logf("%d moments checked with the host's card hidden from it; the host's saved blind game: %d entries, %d bytes", checks, host.blind.entries, storeBytes(hostStore))

	// Every page offers the game's record, the guests without asking the host (each holds the
	// whole log), and each one verifies offline, to the same result.
	hostRes, err := blindreplay.Verify(host.BlindRecord())
	if err != nil || !hostRes.Status.Over || hostRes.Verdict != nil || hostRes.Deals == 0 {
		t.Fatalf("the host's record: %+v, %v", hostRes, err)
	}
	for i, g := range guests {
		res, err := blindreplay.Verify(g.BlindRecord())
		if err != nil || !reflect.DeepEqual(res, hostRes) {
			t.Fatalf("guest %d's record: %+v, %v; the host's %+v", i, res, err, hostRes)
		}
	}
	t.Logf("record: %d deals audited, %d moves, %d entries", hostRes.Deals, hostRes.Moves, hostRes.Entries)

	// The game is over and its record kept: no page keeps its deal keys any longer.
	all := append([]*Session{host}, guests...)
	allStores := []*MemStore{hostStore, stores[0], stores[1]}
	waitKeys(t, "after the first game", allStores, nil)

	// Play again: the finished game closes on every page, the table is back in its lobby, and
	// the next Start deals a new blind game (a new table id) that plays to its end too.
	firstID := blindtable.ConfigID(*host.blind.cfg)
	if err := host.Rematch(); err != nil {
		t.Fatal(err)
	}
	for i, s := range append([]*Session{host}, guests...) {
		// ... where the lobby says a new game at the same table is next (Match counts it).
		if !waitSnap(s, 10*time.Second, func(st Snapshot) bool { return !st.Started && st.Match == 1 }) {
			t.Fatalf("page %d did not go back to the lobby of the next game: %+v", i, s.Snapshot().GuestState)
		}
	}
	if host.Snapshot().Ask {
		t.Fatal("the table still holds newcomers at the door after the game")
	}
	startTable(t, host)
	// In the second game each page holds its keys for this game alone (once it drew them for
	// the first deal, before anyone moves).
	cur := blindSlot(*host.blind.cfg)
	for i, st := range allStores {
		want := []string{cur}
		if i == 0 {
			want = []string{keyHostBlind + "saved"}
		}
		waitKeys(t, "in the second game", []*MemStore{st}, want)
	}
	playAll(t, all, 3*time.Minute)
	if bytes.Equal(firstID, blindtable.ConfigID(*host.blind.cfg)) {
		t.Fatal("the second game is the first game's table again")
	}
	waitKeys(t, "after the second game", allStores, nil)
	for i, g := range guests {
		if got, want := g.Snapshot().Status, host.Snapshot().Status; !reflect.DeepEqual(got, want) {
			t.Fatalf("second game: guest %d ended %+v, host %+v", i, got, want)
		}
	}
}

// dealKeysIn lists the deal-key slots in st (a host's page's, or a guest's per game), sorted.
func dealKeysIn(st *MemStore) []string {
	st.mu.Lock()
	defer st.mu.Unlock()
	var out []string
	for k := range st.m {
		if k == keyHostBlind+"saved" || strings.HasPrefix(k, keyBlind) && k != keyBlindSlots {
			out = append(out, k)
		}
	}
	slices.Sort(out)
	return out
}

// waitKeys waits until every store holds the deal keys want (none: nil).
func waitKeys(t *testing.T, when string, stores []*MemStore, want []string) {
	t.Helper()
	for end := time.Now().Add(time.Minute); ; time.Sleep(20 * time.Millisecond) {
		ok := true
		for _, st := range stores {
			ok = ok && slices.Equal(dealKeysIn(st), want)
		}
		if ok {
			return
		}
		if time.Now().After(end) {
			for i, st := range stores {
				t.Errorf("%s: store %d holds deal keys %v, want %v", when, i, dealKeysIn(st), want)
			}
			t.FailNow()
		}
	}
}

func storeBytes(st *MemStore) int {
	st.mu.Lock()
	defer st.mu.Unlock()
	n := 0
	for k, v := range st.m {
		n += len(k) + len(v)
	}
	return n
}

func waitSnap(s *Session, d time.Duration, ok func(Snapshot) bool) bool {
	for end := time.Now().Add(d); time.Now().Before(end); time.Sleep(10 * time.Millisecond) {
		if ok(s.Snapshot()) {
			return true
		}
	}
	return false
}

// checkHostBlind reads the host's card from a guest's view and, while the host's own view shows
// it nowhere (the host may not know it), looks for its identity in everything the host's page
// keeps: its storage and its blind game's state. It returns 1 when it checked.
func checkHostBlind(t *testing.T, host *Session, st *MemStore, guest *Session, hostSeat engine.Seat) int {
	t.Helper()
	// One moment of the game: the guest's view before and after the host's at the same ply.
	gs := guest.Snapshot()
	hs := host.Snapshot()
	if gs2 := guest.Snapshot(); gs.Seq != hs.Seq || gs2.Seq != hs.Seq {
		return 0
	}
	gv, ok := gs.View.(*arkham.View)
	hv, ok2 := hs.View.(*arkham.View)
	if !ok || !ok2 || gv == nil || hv == nil || gv.Round != hv.Round || int(hostSeat) >= len(gv.Positions) {
		return 0
	}
	card := gv.Positions[hostSeat].Card
	if !card.Valid() || hv.Positions[hostSeat].Card.Valid() {
		return 0
	}
	key := `"` + card.Key() + `"`
	hv2 := *hv
	hv2.LastRound = nil // last round's cards are public now
	hv2.Options = arkham.Options{}
	state, _ := json.Marshal(hv2)
	// The game's options name cards too ("oldone":"cthulhu"), and a move kind is named for the
	// Orb ("kind":"orb"): those pairs are no card's place.
	pairs := []string{`"kind":"` + arkham.MoveOrb + `"`}
	for k, v := range hs.Lobby.Options {
		pairs = append(pairs, `"`+k+`":"`+v+`"`)
	}
	clean := func(s string) string {
		for _, p := range pairs {
			s = strings.ReplaceAll(s, p, "")
		}
		return s
	}
	if strings.Contains(string(state), key) {
		return 0 // the host may know it (it peeked at it with the Orb, say)
	}
	if sv := host.blind.save(); strings.Contains(clean(string(sv)), key) {
		t.Fatalf("the host's blind game state holds its own card %s", key)
	}
	st.mu.Lock()
	defer st.mu.Unlock()
	for k, v := range st.m {
		if strings.Contains(clean(v), key) {
			t.Fatalf("the host's storage %s holds its own card %s", k, key)
		}
	}
	return 1
}

// startBlindTable opens a host-blind Arkham table for Ann (on hostStore), seats Bea and Cy by
// its link and starts it: the set-up every host-blind session test shares.
func startBlindTable(t *testing.T, n Net, hostStore *MemStore) (*Session, []*Session, []*MemStore) {
	t.Helper()
	host, guests, stores := seatBlindTable(t, n, hostStore)
	startTable(t, host)
	return host, guests, stores
}

// seatBlindTable is startBlindTable up to the Start: Ann's table with Bea and Cy seated.
func seatBlindTable(t *testing.T, n Net, hostStore *MemStore) (*Session, []*Session, []*MemStore) {
	t.Helper()
	// No dealing asked for: host-blind is Arkham's default for two or more people.
	host, err := StartHost(hostStore, HostConfig{Name: "Ann", Game: "arkham", Net: n})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(host.Forget)
	link := host.Snapshot().Invite
	stores := []*MemStore{{}, {}}
	// Bea's browser still holds the deal keys of a table it left mid-game: the new game
	// replaces them (blindkeys.go).
	_ = stores[0].Set(keyBlind+"0123456789abcdef0123456789abcdef", `{"deal":1}`)
	_ = stores[0].Set(keyBlindSlots, `["`+keyBlind+`0123456789abcdef0123456789abcdef"]`)
	guests := make([]*Session, 2)
	for i, name := range []string{"Bea", "Cy"} {
		if guests[i], err = Join(stores[i], JoinConfig{Name: name, Link: link, Net: n}); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		t.Cleanup(guests[i].Forget)
	}
	if !waitFor(host.guest, time.Minute, func(s table.GuestState) bool { return len(s.Lobby.Seats) == 3 }) {
		t.Fatal("the lobby never showed three seats")
	}
	return host, guests, stores
}

// startTable starts host's table, trying again while its lobby is still settling.
func startTable(t *testing.T, host *Session) {
	t.Helper()
	var err error
	for range 250 {
		if err = host.Start(); err == nil {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatal(err)
}
