//go:build browser

package e2e

import (
	"crypto/ed25519"
	"crypto/rand"
	"encoding/json"
	"io"
	"sync"
	"testing"
	"time"

	"miskatonic/app/i18n"
	"miskatonic/app/signal"
	"miskatonic/engine"
	"miskatonic/engine/blindtable"
	"miskatonic/engine/bot"
	"miskatonic/engine/fair"
	"miskatonic/engine/games"
	"miskatonic/engine/table"
)

// The app's blind stream as a host speaks it (app/session blindmux.go, blind.go): every frame
// of it starts with 'B'; then 'A' (guest: it plays blind games), 'C' + the table's Config
// (host), or 'F' + one of engine/blindtable's frames.
const (
	blindTag   = 'B'
	blindAsk   = 'A'
	blindStart = 'C'
	blindFrame = 'F'
)

// blindGuestLink is a native host's end of one browser's link: engine/table's frames go to the
// table host (Recv), the blind stream's game frames to the blindtable Host (frames).
type blindGuestLink struct {
	table.Conn
	in     chan []byte
	frames chan []byte
}

func newBlindGuestLink(c table.Conn) *blindGuestLink {
	l := &blindGuestLink{Conn: c, in: make(chan []byte, 1024), frames: make(chan []byte, 1024)}
	go func() {
		defer close(l.in)
		defer close(l.frames)
		for {
			f, err := c.Recv()
			if err != nil {
				return
			}
			switch {
			case len(f) > 1 && f[0] == blindTag && f[1] == blindFrame:
				l.frames <- f[2:]
			case len(f) > 0 && f[0] == blindTag: // its ask: every link here is served
			default:
				l.in <- f
			}
		}
	}()
	return l
}

func (l *blindGuestLink) Recv() ([]byte, error) {
	if f, ok := <-l.in; ok {
		return f, nil
	}
	return nil, io.EOF
}

// Binding passes the data channel's binding on: the guest's hello is bound to it.
func (l *blindGuestLink) Binding() []byte {
	if b, ok := l.Conn.(table.Bound); ok {
		return b.Binding()
	}
	return nil
}

// gameFrames is the blind game's stream of one link, as the blindtable Host reads and writes
// it; drop is the attacker's change (nil: none): a frame it returns true for is not sent.
type gameFrames struct {
	l    *blindGuestLink
	drop func(f []byte) bool
}

func (g gameFrames) Send(f []byte) error {
	if g.drop != nil && g.drop(f) {
		return nil
	}
	return g.l.Conn.Send(append([]byte{blindTag, blindFrame}, f...))
}

func (g gameFrames) Recv() ([]byte, error) {
	if f, ok := <-g.l.frames; ok {
		return f, nil
	}
	return nil, io.EOF
}

func (g gameFrames) Close() error { return nil }

// dropsOwnKeys is a dishonest host's change: the log it sends a link leaves out its own page's
// deal key entry, and goes on. Every other entry is the real host's.
func dropsOwnKeys(host engine.Seat) func([]byte) bool {
	var once sync.Once
	return func(f []byte) bool {
		fr, err := blindtable.DecodeFrame(f)
		if err != nil || fr.Entry == nil || fr.Entry.In.Kind != blindtable.KindKeys || fr.Entry.In.From != host {
			return false
		}
		dropped := false
		once.Do(func() { dropped = true })
		return dropped
	}
}

