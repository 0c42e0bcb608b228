package i18n_test

import (
	"crypto/rand"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"miskatonic/app/i18n"
	"miskatonic/engine"
	"miskatonic/engine/fair"
	"miskatonic/engine/fair/toy"
	"miskatonic/engine/table"
	"miskatonic/engine/wire"
)

// A Japanese guest reads in Japanese why an English host refused its message, let it go, or
// failed a deal: what crosses the wire is the host's code alone (its English detail stays in
// the host's log), and the guest words it from its own catalog. Real Host and Guests; the only
// change is the attacker's: a host that withholds one move from the Japanese guest.
func TestJapaneseGuestReadsEnglishHostsReasons(t *testing.T) {
	h, err := table.NewHost(toy.Rules{}, table.HostConfig{Rand: rand.Reader, RatePerSecond: 5000, Burst: 5000})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	en := join(t, h, 0, nil)
	var hidden atomic.Int64
	ja := join(t, h, 1, withhold(1, &hidden))
	leaver := join(t, h, 2, nil)
	defer en.Close()
	defer ja.Close()
	defer leaver.Close()

	// Goodbye: the host removes a seat in the lobby.
	if err := h.Remove(2); err != nil {
		t.Fatal(err)
	}
	bye := waitState(t, leaver, "the bye", func(st table.GuestState) bool { return st.Dropped != nil }).Dropped
	if bye.Code != wire.ByeKicked || bye.Reason != "" {
		t.Fatalf("bye %+v: want the kicked code and no English", bye)
	}
	checkJapanese(t, "bye", i18n.Why(i18n.Japanese, wire.ByeReasonCode(bye.Code), nil, ""), "why.bye.kicked")

	en.SetReady(true)
	ja.SetReady(true)
	waitFor(t, "the start", func() bool { return h.Start() == nil })

	// Refusal: "not ready" after the game has started does not fit the table's state.
	ja.SetReady(false)
	rej := waitState(t, ja, "the refusal", func(st table.GuestState) bool { return st.Reject != nil }).Reject
	if rej.Kind != wire.KindState || rej.Msg != "" {
		t.Fatalf("reject %+v: want the state code and no English", rej)
	}
	checkJapanese(t, "refusal", i18n.Why(i18n.Japanese, wire.RefusedCode(rej.Kind), nil, ""), "why.refused.state")

	// Deal failure: the host never sends the Japanese guest move 3.
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for _, g := range []*table.Guest{en, ja} {
		wg.Add(1)
		go drive(g, stop, &wg)
	}
	defer func() { close(stop); wg.Wait() }()
	defer func() {
		if t.Failed() {
			for _, g := range []*table.Guest{en, ja} {
				st := g.State()
				t.Logf("seq %d status %+v deals %+v waiting %v", st.Seq, st.Status, st.Deals, st.Waiting)
			}
			t.Logf("host %+v", h.State().Seq)
		}
	}()
	st := waitState(t, ja, "the failed deal", func(st table.GuestState) bool {
		for _, d := range st.Deals {
			if d.State == table.DealFailed {
				return true
			}
		}
		return false
	})
	var d table.DealStatus
	for _, d = range st.Deals {
		if d.State == table.DealFailed {
			break
		}
	}
	n := strconv.Itoa(int(hidden.Load()))
	if d.Code != wire.DealWithheld || len(d.Args) != 1 || d.Args[0] != n || !strings.Contains(d.Problem, "withheld move "+n) {
		t.Fatalf("deal %+v: want the withheld code naming the hidden move, English kept as the detail", d)
	}
	got := i18n.Why(i18n.Japanese, d.Code, d.Args, d.Problem)
	checkJapanese(t, "deal", got, "why.deal.withheld", n)
	if !strings.Contains(got, n) {
		t.Errorf("deal reason %q does not name move %s", got, n)
	}
	if fr := i18n.Why(i18n.French, d.Code, d.Args, d.Problem); !strings.Contains(fr, "n°\u00a0"+n) {
		t.Errorf("French deal reason %q", fr)
	}
}

