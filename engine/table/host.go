// Package table runs a game between a host and its guests over any two-method Conn: in-memory
// pipes in tests and for the host's own player, WebRTC data channels in the app.
//
// The host is authoritative. One match goroutine owns the game and the roster; each connection
// has a reader and a writer goroutine. Guests send moves, chat, readiness and deal shares; the
// host sends each seat only its own view (after every accepted move), rejects to the mover only,
// and runs one commit-reveal deal (engine/fair) per engine.DealRequest. Guests keep their own
// record and verify every deal when it is revealed.
//
// Links may lose, repeat or reorder frames (the test pipes do; pion in wasm delivers callbacks on
// their own goroutines). Every frame carries a per-connection seq: duplicates are ignored, a guest
// that sees a gap or hears nothing for a while asks the host to send again from a seq, and moves
// name the game seq they were based on, so a late or replayed move is refused as stale.
//
// Use:
//
//	h, _ := table.NewHost(rules, table.HostConfig{Rand: crypto/rand.Reader, Persist: save})
//	hostEnd, myEnd := table.Pipe()               // the host's own player is a guest too
//	h.AddGuest(hostEnd)                           // and each WebRTC data channel likewise
//	me, _ := table.NewGuest(myEnd, table.GuestConfig{Name: "Ann", Identity: id, Rand: crypto/rand.Reader, Rules: games.Lookup})
//	h.AddBot("Robo", "easy", botFunc); me.SetReady(true); h.Start()
//	for range me.Updates() { st := me.State(); /* render st.View, st.Legal; me.Send(move) */ }
//
// After a reload: h, _ = table.Resume(rules, saved, cfg); guests call Reconnect(newConn).
package table

import (
	"encoding/hex"
	"encoding/json"
	"io"
	"sort"
	"sync"
	"time"

	"miskatonic/engine"
	"miskatonic/engine/fair"
	"miskatonic/engine/wire"
)

// BotFunc plays one seat: it is given only that seat's view and its legal moves (never empty)
// and returns one of them.
type BotFunc func(view engine.View, legal []engine.Move) (engine.Move, error)

// HostConfig sets up a host.
type HostConfig struct {
	// Rand supplies every secret: deal secrets, challenges, seat tokens, the table id.
	// The app passes crypto/rand.Reader; tests pass a seeded engine/rng stream. Required.
	Rand io.Reader
	// HostKey is the identity key of the host's own player, marked as host in the lobby.
	HostKey []byte
	// Seats caps the lobby (0: the rules' maximum).
	Seats int
	// Options are the initial game options (the rules' defaults fill the rest).
	Options map[string]string
	// BotDelay is the pause before a bot moves: a human-like pace in the app, 0 in simulations.
	BotDelay time.Duration
	// Bots rebuilds a bot from its level when a snapshot is resumed.
	Bots func(level string) BotFunc
	// RatePerSecond and Burst bound each guest's messages (defaults 50/s, burst 200); beyond
	// them messages are refused as a flood.
	RatePerSecond float64
	Burst         int
	// HelloTimeout drops a connection that has not proved an identity in time (default 30s).
	HelloTimeout time.Duration
	// MaxStrikes is how many refused forged, malformed or flooding messages a guest may send
	// before it is dropped (default 50). Honest races (stale or out-of-turn moves) are no strike.
	MaxStrikes int
	// Logf receives one line per refused message or dropped guest (optional).
	Logf func(format string, args ...any)
	// Persist receives a Snapshot of the table (on the match goroutine) after every change and
	// before guests hear of it; the app stores it so a reloaded host can Resume (optional).
	Persist func(snapshot []byte)
	// Changed is called (on the match goroutine; it must not block) after anything the host UI
	// shows has changed: roster, status, a finished game (optional).
	Changed func()
}

// Host runs one table.
type Host struct {
	rules engine.Rules
	cfg   HostConfig

	events chan event
	quit   chan struct{}
	ended  chan struct{} // closed when the match goroutine has returned
	doneMu sync.Mutex
	done   chan struct{} // closed when the game is over; a rematch makes a new one
	wg     sync.WaitGroup
	closed sync.Once

	// Everything below is owned by the match goroutine.
	table    []byte
	maxSeats int
	options  map[string]string
	seats    []*seatState
	peers    map[int]*peer
	nextPeer int
	started  bool
	config   engine.Config
	game     engine.Game
	moves    []engine.Move // the full record, deal keys included
	deals    []*dealState  // by epoch-1
	botTimer *time.Timer
	botDue   bool
	overSent bool
	match    int // games played at this table before the current one

	cheat *cheats // dishonest-host hooks for tests; nil in real use
}

type seatState struct {
	Name  string  `json:"name"`
	Key   []byte  `json:"key,omitempty"`
	Token string  `json:"token,omitempty"`
	Bot   bool    `json:"bot,omitempty"`
	Level string  `json:"level,omitempty"`
	Ready bool    `json:"ready,omitempty"`
	peer  *peer   // nil while disconnected
	botFn BotFunc // bots only
}

