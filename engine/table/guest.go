package table

import (
	"bytes"
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

// GuestConfig sets up a guest.
type GuestConfig struct {
	Name     string
	Identity fair.Identity // long-lived; the app keeps its seed in local storage
	Token    string        // seat token from an earlier Welcome (fallback when the key is lost)
	// Rand supplies deal shares (crypto/rand in the app, a seeded stream in tests). Required.
	Rand io.Reader
	// Rules finds a game's rules by name, to decode views and verify deals. Required.
	Rules func(game string) (engine.Rules, bool)
	// Tick is how often the guest resends what was not acknowledged and asks for missed
	// messages (default 1s; tests use a few milliseconds, with a host rate limit to match:
	// a guest sends up to a few messages per tick).
	Tick time.Duration
	// RevealTimeout is how long after the game ends a deal may stay unrevealed before it is
	// reported as withheld (default 30s).
	RevealTimeout time.Duration
	Logf          func(format string, args ...any)
}

// Deal verdict states.
const (
	DealPending  = "pending"  // dealt, not yet revealed
	DealVerified = "verified" // revealed; every view this seat saw matches the deal
	DealFailed   = "failed"   // something did not match: see Problem
)

// DealStatus is the verdict on one deal, for the UI.
type DealStatus struct {
	Epoch   int    `json:"epoch"`
	State   string `json:"state"`
	Problem string `json:"problem,omitempty"`
	Seq     int    `json:"seq,omitempty"` // game seq of the mismatch
	Checked int    `json:"checked,omitempty"`
}

// GuestState is everything the UI shows; State returns a copy.
type GuestState struct {
	Connected bool      // welcomed on the current link
	Dropped   *wire.Bye // why the host dropped us, if it did
	Seat      engine.Seat
	Token     string
	Game      string
	Table     string
	Config    engine.Config
	Started   bool
	Match     int // games played at this table before this one (the host's rematches)
	Lobby     wire.Lobby

	Seq      int             // game seq of the latest view
	View     engine.View     // decoded by the game's rules
	ViewJSON json.RawMessage // as received
	Legal    []engine.Move
	Status   engine.Status
	HasView  bool
	Waiting  bool // a move of ours is in flight

	Chat   []wire.Chat
	Deals  []DealStatus
	Reject *wire.Reject // the latest refusal of something we sent
	// PrevDeals are the final verdicts on the previous game at this table, kept across a
	// rematch; a deal the host had not revealed when the new game began is failed.
	PrevDeals []DealStatus
}

// Guest is one player's (or observer's) side of a table.
type Guest struct {
	cfg     GuestConfig
	frames  chan inFrame
	quit    chan struct{}
	updates chan struct{}
	wg      sync.WaitGroup
	once    sync.Once

	mu      sync.Mutex
	st      GuestState
	link    *link
	gen     int
	outSeq  uint64
	rules   engine.Rules
	audit   *fair.Auditor
	deals   map[int]*guestDeal
	pending *pendingMove
	ready   *bool
	overAt  time.Time
	tableID []byte
	decoded bool // st.View matches st.ViewJSON
}

type link struct {
	conn     Conn
	gen      int
	next     uint64
	buf      map[uint64]wire.Message
	nonce    []byte
	table    []byte
	welcomed bool
	heard    time.Time
	asked    time.Time // last idle resync
}

type inFrame struct {
	gen   int
	frame []byte
}

type pendingMove struct {
	move    engine.Move
	basedOn int
	seq     uint64
	sent    time.Time
}

type guestDeal struct {
	status  DealStatus
	cx      fair.Context
	c       [32]byte
	share   *fair.Share // ours, for this commitment
	relayed bool
}

// NewGuest joins a table over c.
func NewGuest(c Conn, cfg GuestConfig) (*Guest, error) {
	if cfg.Rand == nil || cfg.Rules == nil || cfg.Identity.Public() == nil {
		return nil, engine.Errorf(engine.KindBadConfig, "table: guest", "identity, rules and a random source are required")
	}
	if cfg.Tick <= 0 {
		cfg.Tick = time.Second
	}
	if cfg.RevealTimeout <= 0 {
		cfg.RevealTimeout = 30 * time.Second
	}
	cfg.Name = clipText(cfg.Name, wire.MaxName)
	g := &Guest{cfg: cfg, frames: make(chan inFrame, 256), quit: make(chan struct{}), updates: make(chan struct{}, 1), deals: map[int]*guestDeal{}}
	g.st.Seat = engine.Observer
	g.st.Token = cfg.Token
	g.wg.Add(1)
	go g.loop()
	g.Reconnect(c)
	return g, nil
}

// Reconnect switches to a new link to the host (after a drop, or to a resumed host). The guest
// proves its identity again and gets its seat and the current view back; its own record and
// verdicts carry over.
func (g *Guest) Reconnect(c Conn) {
	g.mu.Lock()
	defer g.mu.Unlock()
	select {
	case <-g.quit:
		c.Close()
		return
	default:
	}
	if g.link != nil {
		g.link.conn.Close()
	}
	g.gen++
	g.link = &link{conn: c, gen: g.gen, next: 1, buf: map[uint64]wire.Message{}, heard: time.Now()}
	g.st.Connected, g.st.Dropped = false, nil
	g.wg.Add(1)
	go g.reader(c, g.gen)
}

func (g *Guest) reader(c Conn, gen int) {
	defer g.wg.Done()
	for {
		f, err := c.Recv()
		if err != nil {
			return
		}
		select {
		case g.frames <- inFrame{gen, f}:
		case <-g.quit:
			return
		}
	}
}

// Close leaves the table; every goroutine of the guest ends.
func (g *Guest) Close() error {
	g.once.Do(func() {
		close(g.quit)
		g.mu.Lock()
		if g.link != nil {
			g.link.conn.Close()
		}
		g.mu.Unlock()
	})
	g.wg.Wait()
	return nil
}

// Updates signals (coalesced) that State changed.
func (g *Guest) Updates() <-chan struct{} { return g.updates }

func (g *Guest) notify() {
	select {
	case g.updates <- struct{}{}:
	default:
	}
}

// State returns a copy of what the guest knows.
func (g *Guest) State() GuestState {
	g.mu.Lock()
	defer g.mu.Unlock()
	if !g.decoded && g.st.HasView && g.rules != nil {
		if v, err := g.rules.DecodeView(g.st.ViewJSON); err == nil {
			g.st.View = v
		}
		g.decoded = true
	}
	s := g.st
	s.Legal = append([]engine.Move(nil), g.st.Legal...)
	s.Chat = append([]wire.Chat(nil), g.st.Chat...)
	s.Lobby.Seats = append([]wire.SeatInfo(nil), g.st.Lobby.Seats...)
	s.Waiting = g.pending != nil
	s.Deals = g.sortedDeals()
	s.PrevDeals = append([]DealStatus(nil), g.st.PrevDeals...)
	return s
}

func (g *Guest) sortedDeals() []DealStatus {
	var out []DealStatus
	for _, d := range g.deals {
		out = append(out, d.status)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Epoch < out[j].Epoch })
	return out
}

