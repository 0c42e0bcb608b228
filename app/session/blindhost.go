package session

// The host's side of a host-blind game (blind.go): its sequencer and own page, every guest
// link's blind stream, its saved game, and Play again.

import (
	"bytes"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"sync"
	"time"

	"miskatonic/engine"
	"miskatonic/engine/blindtable"
	"miskatonic/engine/table"
	"miskatonic/engine/wire"
)

// startHost begins the blind game from the lobby's roster (host only).
func (b *blind) startHost() error {
	hs := b.s.host.State()
	for _, x := range hs.Seats {
		if !x.Bot && (!x.Connected || !x.Ready) {
			return engine.Errorf(wire.KindState, "session: start", "seat %d (%s) is not ready", x.Seat, x.Name)
		}
	}
	if err := b.otherVersions(hs); err != nil {
		return err
	}
	people := map[engine.Seat]ed25519.PublicKey{}
	me := b.s.guest.State().Seat
	for _, x := range hs.Seats {
		if !x.Bot {
			people[x.Seat] = ed25519.PublicKey(bytes.Clone(x.Key))
		}
	}
	b.mu.Lock()
	round := b.round
	b.mu.Unlock()
	cfg, err := blindtable.NewConfig(blindTableID(hs.Table, round), len(hs.Seats), hs.Options, people, me)
	if err != nil {
		return err
	}
	return b.runHost(round, cfg, nil, nil)
}

// blindTableID is the id of a table's round-th blind game: the table's id (which the guests
// know from their welcome) and the round, so no two games at a table share one.
func blindTableID(tableHex string, round int) []byte {
	return []byte(tableHex + "/blind/" + strconv.Itoa(round))
}

// runHost starts (or, from a saved table, resumes) the sequencer and the host's own page.
func (b *blind) runHost(round int, cfg blindtable.Config, log []blindtable.Entry, saved *blindtable.Saved) error {
	key, err := identityKey(b.s.store)
	if err != nil {
		return err
	}
	h, err := blindtable.Resume(cfg, key, log)
	if err != nil {
		return err
	}
	start, err := json.Marshal(blindStartMsg{Round: round, Config: cfg})
	if err != nil {
		return err
	}
	st := b.s.store
	if len(log) == 0 {
		b.clearSaved() // a new game: the last one's log goes
	}
	b.mu.Lock()
	b.entries = len(log)
	b.mu.Unlock()
	// Each entry is in storage before any page is sent it, so after a reload no guest is ahead
	// of the host's log (the guests would rightly call a shorter log the host's fork). One key
	// an entry: a write costs the entry, not the game so far.
	h.Persist = func(e blindtable.Entry) error {
		raw, err := json.Marshal(e)
		if err == nil {
			err = st.Set(blindEntryKey(e.Seq), string(raw))
		}
		if err != nil {
			b.s.setProblem("conn.save_failed", false)
			return err
		}
		b.mu.Lock()
		b.entries = e.Seq + 1
		b.mu.Unlock()
		b.s.changed()
		return nil
	}
	bots := map[engine.Seat]blindtable.Chooser{}
	for _, x := range b.s.host.State().Seats {
		if x.Bot {
			fn, err := newBot("arkham", x.Level, seedSalt())
			if err != nil {
				return err
			}
			bots[x.Seat] = blindtable.Chooser(fn)
		}
	}
	standIn, err := newBot("arkham", standInLevel("arkham"), seedSalt())
	if err != nil {
		return err
	}
	pc := blindtable.PageConfig{Table: cfg, Seat: cfg.Host, Identity: key, Rand: rand.Reader, Bots: bots,
		StandIn: blindtable.Chooser(standIn), Saved: saved, Store: func(sv blindtable.Saved) {
			// Kept before this page's keys are sent, so a reload at any moment continues the deal.
			if raw, err := json.Marshal(sv); err == nil {
				_ = st.Set(keyHostBlind+"saved", string(raw))
			}
		}}
	p, err := blindtable.NewPage(pc)
	if err != nil {
		return err
	}
	hostEnd, pageEnd := table.Pipe()
	h.AddPage(hostEnd)
	cl, err := blindtable.Connect(p, pageEnd)
	if err != nil {
		return err
	}
	// engine/table sits in its lobby meanwhile, told the game is on beside it (table.Host.Beside):
	// newcomers wait as watchers, so no one takes a seat the blind game's roster does not have,
	// and it runs the away countdown for the seats the game waits for.
	b.mu.Lock()
	b.waits = nil
	b.mu.Unlock()
	b.tellWaits(cl)
	b.mu.Lock()
	b.host, b.client, b.cfg, b.round, b.start = h, cl, &cfg, round, append([]byte{blindStart}, start...)
	links := slices.Clone(b.links)
	b.mu.Unlock()
	for _, hl := range links {
		b.serve(hl)
	}
	b.s.wg.Add(1)
	go b.pump(cl)
	b.s.changed()
	b.s.notify()
	return nil
}