// checkJapanese insists the text is the Japanese catalog's, holds no English word, and differs
// from the English.
func checkJapanese(t *testing.T, what, got, key string, args ...any) {
	t.Helper()
	if want := i18n.In(i18n.Japanese, key, args...); got != want {
		t.Errorf("%s: %q, want %q", what, got, want)
	}
	if got == i18n.In(i18n.English, key, args...) || strings.ContainsAny(got, "abcdefghijklmnopqrstuvwxyz") {
		t.Errorf("%s: %q is not Japanese", what, got)
	}
}

func join(t *testing.T, h *table.Host, i int, out func(wire.Message) wire.Message) *table.Guest {
	t.Helper()
	a, b := table.Pipe()
	if err := h.AddGuest(a); err != nil {
		t.Fatal(err)
	}
	var seed [32]byte
	seed[0], seed[31] = byte(i), 0x5A
	g, err := table.NewGuest(&liar{Conn: b, out: out}, table.GuestConfig{Name: fmt.Sprint("p", i), Identity: fair.NewIdentity(seed),
		Rand: rand.Reader, Tick: 10 * time.Millisecond, RevealTimeout: 50 * time.Millisecond,
		Rules: func(game string) (engine.Rules, bool) { return toy.Rules{}, game == "toy" }})
	if err != nil {
		t.Fatal(err)
	}
	waitState(t, g, "seated", func(st table.GuestState) bool { return st.Connected })
	return g
}

// liar is a dishonest host's side of one guest's link: out rewrites what the host sends, and a
// message it withholds leaves a harmless chat line in its frame, so the guest sees no gap.
type liar struct {
	table.Conn
	out func(wire.Message) wire.Message
}

func (c *liar) Recv() ([]byte, error) {
	f, err := c.Conn.Recv()
	if err != nil || c.out == nil {
		return f, err
	}
	seq, m, derr := wire.Decode(f)
	if derr != nil {
		return f, nil
	}
	m2 := c.out(m)
	if m2 == m {
		return f, nil
	}
	if m2 == nil {
		m2 = &wire.Chat{From: engine.Observer, Name: "host", Text: "nothing to see"}
	}
	if f2, err := wire.Encode(seq, m2); err == nil {
		return f2, nil
	}
	return f, nil
}

// withhold hides, from the view stream, the first move by another seat after which this seat is
// not to act (so its game goes on), and every log that could fill it in. hidden receives its seq.
func withhold(me engine.Seat, hidden *atomic.Int64) func(wire.Message) wire.Message {
	return func(m wire.Message) wire.Message {
		switch v := m.(type) {
		case *wire.View:
			if hidden.Load() == 0 && v.Move != nil && v.Move.Seat != me && v.Move.Kind != engine.KindDeal && !v.Status.IsActive(me) {
				hidden.Store(int64(v.Seq))
			}
			if int64(v.Seq) == hidden.Load() {
				return nil
			}
		case *wire.Log:
			return nil
		}
		return m
	}
}

// drive plays the first legal move whenever the guest may move.
func drive(g *table.Guest, stop <-chan struct{}, wg *sync.WaitGroup) {
	defer wg.Done()
	tick := time.NewTicker(5 * time.Millisecond)
	defer tick.Stop()
	acted := -1
	for {
		select {
		case <-stop:
			return
		case <-g.Updates():
		case <-tick.C:
		}
		st := g.State()
		if !st.HasView || st.Waiting || st.Seq == acted || !st.Status.IsActive(st.Seat) || len(st.Legal) == 0 {
			continue
		}
		if g.Send(st.Legal[0]) == nil {
			acted = st.Seq
		}
	}
}

func waitState(t *testing.T, g *table.Guest, what string, ok func(table.GuestState) bool) table.GuestState {
	t.Helper()
	var st table.GuestState
	waitFor(t, what, func() bool { st = g.State(); return ok(st) })
	return st
}

// waitFor polls; its deadline only turns a hang into a failure.
func waitFor(t *testing.T, what string, ok func() bool) {
	t.Helper()
	for end := time.Now().Add(time.Minute); !ok(); time.Sleep(2 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatalf("timed out waiting for %s", what)
		}
	}
}
