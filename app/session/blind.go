package session

// Host-blind Arkham Ritual in the app (issue 25): a table of two or more people plays its game
// on engine/blindtable instead of engine/table's dealing, so no page — the host's included —
// holds a card its person may not see. engine/table keeps the lobby, roster and keys, talk and
// reconnects; it never starts the game (so the host's table holds no deal), but is told the game
// is on beside its lobby (table.Host.Beside: the invite's preview says so, newcomers watch, the
// away countdown runs for the game's seats). At Start the host's
// session builds the blind table's Config from the lobby's roster, runs its sequencer
// (blindtable.Host) and its own Page (with the table's bots, blind to its person's card), and
// sends the Config down every link's blind stream (blindmux.go); each guest checks it against the
// roster it was shown and plays its own Page over that stream. The screens get the Page's view,
// legal moves and status in the Snapshot, in the form the Arkham board already reads.
//
// Storage: the host keeps the Config, the log (public or sealed, nothing a page may not see) and
// its own Page.Save() (its deal keys); a guest keeps its Page.Save() per table. A reload rebuilds
// the page from the log the host sends again and those saved secrets.

import (
	"bytes"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"strconv"
	"sync"
	"time"

	"miskatonic/engine"
	"miskatonic/engine/arkham"
	"miskatonic/engine/blindtable"
	"miskatonic/engine/table"
	"miskatonic/engine/wire"
)

// Kinds of frame on a link's blind stream: the table's Config (host to guest), or one of
// engine/blindtable's frames.
const (
	blindStart = 'C'
	blindFrame = 'F'
	blindEnd   = 'E' // the game is closed (Play again): back to the lobby
	// blindAsk (guest to host, once a link): this page plays blind games. Only such a link is
	// sent one, so a link that only peeks at the table (engine/table.Peek reads nothing but
	// the table's own frames) never gets a frame it cannot read.
	blindAsk = 'A'
)

// keyBlind + hex(ConfigID)[:32]: a page's deal secrets (blindtable.Saved) for that table.
const keyBlind = "miskatonic.blind."

// blindSlot is where a guest's page keeps its deal secrets for the game of cfg.
func blindSlot(cfg blindtable.Config) string {
	return keyBlind + hex.EncodeToString(blindtable.ConfigID(cfg))[:32]
}

// blindStartMsg is the Config a host sends each guest at Start (and again on every new link).
type blindStartMsg struct {
	Round  int               `json:"round"` // blind games begun at this table before this one
	Config blindtable.Config `json:"config"`
}

// blind is a session's host-blind game, when its table plays one.
type blind struct {
	s       *Session
	dealing string // the host's choice (blindtable.DealingBlind or DealingOpen)

	mu      sync.Mutex
	start   []byte // the encoded start frame (host), or the one we took (guest)
	cfg     *blindtable.Config
	round   int
	closed  int // blind games closed at this table (Play again): the lobby says a new one is next
	host    *blindtable.Host
	client  *blindtable.Client
	watch   *blindtable.Watcher // guest without a seat: the game folded as a watcher (blindwatch.go)
	links   []*hostLink         // host: every guest link's blind stream
	entries int                 // host: entries of the log in storage
	raw     [][]byte            // guest: the game frames it was sent (blindrecord.go)
	rec     []byte              // the finished game's record, once made
	waits   []engine.Seat       // host: the seats the game waits for, as the table was last told (blindaway.go)
}

// blindSave is what a host's saved table holds of its blind game: nothing its person may not see.
type blindSave struct {
	Round  int                `json:"round"`
	Config *blindtable.Config `json:"config,omitempty"` // nil between games
	// Entries is how many of the log's entries were kept (each under its own key, blindhost.go).
	Entries int `json:"entries,omitempty"`
}

func newBlind(s *Session) *blind { return &blind{s: s} }