type dealState struct {
	Epoch    int                 `json:"epoch"`
	Context  string              `json:"context"`
	Roster   [][]byte            `json:"roster"`
	H        []byte              `json:"h"`
	C        []byte              `json:"c"`
	Shares   map[int]*wire.Share `json:"shares,omitempty"`
	Applied  bool                `json:"applied"`
	Revealed bool                `json:"revealed"`
}

func (d *dealState) context(game string, table []byte) fair.Context {
	return fair.Context{Game: game, Table: table, Epoch: d.Epoch, Deal: d.Context, Roster: d.Roster}
}

// event is anything the match goroutine reacts to.
type event struct {
	peer  *peer
	seq   uint64
	msg   wire.Message
	err   error // a refused frame
	gone  bool  // the connection ended
	call  func()
	reply chan struct{}
	bot   bool
}

// NewHost opens a lobby for a game of rules.
func NewHost(rules engine.Rules, cfg HostConfig) (*Host, error) {
	h, err := newHost(rules, cfg)
	if err != nil {
		return nil, err
	}
	h.table = make([]byte, wire.TableIDLen)
	if _, err := io.ReadFull(cfg.Rand, h.table); err != nil {
		return nil, engine.Errorf(engine.KindBadConfig, "table: host", "random source: %v", err)
	}
	for k, v := range cfg.Options {
		h.options[k] = v
	}
	h.run()
	return h, nil
}

func newHost(rules engine.Rules, cfg HostConfig) (*Host, error) {
	if rules == nil || cfg.Rand == nil {
		return nil, engine.Errorf(engine.KindBadConfig, "table: host", "rules and a random source are required")
	}
	_, max := rules.Seats()
	if cfg.Seats <= 0 || cfg.Seats > max {
		cfg.Seats = max
	}
	if cfg.Seats > wire.MaxSeats {
		cfg.Seats = wire.MaxSeats
	}
	if cfg.RatePerSecond <= 0 {
		cfg.RatePerSecond = 50
	}
	if cfg.Burst <= 0 {
		cfg.Burst = 200
	}
	if cfg.MaxStrikes <= 0 {
		cfg.MaxStrikes = 50
	}
	if cfg.HelloTimeout <= 0 {
		cfg.HelloTimeout = 30 * time.Second
	}
	h := &Host{
		rules: rules, cfg: cfg, maxSeats: cfg.Seats,
		events: make(chan event, 64), quit: make(chan struct{}), ended: make(chan struct{}), done: make(chan struct{}),
		options: map[string]string{}, peers: map[int]*peer{},
	}
	for _, o := range rules.Options() {
		h.options[o.Key] = o.Default
	}
	return h, nil
}

func (h *Host) run() {
	h.wg.Add(1)
	go h.loop()
}

func (h *Host) logf(format string, args ...any) {
	if h.cfg.Logf != nil {
		h.cfg.Logf(format, args...)
	}
}

func (h *Host) changed() {
	if h.cfg.Changed != nil {
		h.cfg.Changed()
	}
}

// do runs f on the match goroutine and waits for it. It reports false if the host is closed.
func (h *Host) do(f func()) bool {
	reply := make(chan struct{})
	select {
	case h.events <- event{call: f, reply: reply}:
	case <-h.quit:
		return false
	}
	select {
	case <-reply:
		return true
	case <-h.quit:
		// The loop finishes a call it already took before it stops: wait for that, so the
		// caller never reads what f is still writing.
		<-h.ended
		select {
		case <-reply:
			return true
		default:
			return false
		}
	}
}

var errClosedHost = engine.Errorf(wire.KindState, "table: host", "the host is closed")

func (h *Host) loop() {
	defer h.wg.Done()
	defer close(h.ended)
	for {
		select {
		case <-h.quit:
			if h.botTimer != nil {
				h.botTimer.Stop()
			}
			for _, p := range h.peers {
				p.close()
			}
			return
		case ev := <-h.events:
			switch {
			case ev.call != nil:
				ev.call()
				close(ev.reply)
			case ev.bot:
				h.botDue, h.botTimer = true, nil
				h.advance()
			case ev.gone:
				h.dropPeer(ev.peer, nil)
			case ev.err != nil:
				h.refuse(ev.peer, ev.seq, 0, ev.err, true)
			default:
				h.handle(ev.peer, ev.seq, ev.msg)
			}
		}
	}
}

// Close ends the table: every connection is closed and every goroutine ends.
func (h *Host) Close() error {
	h.closed.Do(func() { close(h.quit) })
	h.wg.Wait()
	return nil
}

// End closes the table for good: every guest is told (a Bye with code "closed") before its
// connection closes. Close alone leaves guests to find out from the broken link, as after a
// reload, when the host comes back.
func (h *Host) End() error {
	h.do(func() {
		for _, p := range h.peers {
			h.dropPeer(p, &wire.Bye{Kind: wire.KindState, Code: wire.ByeClosed, Reason: "the host closed the table"})
		}
	})
	return h.Close()
}