// Send asks the host to make a move, based on the latest view. The move must be one of the
// latest legal moves; the guest resends it until the host applies or refuses it.
func (g *Guest) Send(m engine.Move) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	if !g.st.HasView || !g.st.Started {
		return engine.Errorf(wire.KindState, "table: send", "the game has not started")
	}
	if !engine.IsLegal(g.st.Legal, m) {
		return engine.Errorf(engine.KindIllegal, "table: send", "%s is not a legal move now", m)
	}
	g.pending = &pendingMove{move: m, basedOn: g.st.Seq}
	g.sendMove()
	return nil
}

// sendMove sends the pending move, unless the link is not yet welcomed: a move sent before the
// hello would only be refused, and the tick sends it once we are seated again.
func (g *Guest) sendMove() {
	p := g.pending
	p.sent = time.Now()
	if g.link == nil || !g.link.welcomed {
		return
	}
	p.seq = g.send(&wire.Move{BasedOn: p.basedOn, Move: p.move})
}

// SetReady tells the lobby whether we are ready to start.
func (g *Guest) SetReady(r bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.ready = &r
	g.send(&wire.Ready{Ready: r})
}

// Say sends a chat line.
func (g *Guest) Say(text string) error {
	text = clipText(text, wire.MaxChat)
	if text == "" {
		return engine.Errorf(engine.KindMalformed, "table: say", "empty chat line")
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	g.send(&wire.Say{Text: text})
	return nil
}

// send encodes m with the next seq and sends it on the current link.
func (g *Guest) send(m wire.Message) uint64 {
	g.outSeq++
	f, err := wire.Encode(g.outSeq, m)
	if err != nil {
		g.logf("table: guest cannot send %s: %v", m.Type(), err)
		return g.outSeq
	}
	if g.link != nil {
		_ = g.link.conn.Send(f) // a lost frame is resent on the next tick
	}
	return g.outSeq
}

func (g *Guest) logf(format string, args ...any) {
	if g.cfg.Logf != nil {
		g.cfg.Logf(format, args...)
	}
}

func (g *Guest) loop() {
	defer g.wg.Done()
	t := time.NewTicker(g.cfg.Tick)
	defer t.Stop()
	for {
		select {
		case <-g.quit:
			return
		case f := <-g.frames:
			g.mu.Lock()
			changed := g.receive(f)
			g.mu.Unlock()
			if changed {
				g.notify()
			}
		case <-t.C:
			g.mu.Lock()
			changed := g.tick()
			g.mu.Unlock()
			if changed {
				g.notify()
			}
		}
	}
}

// receive puts a frame in order and processes everything now in sequence.
func (g *Guest) receive(f inFrame) bool {
	l := g.link
	if l == nil || f.gen != l.gen {
		return false
	}
	seq, msg, err := wire.Decode(f.frame)
	if err != nil {
		g.logf("table: guest refused a frame from the host: %v", err)
		return false
	}
	l.heard = time.Now()
	if _, ok := msg.(*wire.Welcome); ok && seq >= l.next {
		// A welcome starts the stream afresh: what came before it is superseded.
		for s := range l.buf {
			if s < seq {
				delete(l.buf, s)
			}
		}
		l.next = seq
	}
	if seq < l.next || len(l.buf) >= outboxLen {
		return false
	}
	l.buf[seq] = msg
	changed := false
	for {
		m, ok := l.buf[l.next]
		if !ok {
			break
		}
		delete(l.buf, l.next)
		l.next++
		g.process(l, m)
		changed = true
		if g.link != l { // processing may not replace the link, but be safe
			break
		}
	}
	return changed
}

func (g *Guest) tick() bool {
	l := g.link
	if l == nil {
		return false
	}
	now := time.Now()
	if l.nonce != nil && !l.welcomed {
		g.hello(l)
	}
	if l.welcomed {
		if g.pending != nil && now.Sub(g.pending.sent) >= g.cfg.Tick {
			g.sendMove()
		}
		for _, d := range g.deals {
			if d.share != nil && !d.relayed {
				g.sendShare(d)
			}
		}
		if g.ready != nil && !g.st.Started && g.st.Seat.Valid(len(g.st.Lobby.Seats)) && g.st.Lobby.Seats[g.st.Seat].Ready != *g.ready {
			g.send(&wire.Ready{Ready: *g.ready})
		}
	}
	// Ask for what is missing: at once on a gap, and after a quiet spell in case the last
	// frames were lost (this doubles as a keep-alive).
	if len(l.buf) > 0 || now.Sub(l.heard) >= 3*g.cfg.Tick && now.Sub(l.asked) >= 3*g.cfg.Tick {
		l.asked = now
		g.send(&wire.Resync{Next: l.next})
	}
	changed := false
	if g.st.Status.Over {
		if g.overAt.IsZero() {
			g.overAt = now
		} else if now.Sub(g.overAt) >= g.cfg.RevealTimeout {
			for _, d := range g.deals {
				if d.status.State == DealPending {
					d.status.State, d.status.Problem = DealFailed, "the host never revealed this deal after the game ended"
					changed = true
				}
			}
		}
	}
	return changed
}

func (g *Guest) hello(l *link) {
	g.send(&wire.Hello{Name: g.cfg.Name, Key: g.cfg.Identity.Public(), Sig: g.cfg.Identity.SignHello(l.nonce, l.table), Token: g.st.Token})
}

// process handles one in-order message from the host.
func (g *Guest) process(l *link, msg wire.Message) {
	switch m := msg.(type) {
	case *wire.Challenge:
		l.nonce, l.table = m.Nonce, m.Table
		g.hello(l)
	case *wire.Welcome:
		g.welcome(l, m)
	case *wire.Lobby:
		g.st.Lobby = *m
	case *wire.Log:
		if g.audit == nil {
			return
		}
		for i, mv := range m.Moves {
			if err := g.audit.Move(m.From+i+1, mv); err != nil {
				g.failAll(err.Error())
			}
		}
	case *wire.View:
		g.view(m)
	case *wire.Reject:
		g.reject(m)
	case *wire.Commit:
		g.commit(m)
	case *wire.Contribs:
		g.contribs(m)
	case *wire.Reveal:
		g.reveal(m)
	case *wire.Chat:
		g.st.Chat = append(g.st.Chat, *m)
		if len(g.st.Chat) > 200 {
			g.st.Chat = g.st.Chat[len(g.st.Chat)-200:]
		}
	case *wire.Bye:
		g.st.Dropped, g.st.Connected = m, false
	default:
		g.logf("table: guest ignored a %s from the host", msg.Type())
	}
}

func (g *Guest) welcome(l *link, m *wire.Welcome) {
	l.welcomed = true
	tbl := hex.EncodeToString(m.Table)
	if g.st.Table != "" && g.st.Table != tbl {
		// Another game (the host's rematch) or another table altogether: forget the old
		// game, keeping the chat and, for a rematch, the old game's deal verdicts.
		var prev []DealStatus
		if m.Match > g.st.Match {
			for _, d := range g.sortedDeals() {
				if d.State == DealPending {
					d.State, d.Problem = DealFailed, "the host started a new game without revealing this deal"
				}
				prev = append(prev, d)
			}
		}
		g.audit, g.deals, g.pending, g.overAt, g.decoded = nil, map[int]*guestDeal{}, nil, time.Time{}, false
		g.st = GuestState{Chat: g.st.Chat, Token: g.st.Token, PrevDeals: prev}
	}
	g.st.Connected, g.st.Dropped = true, nil
	g.st.Seat, g.st.Game, g.st.Table, g.st.Config, g.st.Started, g.st.Match = m.Seat, m.Game, tbl, m.Config, m.Started, m.Match
	g.tableID = m.Table
	if m.Token != "" {
		g.st.Token = m.Token
	}
	if r, ok := g.cfg.Rules(m.Game); ok {
		g.rules = r
	}
	if m.Started && g.audit == nil && g.rules != nil {
		a, err := fair.NewAuditor(g.rules, m.Config, m.Seat)
		if err != nil {
			g.logf("table: guest cannot follow the game: %v", err)
			return
		}
		g.audit = a
	}
}

func (g *Guest) view(m *wire.View) {
	if g.audit != nil {
		if m.Move != nil {
			if err := g.audit.Move(m.Seq, *m.Move); err != nil {
				g.failAll(err.Error())
			}
		}
		if err := g.audit.View(m.Seq, m.View); err != nil {
			g.failAll(err.Error())
		}
	}
	if g.st.HasView && m.Seq < g.st.Seq {
		return
	}
	g.st.Seq, g.st.ViewJSON, g.st.Legal, g.st.Status, g.st.HasView = m.Seq, m.View, m.Legal, m.Status, true
	g.st.View, g.decoded = nil, false // decoded when State is next called
	if p := g.pending; p != nil && m.Seq > p.basedOn && !g.mayResend(p) {
		g.pending = nil
	}
}

// mayResend decides the fate of a pending move once the game has moved past the view it was
// based on. If the move applied right after that view was ours, it is done. If it was someone
// else's (a simultaneous phase), ours may still stand: it is kept while still legal, and the
// host's stale refusal makes us send it again on the newer view.
func (g *Guest) mayResend(p *pendingMove) bool {
	var next engine.Move
	known := false
	if g.audit != nil {
		next, known = g.audit.MoveAt(p.basedOn + 1)
	}
	return known && next != p.move && engine.IsLegal(g.st.Legal, p.move)
}

func (g *Guest) reject(m *wire.Reject) {
	if m.Kind == wire.KindDuplicate {
		return // our own resend crossing the first copy
	}
	if p := g.pending; p != nil && (m.Ref == p.seq || m.BasedOn == p.basedOn && m.Ref != 0) {
		if m.Kind == wire.KindStale && g.st.Seq > p.basedOn {
			if g.mayResend(p) {
				p.basedOn = g.st.Seq // still legal on the view we now hold: send it on that
				g.sendMove()
			} else {
				g.pending = nil
			}
			return
		}
		g.pending = nil
	}
	g.st.Reject = m
}

// failAll marks every unverified deal as failed: the host told two different stories.
func (g *Guest) failAll(problem string) {
	for _, d := range g.deals {
		if d.status.State != DealVerified {
			d.status.State, d.status.Problem = DealFailed, problem
		}
	}
	if len(g.deals) == 0 {
		g.deals[0] = &guestDeal{status: DealStatus{Epoch: 0, State: DealFailed, Problem: problem}}
	}
}

func (g *Guest) deal(epoch int) *guestDeal {
	d, ok := g.deals[epoch]
	if !ok {
		d = &guestDeal{status: DealStatus{Epoch: epoch, State: DealPending}}
		g.deals[epoch] = d
	}
	return d
}

func (g *Guest) commit(m *wire.Commit) {
	if g.audit == nil || m.Epoch > 1000 {
		return
	}
	d := g.deal(m.Epoch)
	var c [32]byte
	copy(c[:], m.C)
	cx := fair.Context{Game: g.st.Game, Table: g.tableID, Epoch: m.Epoch, Deal: m.Context, Roster: m.Roster}
	if err := g.audit.Commit(cx, c); err != nil {
		d.status.State, d.status.Problem = DealFailed, err.Error()
		return
	}
	if d.share != nil && d.c != c {
		d.share = nil // a new commitment needs a fresh share
	}
	d.cx, d.c = cx, c
	g.contribute(m.Epoch)
}

// contribute sends our share of a deal, but only once every earlier deal is verified.
func (g *Guest) contribute(epoch int) {
	d := g.deals[epoch]
	s := g.st.Seat
	if d == nil || d.relayed || !s.Valid(len(d.cx.Roster)) || d.status.State != DealPending {
		return
	}
	if !bytes.Equal(d.cx.Roster[s], g.cfg.Identity.Public()) {
		return // a deal from before our seat was reclaimed with this key: not ours to share in
	}
	for e := 1; e < epoch; e++ {
		prev, ok := g.deals[e]
		switch {
		case !ok:
			return // not known yet (the log is still coming)
		case prev.status.State == DealPending:
			prev.status.State, prev.status.Problem = DealFailed, "the host started the next deal without revealing this one"
			return
		case prev.status.State == DealFailed:
			return // refuse to play on with a host caught cheating
		}
	}
	if d.share == nil {
		sec, err := fair.Secret(g.cfg.Rand)
		if err != nil {
			g.logf("table: guest: %v", err)
			return
		}
		sh := g.cfg.Identity.Contribute(d.cx.Bytes(), d.c, s, sec)
		d.share = &sh
	}
	g.sendShare(d)
}

func (g *Guest) sendShare(d *guestDeal) {
	g.send(&wire.Contrib{Epoch: d.cx.Epoch, Seat: d.share.Seat, S: d.share.S[:], Sig: d.share.Sig})
}

func (g *Guest) contribs(m *wire.Contribs) {
	d, ok := g.deals[m.Epoch]
	if !ok || g.audit == nil {
		return
	}
	shares := make([]fair.Share, len(m.Shares))
	for i, s := range m.Shares {
		shares[i] = fair.Share{Seat: s.Seat, Sig: s.Sig}
		copy(shares[i].S[:], s.S)
	}
	d.relayed = true
	if err := g.audit.Shares(m.Epoch, shares); err != nil {
		d.status.State, d.status.Problem = DealFailed, err.Error()
	}
}

func (g *Guest) reveal(m *wire.Reveal) {
	d, ok := g.deals[m.Epoch]
	if !ok || g.audit == nil || d.status.State != DealPending {
		return
	}
	var h [32]byte
	copy(h[:], m.H)
	r := g.audit.Reveal(m.Epoch, h)
	d.status.Seq, d.status.Checked = r.Seq, r.Checked
	if r.Verified {
		d.status.State, d.status.Problem = DealVerified, ""
	} else {
		d.status.State, d.status.Problem = DealFailed, r.Problem
	}
	// A share held back while this deal was unverified can go now.
	for e := range g.deals {
		if e > m.Epoch {
			g.contribute(e)
		}
	}
}