// on says a blind game is being played (the page has its Config).
func (b *blind) on() bool {
	if b == nil {
		return false
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.client != nil
}

// keyDealing (local storage) is this browser's choice of dealing for the tables it hosts:
// blindtable.DealingBlind or DealingOpen.
const keyDealing = "miskatonic.dealing"

// dealingOf is a table's dealing: the one asked for, else this browser's choice (the host
// picked open dealing in the lobby once), else host-blind — Arkham Ritual's default for a table
// of two or more people (blindtable.Use; solo against bots stays instant).
func dealingOf(st Store, asked string) string {
	if asked == "" {
		asked, _ = st.Get(keyDealing)
	}
	if asked == blindtable.DealingOpen {
		return asked
	}
	return blindtable.DealingBlind
}

// choice is the host's dealing choice ("" for a guest's or a solo session).
func (b *blind) choice() string {
	if b == nil {
		return ""
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.dealing
}

// Dealing is the table's dealing (blindtable.DealingBlind or DealingOpen) and whether this
// session may choose it: the host of an Arkham Ritual table, in the lobby. A guest is told at
// Start (the host's Config arrives, the game plays blind).
func (s *Session) Dealing() (dealing string, choose bool) {
	if s.kind != Host || s.blind == nil || s.Game() != "arkham" {
		return "", false
	}
	return s.blind.choice(), !s.blind.on()
}

// SetDealing chooses the table's dealing (host, in the lobby); it is also this browser's
// choice for the tables it hosts next.
func (s *Session) SetDealing(v string) error {
	if _, ok := s.Dealing(); !ok {
		return errNotHost
	}
	if v != blindtable.DealingBlind && v != blindtable.DealingOpen {
		return engine.Errorf(engine.KindBadConfig, "session: dealing", "%q is not a dealing", v)
	}
	s.blind.mu.Lock()
	s.blind.dealing = v
	s.blind.mu.Unlock()
	_ = s.store.Set(keyDealing, v)
	s.changed()
	s.notify()
	return nil
}

// blindUse says whether starting this table now plays host-blind.
func blindUse(st table.HostState, dealing string) bool {
	people := 0
	for _, x := range st.Seats {
		if !x.Bot {
			people++
		}
	}
	return blindtable.Use(st.Game, people, dealing)
}

// identityKey is this browser's identity as an ed25519 key (it signs the page's inputs).
func identityKey(st Store) (ed25519.PrivateKey, error) {
	id, err := identity(st)
	if err != nil {
		return nil, err
	}
	seed := id.Seed()
	return ed25519.NewKeyFromSeed(seed[:]), nil
}

// pump turns the page's changes into notifications (and, for a host, a save).
func (b *blind) pump(cl *blindtable.Client) {
	defer b.s.wg.Done()
	for {
		select {
		case <-b.s.quit:
			return
		case <-cl.Done():
			return
		case <-cl.Updates():
			b.dropKeys(cl)
			if b.s.host != nil {
				b.tellWaits(cl)
				b.s.changed()
			}
			b.s.notify()
		}
	}
}

// guestLink reads a guest's blind stream: the host's Config, then the game's frames.
func (b *blind) guestLink(l *qconn) {
	if l.Send(askFrame()) != nil {
		return
	}
	var frames *qconn
	defer func() {
		if frames != nil {
			frames.close()
		}
	}()
	for {
		f, err := l.Recv()
		if err != nil {
			return
		}
		switch {
		case len(f) > 0 && f[0] == blindStart:
			if frames != nil && bytes.Equal(b.startFrame(), f) {
				continue // this link's game already
			}
			if frames != nil {
				frames.close()
				frames = nil
			}
			fc := newQconn(func(x []byte) error { return l.Send(append([]byte{blindFrame}, x...)) }, nil)
			if err := b.joinGame(f, fc); err != nil {
				logf("session: the host's blind table was refused: %v", err)
				b.s.setProblem(ProblemBlindRefused, true)
				continue
			}
			frames = fc
		case len(f) > 0 && f[0] == blindFrame && frames != nil:
			b.keep(f[1:])
			frames.push(f[1:])
		case len(f) > 0 && f[0] == blindVersion:
			if v, other := otherVersion(f); other {
				logf("session: the host plays blind protocol version %d; this app plays %d", v, blindtable.Version)
				b.s.setProblem(ProblemVersion, true)
			}
		case len(f) == 1 && f[0] == blindEnd:
			// The host closed the finished game (Play again): the table is back in its lobby.
			if frames != nil {
				frames.close()
				frames = nil
			}
			b.dropWatch()
			b.drop()
		}
	}
}

func (b *blind) startFrame() []byte {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.start
}

// drop forgets a finished game (guest): the screens show the table's lobby again.
func (b *blind) drop() {
	b.mu.Lock()
	cl := b.client
	over := false
	if cl != nil {
		cl.Do(func(p *blindtable.Page) { over = p.State().Blind().Status().Over || p.Verdict() != nil })
	}
	if over { // a host cannot take a game in play away from its guests
		b.client, b.cfg, b.start, b.rec = nil, nil, nil, nil
		b.closed = b.round + 1
	}
	b.mu.Unlock()
	b.s.notify()
}

// ProblemBlindRefused: the host's blind table does not match the roster this page was shown.
const ProblemBlindRefused = "conn.blind_refused"

// joinGame checks the host's Config against the roster this guest was shown and plays its page
// over fc (a page already playing that Config goes on over the new link).
func (b *blind) joinGame(f []byte, fc *qconn) error {
	var m blindStartMsg
	d := json.NewDecoder(bytes.NewReader(f[1:]))
	d.DisallowUnknownFields()
	if err := d.Decode(&m); err != nil {
		return err
	}
	// The Config comes right behind the link's opening: wait for the table's welcome (our seat,
	// or none: a watcher) and roster, which it is checked against.
	waitFor(b.s.guest, 15*time.Second, func(gs table.GuestState) bool {
		return gs.Table != "" && gs.Connected && (gs.Seat < 0 || len(gs.Lobby.Seats) == m.Config.Game.Seats)
	})
	gs := b.s.guest.State()
	if gs.Table != "" && gs.Seat < 0 {
		return b.watchGame(m, f, fc, gs) // arrived after the game began: watches it
	}
	if err := checkBlindConfig(m, gs); err != nil {
		return err
	}
	key, err := identityKey(b.s.store)
	if err != nil {
		return err
	}
	b.mu.Lock()
	same := b.cfg != nil && bytes.Equal(blindtable.ConfigID(*b.cfg), blindtable.ConfigID(m.Config))
	old := b.client
	b.mu.Unlock()
	slot := blindSlot(m.Config)
	var p *blindtable.Page
	if same && old != nil {
		old.Do(func(q *blindtable.Page) { p = q })
	} else {
		var saved *blindtable.Saved
		if v, ok := b.s.store.Get(slot); ok {
			var sv blindtable.Saved
			if json.Unmarshal([]byte(v), &sv) == nil {
				saved = &sv
			}
		}
		st := b.s.store
		takeSlot(st, slot) // a new game: the last one's keys go
		p, err = blindtable.NewPage(blindtable.PageConfig{Table: m.Config, Seat: gs.Seat, Identity: key, Rand: rand.Reader, Saved: saved,
			Store: func(sv blindtable.Saved) {
				if raw, err := json.Marshal(sv); err == nil {
					_ = st.Set(slot, string(raw))
				}
			}})
		if err != nil {
			return err
		}
	}
	cl, err := blindtable.Connect(p, fc)
	if err != nil {
		return err
	}
	cfg := m.Config
	b.mu.Lock()
	if !same {
		b.raw, b.rec = nil, nil // another game's
	}
	b.client, b.cfg, b.round, b.start = cl, &cfg, m.Round, f
	b.mu.Unlock()
	b.s.wg.Add(1)
	go b.pump(cl)
	b.s.notify()
	return nil
}

// checkBlindConfig says whether a host's Config is the table this guest sits at: its id is this
// table's, its seats and options the lobby's, every person's key the one the lobby showed, and
// this guest's own seat carries its own key. (A roster shown differently to another page
// splits the table: blindtable binds every signature to the whole Config.)
func checkBlindConfig(m blindStartMsg, gs table.GuestState) error {
	cfg := m.Config
	if !bytes.Equal(cfg.Table, blindTableID(gs.Table, m.Round)) {
		return errors.New("the blind table's id is not this table's")
	}
	if cfg.Game.Seats != len(gs.Lobby.Seats) {
		return fmt.Errorf("the blind table has %d seats, the lobby %d", cfg.Game.Seats, len(gs.Lobby.Seats))
	}
	if !maps.Equal(cfg.Game.Options, gs.Lobby.Options) && (len(cfg.Game.Options) > 0 || len(gs.Lobby.Options) > 0) {
		return fmt.Errorf("options %v are not the lobby's %v", cfg.Game.Options, gs.Lobby.Options)
	}
	for _, x := range gs.Lobby.Seats {
		k, ok := cfg.Identities[x.Seat]
		if x.Bot == ok || ok && !bytes.Equal(k, x.Key) {
			return fmt.Errorf("seat %d is not the one the lobby showed", x.Seat)
		}
	}
	if gs.Seat < 0 || int(gs.Seat) >= cfg.Game.Seats {
		return errors.New("this page has no seat at the blind table")
	}
	return nil
}

// snapshot puts the blind game into what the screens show: the page's view, legal moves and
// status, as the board reads them from any table; a broken rule is the table's verdict.
func (b *blind) snapshot(snap *Snapshot) {
	if b == nil {
		return
	}
	b.mu.Lock()
	cl, cfg := b.client, b.cfg
	snap.Match += b.closed // engine/table counts none of them: it never starts a blind game
	w := b.watch
	b.mu.Unlock()
	if cl == nil && w != nil && cfg != nil {
		b.watchSnapshot(snap, w, cfg)
		return
	}
	if cl == nil {
		return
	}
	var v *arkham.View
	cl.Do(func(p *blindtable.Page) {
		v = p.View()
		snap.Legal = p.Legal()
		snap.Status = p.State().Blind().Status()
		snap.Seq = p.State().Ply()
		if vd := p.Verdict(); vd != nil {
			snap.Fault = &table.Fault{Code: "blind." + vd.Code, Args: []string{seatName(snap.Lobby, vd.Seat)}, Problem: vd.Error()}
			snap.Legal = nil
		}
	})
	snap.Started, snap.HasView, snap.Waiting = true, true, false
	snap.Lobby.Started = true
	snap.Config = cfg.Game.Config
	snap.View = v
	snap.ViewJSON, _ = json.Marshal(v)
}

func seatName(l wire.Lobby, s engine.Seat) string {
	for _, x := range l.Seats {
		if x.Seat == s {
			return x.Name
		}
	}
	return strconv.Itoa(int(s))
}

// play sends the person's move on the blind table.
func (b *blind) play(m engine.Move) error {
	b.mu.Lock()
	cl := b.client
	b.mu.Unlock()
	return cl.Play(m)
}