// Done is closed when the game is over and every deal has been revealed. After a Rematch it
// is a new channel, for the new game.
func (h *Host) Done() <-chan struct{} {
	h.doneMu.Lock()
	defer h.doneMu.Unlock()
	return h.done
}

// AddGuest starts serving a new connection: it is challenged to prove an identity key, then
// seated (or given its seat back).
func (h *Host) AddGuest(c Conn) error {
	var err error = errClosedHost
	defer func() {
		if err == errClosedHost {
			c.Close()
		}
	}()
	h.do(func() {
		err = nil
		p := newPeer(h, h.nextPeer, c)
		h.nextPeer++
		h.peers[p.id] = p
		p.start()
		nonce := make([]byte, wire.SecretSize)
		if _, e := io.ReadFull(h.cfg.Rand, nonce); e != nil {
			err = engine.Errorf(engine.KindBadConfig, "table: host", "random source: %v", e)
			h.dropPeer(p, nil)
			return
		}
		p.nonce, p.table = nonce, h.table
		h.send(p, &wire.Challenge{Nonce: nonce, Game: h.rules.Name(), Table: h.table})
		p.helloTimer = time.AfterFunc(h.cfg.HelloTimeout, func() {
			select {
			case h.events <- event{call: func() {
				if !p.welcomed {
					h.dropPeer(p, &wire.Bye{Kind: wire.KindAuth, Code: wire.ByeAuth, Reason: "no identity proof in time"})
				}
			}, reply: make(chan struct{})}:
			case <-h.quit:
			}
		})
	})
	return err
}

// AddBot seats a bot (before the start).
func (h *Host) AddBot(name, level string, fn BotFunc) (engine.Seat, error) {
	seat, err := engine.Seat(-1), error(errClosedHost)
	h.do(func() {
		switch {
		case fn == nil:
			err = engine.Errorf(engine.KindBadConfig, "table: add bot", "no bot function")
		case h.started:
			err = engine.Errorf(wire.KindState, "table: add bot", "the game has started")
		case len(h.seats) >= h.maxSeats:
			err = engine.Errorf(engine.KindBadConfig, "table: add bot", "the table is full")
		default:
			h.seats = append(h.seats, &seatState{Name: clipText(name, wire.MaxName), Bot: true, Level: level, Ready: true, botFn: fn})
			seat, err = engine.Seat(len(h.seats)-1), nil
			h.broadcastLobby()
		}
	})
	return seat, err
}

// SetBot gives a resumed bot seat its function back (Resume does it itself when HostConfig.Bots
// is set).
func (h *Host) SetBot(seat engine.Seat, fn BotFunc) error {
	err := error(errClosedHost)
	h.do(func() {
		if !seat.Valid(len(h.seats)) || !h.seats[seat].Bot || fn == nil {
			err = engine.Errorf(engine.KindBadSeat, "table: set bot", "seat %d is not a bot seat", seat)
			return
		}
		h.seats[seat].botFn, err = fn, nil
		h.advance()
	})
	return err
}

// Remove frees a seat in the lobby (a guest that left, or a bot); later seats move up one.
func (h *Host) Remove(seat engine.Seat) error {
	err := error(errClosedHost)
	h.do(func() {
		if h.started || !seat.Valid(len(h.seats)) {
			err = engine.Errorf(engine.KindBadSeat, "table: remove", "cannot remove seat %d", seat)
			return
		}
		err = nil
		s := h.seats[seat]
		h.seats = append(h.seats[:seat], h.seats[seat+1:]...)
		if s.peer != nil {
			h.dropPeer(s.peer, &wire.Bye{Kind: wire.KindState, Code: wire.ByeKicked, Reason: "removed from the table by the host"})
		}
		for i, o := range h.seats { // seats moved: tell their guests
			if o.peer != nil && int(seat) <= i {
				o.peer.seat = engine.Seat(i)
				h.welcome(o.peer)
			}
		}
		h.broadcastLobby()
	})
	return err
}

// SetOption changes a game option in the lobby.
func (h *Host) SetOption(key, value string) error {
	err := error(errClosedHost)
	h.do(func() {
		if h.started {
			err = engine.Errorf(wire.KindState, "table: option", "the game has started")
			return
		}
		for _, o := range h.rules.Options() {
			if o.Key != key {
				continue
			}
			for _, c := range o.Choices {
				if c == value {
					h.options[key] = value
					err = nil
					h.broadcastLobby()
					return
				}
			}
		}
		err = engine.Errorf(engine.KindBadConfig, "table: option", "%s=%s is not offered", key, value)
	})
	return err
}

// Start begins the game with the seated players once every human is connected and ready.
func (h *Host) Start() error {
	err := error(errClosedHost)
	h.do(func() { err = h.start() })
	return err
}