// blindRate and blindBurst bound the frames a guest link's blind stream may send (per second,
// and at once).
const (
	blindRate  = 100
	blindBurst = 400
)

// hostLink is one guest link's blind stream at the host: one reader for the link's life,
// handing the game's frames to the current game's sequencer.
type hostLink struct {
	l      *qconn
	mu     sync.Mutex
	frames *qconn // the current game's, nil between games
	asked  bool   // the page plays blind games (blindAsk)
	other  int    // the other blind protocol version the page plays (0: ours)
}

// set makes f the link's current game stream, closing the one before (its sequencer drops it).
func (hl *hostLink) set(f *qconn) {
	hl.mu.Lock()
	old := hl.frames
	hl.frames = f
	hl.mu.Unlock()
	if old != nil {
		old.close()
	}
}

// addLink takes a guest link's blind stream (host): served at once if a game is on.
func (b *blind) addLink(l *qconn) {
	if b == nil {
		return
	}
	hl := &hostLink{l: l}
	b.mu.Lock()
	b.links = append(b.links, hl)
	b.mu.Unlock()
	go func() {
		defer func() {
			hl.set(nil)
			b.mu.Lock()
			b.links = slices.DeleteFunc(b.links, func(x *hostLink) bool { return x == hl })
			b.mu.Unlock()
		}()
		tokens, last := float64(blindBurst), time.Now()
		for {
			f, err := l.Recv()
			if err != nil {
				return
			}
			if v, ok := askVersion(f); ok {
				if v != blindtable.Version {
					// Another build: it is told, and sent no blind game it could not read.
					logf("session: a guest plays blind protocol version %d, this host %d", v, blindtable.Version)
					hl.mu.Lock()
					hl.other = v // no blind game starts with its person seated (blindpeer.go)
					hl.mu.Unlock()
					_ = l.Send(versionFrame())
					continue
				}
				hl.mu.Lock()
				first := !hl.asked
				hl.asked = true
				hl.mu.Unlock()
				if first {
					b.serve(hl) // when a game is on (else at Start)
				}
				continue
			}
			if len(f) == 0 || f[0] != blindFrame {
				continue // a guest sends the game's frames only
			}
			// A flood is dropped before the sequencer checks a signature of it (an honest page
			// sends a few inputs per entry of the log).
			now := time.Now()
			tokens = min(blindBurst, tokens+now.Sub(last).Seconds()*blindRate)
			last = now
			if tokens < 1 {
				continue
			}
			tokens--
			hl.mu.Lock()
			cur := hl.frames
			hl.mu.Unlock()
			if cur != nil {
				cur.push(f[1:])
			}
		}
	}()
}

// serve sends a link the game's Config and gives its game frames to the sequencer.
func (b *blind) serve(hl *hostLink) {
	b.mu.Lock()
	start, h := b.start, b.host
	b.mu.Unlock()
	hl.mu.Lock()
	asked := hl.asked
	hl.mu.Unlock()
	if h == nil || !asked || hl.l.Send(start) != nil {
		return
	}
	frames := newQconn(func(f []byte) error { return hl.l.Send(append([]byte{blindFrame}, f...)) }, nil)
	hl.set(frames)
	h.AddPage(frames)
}

