package ui

import (
	"crypto/rand"
	"fmt"
	"html"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
	"miskatonic/app/session"
	"miskatonic/engine"
	"miskatonic/engine/fair"
	"miskatonic/engine/fair/toy"
	"miskatonic/engine/table"
	"miskatonic/engine/wire"
)

// A move the host refused is shown to its player, by its code in the player's language, until
// the next view or a click; a newer refusal shows again, an old one from before the screen
// looked does not.
func TestRefusedMoveNotice(t *testing.T) {
	defer i18n.SetLang(i18n.Current())
	i18n.SetLang(i18n.Japanese)
	at := func(seq int, rej *wire.Reject) session.Snapshot {
		return session.Snapshot{GuestState: table.GuestState{Seq: seq, Reject: rej}}
	}
	shown := func(r *refusal) string {
		n := r.notice(func(app.Context, app.Event) {})
		if n == nil {
			return ""
		}
		return app.HTMLString(n)
	}
	illegal := &wire.Reject{Kind: engine.KindIllegal, Ref: 7, BasedOn: 3}
	want := html.EscapeString(i18n.In(i18n.Japanese, "why.refused.illegal"))

	var r refusal
	steps := []struct {
		name string
		do   func()
		show bool
	}{
		{"a view, nothing refused", func() { r.note(at(3, nil)) }, false},
		{"the host refuses our move", func() { r.note(at(3, illegal)) }, true},
		{"the same snapshot again", func() { r.note(at(3, illegal)) }, true},
		{"dismissed", func() { r.dismiss() }, false},
		{"the dismissed refusal stays away", func() { r.note(at(3, illegal)) }, false},
		{"a newer refusal", func() { r.note(at(3, &wire.Reject{Kind: engine.KindIllegal, Ref: 8, BasedOn: 3})) }, true},
		{"the next view", func() { r.note(at(4, &wire.Reject{Kind: engine.KindIllegal, Ref: 8, BasedOn: 3})) }, false},
		{"a late refusal of a move on an older view", func() { r.note(at(4, &wire.Reject{Kind: engine.KindIllegal, Ref: 9, BasedOn: 3})) }, false},
		{"our own resend crossing a move that landed", func() { r.note(at(4, &wire.Reject{Kind: wire.KindStale, Ref: 10, BasedOn: 4})) }, false},
		{"a refusal on this view", func() { r.note(at(4, &wire.Reject{Kind: engine.KindNotYourTurn, Ref: 11, BasedOn: 4})) }, true},
	}
	for _, s := range steps {
		s.do()
		got := shown(&r)
		if s.show != (got != "") {
			t.Fatalf("%s: notice %q, want shown=%v", s.name, got, s.show)
		}
		if s.show && s.name == "a refusal on this view" {
			want = html.EscapeString(i18n.In(i18n.Japanese, "why.refused.not_your_turn"))
		}
		if s.show && (!strings.Contains(got, want) || !strings.Contains(got, `id="refused-notice"`) || !strings.Contains(got, i18n.In(i18n.Japanese, "app.close"))) {
			t.Fatalf("%s: notice %s, want %q with a close button", s.name, got, want)
		}
	}

	var fresh refusal
	fresh.note(at(5, illegal))
	if got := shown(&fresh); got != "" {
		t.Fatalf("a refusal from before the screen looked is shown: %s", got)
	}
}

// Every refusal kind the host can send (but stale) is worded in every language, never as a bare code.
func TestRefusedNoticeEveryKind(t *testing.T) {
	defer i18n.SetLang(i18n.Current())
	for code := range wire.ReasonCodes() {
		kind, ok := strings.CutPrefix(code, "refused.")
		if !ok || kind == string(wire.KindStale) { // never shown: see refusal.note
			continue
		}
		for _, l := range i18n.Languages {
			i18n.SetLang(l)
			r := refusal{began: true}
			r.note(session.Snapshot{GuestState: table.GuestState{Seq: 1, Reject: &wire.Reject{Kind: engine.Kind(kind), Ref: 2, BasedOn: 1}}})
			got := app.HTMLString(r.notice(func(app.Context, app.Event) {}))
			if !strings.Contains(got, html.EscapeString(i18n.In(l, "why."+code))) || strings.Contains(got, "⟨") {
				t.Errorf("%s, %s: %s", kind, l, got)
			}
		}
	}
}