func (h *Host) start() error {
	if h.started {
		return engine.Errorf(wire.KindState, "table: start", "already started")
	}
	for i, s := range h.seats {
		if !s.Bot && (s.peer == nil || !s.Ready) {
			return engine.Errorf(wire.KindState, "table: start", "seat %d (%s) is not ready", i, s.Name)
		}
	}
	cfg := engine.Config{Seats: len(h.seats), Options: copyMap(h.options)}
	g, err := h.rules.New(cfg)
	if err != nil {
		return err
	}
	h.config, h.game, h.started = cfg, g, true
	for _, p := range h.peers {
		if p.welcomed {
			h.welcome(p)
		}
	}
	h.broadcastLobby()
	h.advance()
	return nil
}

// Rematch sets up another game at this table once the current one is over: everyone keeps
// their seat, identity key, seat token and connection, bots stay seated, and the table goes
// back to its lobby (Start begins the new game; ready flags carry over, so the host may start at
// once). Every deal of the finished game is revealed first, so guests verify it before anything
// of the new game reaches them. The new game gets a fresh table id: every deal context of
// it differs from the old game's, so no commitment, share or key can be carried across, and a
// guest that sees the new id in its Welcome starts a fresh record.
func (h *Host) Rematch() error {
	err := error(errClosedHost)
	h.do(func() { err = h.rematch() })
	return err
}

func (h *Host) rematch() error {
	if !h.started || !h.game.Status().Over {
		return engine.Errorf(wire.KindState, "table: rematch", "the game is not over")
	}
	h.revealOpen()
	for _, d := range h.deals {
		if !d.Revealed {
			return engine.Errorf(wire.KindState, "table: rematch", "deal %d is not revealed", d.Epoch)
		}
	}
	id := make([]byte, wire.TableIDLen)
	if _, err := io.ReadFull(h.cfg.Rand, id); err != nil {
		return engine.Errorf(engine.KindBadConfig, "table: rematch", "random source: %v", err)
	}
	if h.botTimer != nil {
		h.botTimer.Stop()
		h.botTimer = nil
	}
	h.table, h.match = id, h.match+1
	h.started, h.game, h.config, h.moves, h.deals = false, nil, engine.Config{}, nil, nil
	h.botDue, h.overSent = false, false
	h.doneMu.Lock()
	h.done = make(chan struct{})
	h.doneMu.Unlock()
	for _, s := range h.seats {
		if !s.Bot && s.peer == nil {
			s.Ready = false // gone since: the lobby waits for them as for anyone
		}
	}
	h.persist()
	for _, p := range h.peers {
		if p.welcomed {
			h.welcome(p)
		}
	}
	h.changed()
	return nil
}

// HostState is what the host's UI shows about its table.
type HostState struct {
	Table   string
	Game    string
	Seats   []wire.SeatInfo
	Options map[string]string
	Started bool
	Match   int // games played at this table before the current one
	Seq     int
	Status  engine.Status
}

// State returns a copy of the table's public state.
func (h *Host) State() HostState {
	var st HostState
	h.do(func() {
		st = HostState{Table: hex.EncodeToString(h.table), Game: h.rules.Name(), Seats: h.lobby().Seats, Options: copyMap(h.options), Started: h.started, Match: h.match, Seq: len(h.moves)}
		if h.game != nil {
			st.Status = h.game.Status()
		}
	})
	return st
}

// Record returns the game record. Deal keys are included only for revealed deals, so a record
// taken mid-game leaks nothing; after the game it replays exactly.
func (h *Host) Record() engine.Record {
	var rec engine.Record
	h.do(func() {
		rec = engine.Record{Game: h.rules.Name(), Config: h.config, Moves: h.publicLog(0, true)}
		for _, s := range h.seats {
			rec.Names = append(rec.Names, s.Name)
		}
	})
	return rec
}

// publicLog returns moves from index from, with deal keys blanked unless revealed (and
// revealedKeys asks for them).
func (h *Host) publicLog(from int, revealedKeys bool) []engine.Move {
	out := make([]engine.Move, 0, len(h.moves)-from)
	epoch := 0
	for i, m := range h.moves {
		if m.Kind == engine.KindDeal {
			epoch++
		}
		if i < from {
			continue
		}
		if m.Kind == engine.KindDeal && !(revealedKeys && h.deals[epoch-1].Revealed) {
			m.Seed = ""
		}
		out = append(out, m)
	}
	return out
}

// ---- inbound ----