// endGame closes a finished blind game (host: Play again): every page drops it, the table is
// back in its lobby, and the next Start begins the next round's game under a new table id.
func (b *blind) endGame() error {
	b.mu.Lock()
	cl := b.client
	b.mu.Unlock()
	if cl == nil {
		return errNotHost
	}
	over := false
	cl.Do(func(p *blindtable.Page) { over = p.State().Blind().Status().Over || p.Verdict() != nil })
	if !over {
		return engine.Errorf(wire.KindState, "session: rematch", "the game is not over")
	}
	b.mu.Lock()
	links := slices.Clone(b.links)
	b.host, b.client, b.cfg, b.start, b.entries, b.rec = nil, nil, nil, nil, 0, nil
	b.round++
	b.closed = b.round
	b.mu.Unlock()
	b.s.host.EndBeside() // the watchers the host agreed to are seated
	_ = cl.Close()
	for _, hl := range links {
		hl.set(nil)
		_ = hl.l.Send([]byte{blindEnd})
	}
	b.s.changed()
	b.s.notify()
	return nil
}

// save is the host's blind game for its saved table (nil when none is on).
func (b *blind) save() json.RawMessage {
	if b == nil {
		return nil
	}
	b.mu.Lock()
	cl, cfg := b.client, b.cfg
	sv := blindSave{Round: b.round, Entries: b.entries}
	b.mu.Unlock()
	if cl == nil || cfg == nil {
		if sv.Round == 0 {
			return nil
		}
		raw, _ := json.Marshal(blindSave{Round: sv.Round}) // between games: the next one's round
		return raw
	}
	sv.Config = cfg
	raw, err := json.Marshal(sv)
	if err != nil {
		return nil
	}
	return raw
}

// resume restarts a saved host's blind game.
func (b *blind) resume(raw json.RawMessage) error {
	var sv blindSave
	if err := json.Unmarshal(raw, &sv); err != nil {
		return err
	}
	b.mu.Lock()
	b.closed = sv.Round // the games before this one were closed
	b.mu.Unlock()
	if sv.Config == nil {
		b.mu.Lock()
		b.round = sv.Round
		b.mu.Unlock()
		return nil
	}
	st := b.s.store
	var log []blindtable.Entry
	for n := 0; ; n++ { // every entry kept, which may be one more than the table's last save
		v, ok := st.Get(blindEntryKey(n))
		if !ok {
			break
		}
		var e blindtable.Entry
		if err := json.Unmarshal([]byte(v), &e); err != nil {
			return fmt.Errorf("saved blind entry %d: %w", n, err)
		}
		log = append(log, e)
	}
	if len(log) < sv.Entries {
		return fmt.Errorf("the saved blind game has %d of its %d entries", len(log), sv.Entries)
	}
	var saved *blindtable.Saved
	if v, ok := st.Get(keyHostBlind + "saved"); ok {
		saved = new(blindtable.Saved)
		if err := json.Unmarshal([]byte(v), saved); err != nil {
			return fmt.Errorf("saved blind keys: %w", err)
		}
	}
	return b.runHost(sv.Round, *sv.Config, log, saved)
}

// keyHostBlind + "e<n>" is entry n of the host's blind game's log; + "saved", its own page's
// deal keys (blindtable.Saved). Apart from the saved table, so each is written when it happens.
const keyHostBlind = "miskatonic.hostblind."

func blindEntryKey(n int) string { return keyHostBlind + "e" + strconv.Itoa(n) }

// clearSaved deletes the host's saved blind game (a new game, or the table forgotten).
func (b *blind) clearSaved() {
	if b == nil || b.s.kind != Host {
		return
	}
	st := b.s.store
	for n := 0; ; n++ {
		if _, ok := st.Get(blindEntryKey(n)); !ok {
			break
		}
		st.Del(blindEntryKey(n))
	}
	st.Del(keyHostBlind + "saved")
}