// A real host refuses a real guest's move (a meddler on the link bent it on its way, so the
// guest's signature no longer fits): the guest's screen shows the refusal by its code, in
// Japanese, and the notice goes once the guest's next move lands and a new view arrives.
func TestRefusedMoveFromARealHost(t *testing.T) {
	defer i18n.SetLang(i18n.Current())
	i18n.SetLang(i18n.Japanese)
	h, err := table.NewHost(toy.Rules{}, table.HostConfig{Rand: rand.Reader, RatePerSecond: 5000, Burst: 5000})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	var guests []*table.Guest
	var bend atomic.Bool
	for i := 0; i < 2; i++ {
		a, b := table.Pipe()
		if err := h.AddGuest(a); err != nil {
			t.Fatal(err)
		}
		var seed [32]byte
		seed[0], seed[31] = byte(i), 0x33
		var c table.Conn = b
		if i == 0 {
			c = &bender{Conn: b, on: &bend}
		}
		g, err := table.NewGuest(c, table.GuestConfig{Name: fmt.Sprint("p", i), Identity: fair.NewIdentity(seed), Rand: rand.Reader,
			Tick: 10 * time.Millisecond, Rules: func(game string) (engine.Rules, bool) { return toy.Rules{}, game == "toy" }})
		if err != nil {
			t.Fatal(err)
		}
		defer g.Close()
		guests = append(guests, g)
		waitUntil(t, "seated", func() bool { return g.State().Connected })
		g.SetReady(true)
	}
	waitUntil(t, "the start", func() bool { return h.Start() == nil })
	me := guests[0]
	var r refusal
	var seen []string
	snap := func() session.Snapshot {
		s := session.Snapshot{GuestState: me.State()}
		if s.Reject != nil && (len(seen) == 0 || seen[len(seen)-1] != fmt.Sprintf("%+v@%d", *s.Reject, s.Seq)) {
			seen = append(seen, fmt.Sprintf("%+v@%d", *s.Reject, s.Seq))
		}
		r.note(s)
		return s
	}
	defer func() {
		if t.Failed() {
			t.Logf("refusals seen: %v", seen)
		}
	}()
	snap()
	// Play until it is our turn with nothing in flight, then send a move the meddler bends.
	other := guests[1]
	var st table.GuestState
	// The other player then holds still, so the view stays the one our move is based on.
	waitUntil(t, "our turn", func() bool {
		snap()
		st = me.State()
		os := other.State()
		if st.HasView && !st.Waiting && st.Status.IsActive(st.Seat) && len(st.Legal) > 0 && !os.Waiting && os.Seq == st.Seq {
			return true
		}
		if os.HasView && !os.Waiting && os.Status.IsActive(os.Seat) && len(os.Legal) > 0 {
			other.Send(os.Legal[0])
		}
		return false
	})
	bend.Store(true)
	if err := me.Send(st.Legal[0]); err != nil {
		t.Fatal(err)
	}
	// (Other refusals may cross the link meanwhile, such as a late resend of "ready": they are
	// about no move on this view and stay off screen.)
	waitUntil(t, "the refusal on screen", func() bool { snap(); return r.shown != nil })
	got := app.HTMLString(r.notice(func(app.Context, app.Event) {}))
	rej := r.shown
	if rej.Kind != wire.KindAuth && rej.Kind != engine.KindIllegal {
		t.Fatalf("the bent move was refused as %q", rej.Kind)
	}
	if want := html.EscapeString(i18n.In(i18n.Japanese, "why."+wire.RefusedCode(rej.Kind))); !strings.Contains(got, want) || rej.Msg != "" {
		t.Fatalf("refusal %+v shown as %s, want %q", rej, got, want)
	}
	// Sent again, unbent: it lands, a new view comes, and the notice is gone.
	waitUntil(t, "the move again", func() bool {
		s := snap()
		if s.Seq != st.Seq {
			return true
		}
		if !s.Waiting {
			me.Send(st.Legal[0])
		}
		return false
	})
	if r.notice(func(app.Context, app.Event) {}) != nil {
		t.Fatalf("the notice outlived the next view: %+v at %d, first %+v at %d", r.shown, r.seq, rej, st.Seq)
	}
}

// bender is a meddler on a guest's link: while on, it changes the kind of the first move the
// guest sends and switches itself off.
type bender struct {
	table.Conn
	on *atomic.Bool
}

func (b *bender) Send(f []byte) error {
	if !b.on.Load() {
		return b.Conn.Send(f)
	}
	seq, m, err := wire.Decode(f)
	if mv, ok := m.(*wire.Move); err == nil && ok {
		b.on.Store(false)
		mv.Move.Kind = "bent"
		if f2, err := wire.Encode(seq, mv); err == nil {
			f = f2
		}
	}
	return b.Conn.Send(f)
}

func waitUntil(t *testing.T, what string, ok func() bool) {
	t.Helper()
	for end := time.Now().Add(time.Minute); !ok(); time.Sleep(2 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatalf("timed out waiting for %s", what)
		}
	}
}