func (h *Host) handle(p *peer, seq uint64, msg wire.Message) {
	if p.closed {
		return
	}
	if !p.fresh(seq) {
		h.refuse(p, seq, 0, engine.Errorf(wire.KindDuplicate, "table", "message %d was already received", seq), false)
		return
	}
	if r, ok := msg.(*wire.Resync); ok {
		// One resend per peer per resendGap: a resync can ask for hundreds of frames, and must
		// not become a way to make the host flood.
		if now := time.Now(); now.Sub(p.lastResend) >= resendGap {
			p.lastResend = now
			p.resend(r.Next)
		}
		return
	}
	if hello, ok := msg.(*wire.Hello); ok {
		h.hello(p, seq, hello)
		return
	}
	if !p.welcomed {
		h.refuse(p, seq, 0, engine.Errorf(wire.KindAuth, "table", "say hello first"), true)
		return
	}
	switch m := msg.(type) {
	case *wire.Ready:
		if h.started || !p.seat.Valid(len(h.seats)) {
			h.refuse(p, seq, 0, engine.Errorf(wire.KindState, "table: ready", "not in the lobby"), false)
			return
		}
		if s := h.seats[p.seat]; s.Ready != m.Ready {
			s.Ready = m.Ready
			h.broadcastLobby()
		}
	case *wire.Say:
		name := "observer"
		if p.seat.Valid(len(h.seats)) {
			name = h.seats[p.seat].Name
		}
		h.broadcast(&wire.Chat{From: p.seat, Name: name, Text: m.Text})
	case *wire.Move:
		h.move(p, seq, m)
	case *wire.Contrib:
		h.contrib(p, seq, m)
	default:
		h.refuse(p, seq, 0, engine.Errorf(engine.KindMalformed, "table", "a guest may not send %s", msg.Type()), true)
	}
}

// refuse answers a refused message to its sender only; strike counts it against the guest.
func (h *Host) refuse(p *peer, ref uint64, basedOn int, err error, strike bool) {
	if p.closed {
		return
	}
	kind := engine.KindOf(err)
	if kind == "" {
		kind = engine.KindMalformed
	}
	h.logf("table: guest %d (seat %d): refused message %d: %v", p.id, p.seat, ref, err)
	h.send(p, &wire.Reject{Kind: kind, Msg: clipText(err.Error(), wire.MaxReason), Ref: ref, BasedOn: basedOn})
	if strike {
		p.strikes++
		if p.strikes > h.cfg.MaxStrikes {
			h.dropPeer(p, &wire.Bye{Kind: kind, Code: wire.ByeFlood, Reason: "too many refused messages"})
		}
	}
}

func (h *Host) hello(p *peer, seq uint64, m *wire.Hello) {
	if !fair.VerifyHello(m.Key, p.nonce, p.table, m.Sig) {
		h.refuse(p, seq, 0, engine.Errorf(wire.KindAuth, "table: hello", "the identity proof does not verify"), true)
		return
	}
	if p.welcomed {
		if string(p.key) == string(m.Key) {
			return // a retried hello
		}
		h.refuse(p, seq, 0, engine.Errorf(wire.KindAuth, "table: hello", "already seated with another key"), true)
		return
	}
	seat := engine.Observer
	for i, s := range h.seats {
		if !s.Bot && string(s.Key) == string(m.Key) {
			seat = engine.Seat(i)
		}
	}
	if seat == engine.Observer && m.Token != "" {
		for i, s := range h.seats {
			if !s.Bot && s.Token == m.Token {
				seat = engine.Seat(i)
				h.logf("table: seat %d reclaimed by token with a new identity key", i)
				h.seats[i].Key = append([]byte(nil), m.Key...)
				h.rekey(seat)
			}
		}
	}
	if seat == engine.Observer && !h.started {
		if len(h.seats) >= h.maxSeats {
			h.dropPeer(p, &wire.Bye{Kind: wire.KindState, Code: wire.ByeFull, Reason: "the table is full"})
			return
		}
		tok := make([]byte, 16)
		if _, err := io.ReadFull(h.cfg.Rand, tok); err != nil {
			h.dropPeer(p, &wire.Bye{Kind: wire.KindState, Code: wire.ByeDropped, Reason: "host has no randomness"})
			return
		}
		h.seats = append(h.seats, &seatState{Key: append([]byte(nil), m.Key...), Token: hex.EncodeToString(tok)})
		seat = engine.Seat(len(h.seats) - 1)
	}
	if seat.Valid(len(h.seats)) {
		s := h.seats[seat]
		if s.peer != nil && s.peer != p {
			h.dropPeer(s.peer, &wire.Bye{Kind: wire.KindState, Code: wire.ByeElsewhere, Reason: "this seat connected again elsewhere"})
		}
		s.peer = p
		if name := clipText(m.Name, wire.MaxName); name != "" {
			s.Name = name
		}
	}
	p.seat, p.key, p.welcomed = seat, append([]byte(nil), m.Key...), true
	h.welcome(p)
	h.broadcastLobby()
}