// TestDishonestBlindHostStopsTheTable: a native host — the real engine/table Host for the
// lobby and the real blindtable Host and page for a host-blind Arkham game, seated as a person
// with a bot beside it — leaves its own deal key out of the log it sends the one guest, a
// browser, and goes on. The guest's page stops the table with the red stop, naming the host
// (in the guest's language: French here), and the stop stays after a reload.
func TestDishonestBlindHostStopsTheTable(t *testing.T) {
	srv := StartApp(t)
	rules, _ := games.Lookup("arkham")
	var seed [32]byte
	_, _ = rand.Read(seed[:])
	id := fair.NewIdentity(seed)
	key := ed25519.NewKeyFromSeed(seed[:])
	th, err := table.NewHost(rules, table.HostConfig{Rand: rand.Reader, Signer: id, BotDelay: 30 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { th.Close() })
	// The host plays too, over a pipe, as the app's host does.
	hostEnd, guestEnd := table.Pipe()
	if err := th.AddGuest(hostEnd); err != nil {
		t.Fatal(err)
	}
	own, err := table.NewGuest(guestEnd, table.GuestConfig{Name: "Ann", Identity: id, Rand: rand.Reader, Rules: games.Lookup})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { own.Close() })
	level := bot.Levels("arkham")[0]
	fn, err := bot.New("arkham", level, 1)
	if err != nil {
		t.Fatal(err)
	}
	inv, err := signal.NewInvite()
	if err != nil {
		t.Fatal(err)
	}
	links := make(chan *blindGuestLink, 4)
	seatNativeGuests(t, srv.URL, inv, th, func(c table.Conn) table.Conn {
		l := newBlindGuestLink(c)
		links <- l
		return l
	})

	b := NewBrowser(t, "guest-blind", Laptop)
	preferLanguages(t, b, "fr-FR,fr;q=0.9,en;q=0.5")
	joinTable(t, b, inv.Guest().Link(srv.URL), "Dee")
	link := <-links
	if _, err := th.AddBot("Bot", level, fn); err != nil {
		t.Fatal(err)
	}
	var hs table.HostState
	for end := time.Now().Add(30 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		hs = th.State()
		people := 0
		for _, x := range hs.Seats {
			if !x.Bot && x.Connected {
				people++
			}
		}
		if people == 2 && len(hs.Seats) == 3 {
			break
		}
		if time.Now().After(end) {
			t.Fatalf("the lobby never seated the guest: %+v", hs.Seats)
		}
	}

	// Start: the blind game's Config from the lobby's roster, sent down the guest's blind
	// stream; the host's sequencer and own page (playing its person and its bot).
	people := map[engine.Seat]ed25519.PublicKey{}
	hostSeat, botSeat := engine.Observer, engine.Observer
	for _, x := range hs.Seats {
		switch {
		case x.Bot:
			botSeat = x.Seat
		default:
			people[x.Seat] = ed25519.PublicKey(x.Key)
			if string(x.Key) == string(id.Public()) {
				hostSeat = x.Seat
			}
		}
	}
	cfg, err := blindtable.NewConfig([]byte(hs.Table+"/blind/0"), len(hs.Seats), hs.Options, people, hostSeat)
	if err != nil {
		t.Fatal(err)
	}
	bh, err := blindtable.NewHost(cfg, key)
	if err != nil {
		t.Fatal(err)
	}
	page, err := blindtable.NewPage(blindtable.PageConfig{Table: cfg, Seat: hostSeat, Identity: key, Rand: rand.Reader,
		Person: blindtable.Chooser(fn), Bots: map[engine.Seat]blindtable.Chooser{botSeat: blindtable.Chooser(fn)}, StandIn: blindtable.Chooser(fn)})
	if err != nil {
		t.Fatal(err)
	}
	a, z := table.Pipe()
	bh.AddPage(a)
	cl, err := blindtable.Connect(page, z)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cl.Close() })
	start, _ := json.Marshal(struct {
		Round  int               `json:"round"`
		Config blindtable.Config `json:"config"`
	}{0, cfg})
	// Every link (the guest's again after its reload) is sent the game, with the same change.
	serve := func(l *blindGuestLink) {
		if l.Conn.Send(append([]byte{blindTag, blindStart}, start...)) == nil {
			bh.AddPage(gameFrames{l: l, drop: dropsOwnKeys(hostSeat)})
		}
	}
	serve(link)
	done := make(chan struct{})
	t.Cleanup(func() { close(done) })
	go func() {
		for {
			select {
			case l := <-links:
				serve(l)
			case <-done:
				return
			}
		}
	}()

	playUntilStopped(t, b, 3*time.Minute, "blind-host-no-verdict", func() { playStep(t, b) })
	words := []string{i18n.In(i18n.French, "frame.stop_title"), i18n.Why(i18n.French, "blind."+blindtable.CodeHost, []string{"Ann"}, ""),
		i18n.In(i18n.French, "frame.fault_host")}
	time.Sleep(300 * time.Millisecond)
	b.Screenshot("blind-host-stopped")
	checkStop(t, b, "at once", "blind."+blindtable.CodeHost, words...)
	reloadKeepsStop(t, b, "blind-host-reloaded")
	checkStop(t, b, "after a reload", "blind."+blindtable.CodeHost, words...)
	b.Screenshot("blind-host-stopped-reloaded")
}