// welcome (re)starts a guest's picture of the table: seat, lobby, and once started the public
// log, every deal's messages and the current view.
func (h *Host) welcome(p *peer) {
	w := &wire.Welcome{Seat: p.seat, Game: h.rules.Name(), Table: h.table, Config: h.config, Started: h.started, Match: h.match}
	if p.seat.Valid(len(h.seats)) {
		w.Token = h.seats[p.seat].Token
	}
	h.send(p, w)
	h.send(p, h.lobby())
	if !h.started {
		return
	}
	log := h.publicLog(0, false)
	for from := 0; from < len(log); from += wire.MaxLogMoves {
		to := min(from+wire.MaxLogMoves, len(log))
		h.send(p, &wire.Log{From: from, Moves: log[from:to]})
	}
	for _, d := range h.deals {
		h.sendDeal(p, d)
	}
	h.sendView(p, nil)
}

func (h *Host) sendDeal(p *peer, d *dealState) {
	h.send(p, h.commitFor(p, d))
	if d.Applied {
		h.send(p, shareList(d))
	}
	if d.Revealed {
		h.send(p, &wire.Reveal{Epoch: d.Epoch, H: d.H})
	}
}

func shareList(d *dealState) *wire.Contribs {
	m := &wire.Contribs{Epoch: d.Epoch}
	keys := make([]int, 0, len(d.Shares))
	for s := range d.Shares {
		keys = append(keys, s)
	}
	sort.Ints(keys)
	for _, s := range keys {
		m.Shares = append(m.Shares, *d.Shares[s])
	}
	return m
}

func (h *Host) move(p *peer, seq uint64, m *wire.Move) {
	switch {
	case !h.started:
		h.refuse(p, seq, m.BasedOn, engine.Errorf(wire.KindState, "table: move", "the game has not started"), false)
	case !p.seat.Valid(len(h.seats)):
		h.refuse(p, seq, m.BasedOn, engine.Errorf(engine.KindBadSeat, "table: move", "an observer cannot move"), true)
	case m.Move.Seat != p.seat:
		h.refuse(p, seq, m.BasedOn, engine.Errorf(engine.KindBadSeat, "table: move", "seat %d cannot move for seat %d", p.seat, m.Move.Seat), true)
	case m.Move.Kind == engine.KindDeal:
		h.refuse(p, seq, m.BasedOn, engine.Errorf(engine.KindBadSeat, "table: move", "only the dealer deals"), true)
	case m.BasedOn != len(h.moves):
		h.refuse(p, seq, m.BasedOn, engine.Errorf(wire.KindStale, "table: move", "based on seq %d, the game is at %d", m.BasedOn, len(h.moves)), false)
	default:
		if err := h.apply(m.Move); err != nil {
			h.refuse(p, seq, m.BasedOn, err, false)
		}
	}
}

// apply makes a move on the game, tells everyone, and moves the table on (deals, bots).
func (h *Host) apply(m engine.Move) error {
	if err := h.game.Apply(m); err != nil {
		return err
	}
	h.moves = append(h.moves, m)
	h.persist()
	h.broadcastView(&m)
	h.advance()
	h.changed()
	return nil
}

// advance runs whatever the game now waits for that the host provides: reveals, deals, bots.
func (h *Host) advance() {
	for h.started {
		st := h.game.Status()
		if st.Over {
			h.revealOpen()
			if !h.overSent {
				h.overSent = true
				h.doneMu.Lock()
				close(h.done)
				h.doneMu.Unlock()
				h.changed()
			}
			return
		}
		if st.Deal != nil {
			if !h.dealFor(*st.Deal) {
				return
			}
			continue
		}
		if !h.botTurn(st) {
			return
		}
	}
}

// revealOpen reveals every applied, unrevealed deal.
func (h *Host) revealOpen() {
	for _, d := range h.deals {
		if d.Applied && !d.Revealed {
			if h.cheat != nil && h.cheat.withhold {
				continue
			}
			d.Revealed = true
			h.persist()
			h.broadcast(&wire.Reveal{Epoch: d.Epoch, H: d.H})
		}
	}
}

// dealFor makes progress on the deal req asks for; true if it was applied.
func (h *Host) dealFor(req engine.DealRequest) bool {
	if req.Epoch != len(h.deals)+1 && !(req.Epoch == len(h.deals) && !h.deals[req.Epoch-1].Applied) {
		h.logf("table: the game asked for deal %d after %d deals; refusing to deal", req.Epoch, len(h.deals))
		return false
	}
	if req.Epoch == len(h.deals)+1 {
		h.revealOpen()
		d := &dealState{Epoch: req.Epoch, Context: req.Context, Shares: map[int]*wire.Share{}}
		if err := h.commit(d); err != nil {
			h.logf("table: %v", err)
			return false
		}
		h.deals = append(h.deals, d)
		h.persist()
		for _, p := range h.peers {
			if p.welcomed {
				h.send(p, h.commitFor(p, d))
			}
		}
	}
	return h.tryFinish(h.deals[req.Epoch-1])
}

// commit draws a fresh secret for d under the current roster.
func (h *Host) commit(d *dealState) error {
	sec, err := fair.Secret(h.cfg.Rand)
	if err != nil {
		return err
	}
	d.Roster = make([][]byte, len(h.seats))
	for i, s := range h.seats {
		if !s.Bot {
			d.Roster[i] = s.Key
		}
	}
	cx := d.context(h.rules.Name(), h.table)
	c := fair.Commit(cx.Bytes(), sec)
	d.H, d.C = sec[:], c[:]
	d.Shares = map[int]*wire.Share{}
	return nil
}

func (h *Host) commitFor(p *peer, d *dealState) *wire.Commit {
	m := &wire.Commit{Epoch: d.Epoch, Context: d.Context, Roster: d.Roster, C: d.C}
	if h.cheat != nil && h.cheat.commit != nil {
		m.C = h.cheat.commit(p.seat, d.Epoch, d.C)
	}
	return m
}

// rekey handles a seat whose identity key changed (reclaimed by token) while a deal waits for
// shares: the deal is committed again under the new roster, and every guest draws a fresh share.
func (h *Host) rekey(seat engine.Seat) {
	if len(h.deals) == 0 {
		return
	}
	d := h.deals[len(h.deals)-1]
	if d.Applied {
		return
	}
	if err := h.commit(d); err != nil {
		h.logf("table: %v", err)
		return
	}
	h.persist()
	for _, p := range h.peers {
		if p.welcomed && p.seat != seat {
			h.send(p, h.commitFor(p, d))
		}
	}
}

func (h *Host) contrib(p *peer, seq uint64, m *wire.Contrib) {
	if !p.seat.Valid(len(h.seats)) || m.Seat != p.seat {
		h.refuse(p, seq, 0, engine.Errorf(engine.KindBadSeat, "table: contribution", "seat %d cannot contribute for seat %d", p.seat, m.Seat), true)
		return
	}
	if m.Epoch < 1 || m.Epoch > len(h.deals) {
		h.refuse(p, seq, 0, engine.Errorf(wire.KindState, "table: contribution", "no deal %d is open", m.Epoch), false)
		return
	}
	d := h.deals[m.Epoch-1]
	sh := wire.Share{Seat: m.Seat, S: m.S, Sig: m.Sig}
	if old, ok := d.Shares[int(m.Seat)]; ok || d.Applied {
		if ok && string(old.S) == string(m.S) && string(old.Sig) == string(m.Sig) {
			return // a retry
		}
		h.refuse(p, seq, 0, engine.Errorf(wire.KindState, "table: contribution", "deal %d already has this seat's share", m.Epoch), false)
		return
	}
	var s [32]byte
	copy(s[:], m.S)
	var c [32]byte
	copy(c[:], d.C)
	cx := d.context(h.rules.Name(), h.table)
	forging := h.cheat != nil && h.cheat.commit != nil
	if !forging && !fair.VerifyContribution(d.Roster[m.Seat], cx.Bytes(), c, fair.Share{Seat: m.Seat, S: s, Sig: m.Sig}) {
		h.refuse(p, seq, 0, engine.Errorf(wire.KindAuth, "table: contribution", "the share is not signed over deal %d's commitment", m.Epoch), false)
		return
	}
	d.Shares[int(m.Seat)] = &sh
	h.persist()
	if h.game.Status().Deal != nil {
		h.advance()
	}
}

// tryFinish applies d once every contributor's share is in.
func (h *Host) tryFinish(d *dealState) bool {
	cx := d.context(h.rules.Name(), h.table)
	var shares []fair.Share
	for _, s := range cx.Contributors() {
		sh, ok := d.Shares[int(s)]
		if !ok {
			return false
		}
		fs := fair.Share{Seat: s, Sig: sh.Sig}
		copy(fs.S[:], sh.S)
		shares = append(shares, fs)
	}
	var hs [32]byte
	copy(hs[:], d.H)
	key := fair.Key(cx.Bytes(), hs, shares)
	if h.cheat != nil && h.cheat.stack != nil {
		key = h.cheat.stack(d.Epoch, key)
	}
	h.broadcast(shareList(d))
	m := engine.DealMove(key)
	if err := h.game.Apply(m); err != nil {
		h.logf("table: the game refused deal %d: %v", d.Epoch, err)
		return false
	}
	d.Applied = true
	h.moves = append(h.moves, m)
	h.persist()
	h.broadcastView(&m)
	h.changed()
	return true
}

// botTurn lets one active bot move; true if one did.
func (h *Host) botTurn(st engine.Status) bool {
	for _, s := range st.Active {
		if !s.Valid(len(h.seats)) || !h.seats[s].Bot || h.seats[s].botFn == nil {
			continue
		}
		if h.cfg.BotDelay > 0 && !h.botDue {
			if h.botTimer == nil {
				h.botTimer = time.AfterFunc(h.cfg.BotDelay, func() {
					select {
					case h.events <- event{bot: true}:
					case <-h.quit:
					}
				})
			}
			return false
		}
		h.botDue = false
		legal := h.game.Legal(s)
		if len(legal) == 0 {
			continue
		}
		m, err := h.seats[s].botFn(h.game.View(s), legal)
		if err != nil || !engine.IsLegal(legal, m) {
			h.logf("table: bot at seat %d chose %v (%v); playing its first legal move", s, m, err)
			m = legal[0]
		}
		if err := h.game.Apply(m); err != nil {
			h.logf("table: bot move refused: %v", err)
			return false
		}
		h.moves = append(h.moves, m)
		h.persist()
		h.broadcastView(&m)
		h.changed()
		return true
	}
	return false
}

// ---- outbound ----

func (h *Host) lobby() *wire.Lobby {
	l := &wire.Lobby{Options: copyMap(h.options), Started: h.started}
	for i, s := range h.seats {
		l.Seats = append(l.Seats, wire.SeatInfo{Seat: engine.Seat(i), Name: s.Name, Key: s.Key, Bot: s.Bot, Level: s.Level, Connected: s.Bot || s.peer != nil, Ready: s.Ready,
			Host: !s.Bot && len(h.cfg.HostKey) > 0 && string(s.Key) == string(h.cfg.HostKey)})
	}
	return l
}

func (h *Host) broadcastLobby() {
	h.persist()
	l := h.lobby()
	for _, p := range h.peers {
		if p.welcomed {
			h.send(p, l)
		}
	}
	h.changed()
}

func (h *Host) broadcast(m wire.Message) {
	for _, p := range h.peers {
		if p.welcomed {
			h.send(p, m)
		}
	}
}

func (h *Host) broadcastView(m *engine.Move) {
	cache := map[engine.Seat]*wire.View{}
	for _, p := range h.peers {
		if !p.welcomed {
			continue
		}
		v, ok := cache[p.seat]
		if !ok {
			v = h.viewFor(p.seat, m)
			cache[p.seat] = v
		}
		h.sendViewMsg(p, v)
	}
}

func (h *Host) sendView(p *peer, m *engine.Move) {
	if len(h.moves) > 0 {
		last := h.moves[len(h.moves)-1]
		m = &last
	}
	h.sendViewMsg(p, h.viewFor(p.seat, m))
}

func (h *Host) sendViewMsg(p *peer, v *wire.View) {
	if h.cheat != nil && h.cheat.view != nil {
		c := *v
		c.View = h.cheat.view(p.seat, v.Seq, v.View)
		v = &c
	}
	h.send(p, v)
}

func (h *Host) viewFor(s engine.Seat, m *engine.Move) *wire.View {
	v := &wire.View{Seq: len(h.moves), Status: h.game.Status(), Legal: h.game.Legal(s)}
	if v.Legal == nil {
		v.Legal = []engine.Move{}
	}
	if m != nil && v.Seq > 0 {
		pub := *m
		if pub.Kind == engine.KindDeal {
			pub.Seed = ""
		}
		v.Move = &pub
	}
	b, err := json.Marshal(h.game.View(s))
	if err != nil {
		h.logf("table: view of seat %d: %v", s, err)
		b = []byte("{}")
	}
	v.View = b
	return v
}

// send queues m for p; a message that cannot be encoded is a host bug, logged and dropped.
func (h *Host) send(p *peer, m wire.Message) {
	if p.closed {
		return
	}
	p.outSeq++
	f, err := wire.Encode(p.outSeq, m)
	if err != nil {
		p.outSeq--
		h.logf("table: cannot send %s to guest %d: %v", m.Type(), p.id, err)
		return
	}
	p.remember(p.outSeq, f)
	if !p.queue(f) {
		h.dropPeer(p, nil)
	}
}

// dropPeer closes a connection (saying bye first if given) and frees its seat's link.
func (h *Host) dropPeer(p *peer, bye *wire.Bye) {
	if p.closed {
		return
	}
	if bye != nil {
		h.logf("table: dropping guest %d (seat %d): %s", p.id, p.seat, bye.Reason)
		h.send(p, bye)
	}
	p.close()
	delete(h.peers, p.id)
	if p.seat.Valid(len(h.seats)) && h.seats[p.seat].peer == p {
		h.seats[p.seat].peer = nil
		if !h.started {
			h.seats[p.seat].Ready = false
		}
		h.broadcastLobby()
	}
}

func copyMap(m map[string]string) map[string]string {
	if m == nil {
		return nil
	}
	c := make(map[string]string, len(m))
	for k, v := range m {
		c[k] = v
	}
	return c
}

func clipText(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && s[n]&0xC0 == 0x80 { // never cut a UTF-8 sequence
		n--
	}
	return s[:n]
}

// cheats make a host dishonest, for the tests that prove guests catch it.
type cheats struct {
	stack    func(epoch int, key [32]byte) [32]byte              // deal another key
	view     func(seat engine.Seat, seq int, view []byte) []byte // show another view
	commit   func(seat engine.Seat, epoch int, c []byte) []byte  // tell seats different commitments
	withhold bool                                                // never reveal
}
