package table

import (
	"bytes"
	"crypto/sha256"
	"encoding/base32"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"strconv"
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
	// Memory is what Save last received (JSON of Memory), from local storage: verdicts of this
	// and earlier games, and the moves this guest sent. Save receives it after every change (on
	// the guest's goroutine; it must not block). Both optional. Verdicts are never dropped: a
	// reload, a rematch or a welcome to another table keeps every one, and a deal not verified
	// by then stays failed.
	Memory []byte
	Save   func(memory []byte)
	// Yield is called on the guest's goroutine after it has told its screens of a change and
	// before it audits what came (records the view, checks its signature, replays a revealed
	// deal: up to a whole round's replay), when no other frame is waiting. The browser waits
	// there for its event loop to turn, so the page draws the new view before the audit, which
	// a single-threaded wasm page would otherwise run first. It must return soon. Default:
	// runtime.Gosched.
	Yield func()
}

// Memory is what a guest keeps across reloads.
type Memory struct {
	Table string       `json:"table,omitempty"` // hex id of the game the deals belong to
	Deals []DealStatus `json:"deals,omitempty"` // that game's verdicts
	Prev  []DealStatus `json:"prev,omitempty"`  // earlier games' verdicts, oldest first
	// Sealed is a sealed choice committed and not yet applied: after a reload the same
	// commitment is sent again and opened, since the host accepts only one per seat and round.
	Sealed *SealedMemory `json:"sealed,omitempty"`
}

// maxRestarts bounds the restarts of one deal after its seals were all relayed (see restart).
const maxRestarts = 3

// maxPrev bounds the verdicts kept from earlier games; verified ones go first.
const maxPrev = 500

// Deal verdict states.
const (
	DealPending  = "pending"  // dealt, not yet revealed
	DealVerified = "verified" // revealed; every view this seat saw matches the deal
	DealFailed   = "failed"   // something did not match: see Problem
)

// DealStatus is the verdict on one deal, for the UI.
type DealStatus struct {
	Epoch int    `json:"epoch"`
	State string `json:"state"`
	// Code (a wire reason code: wire.DealMismatch…) and Args say why a deal failed, worded by
	// the reader's catalog; Problem is the English detail, for logs and verdicts saved before
	// codes (which have no Code).
	Code    string   `json:"code,omitempty"`
	Args    []string `json:"args,omitempty"`
	Problem string   `json:"problem,omitempty"`
	Seq     int      `json:"seq,omitempty"`     // game seq of the mismatch
	Checked int      `json:"checked,omitempty"` // views (with legal moves and status) compared
	Table   string   `json:"table,omitempty"`   // hex id of the game (kept in PrevDeals)
	// Restarts counts the re-commitments this guest accepted for the deal: one per roster
	// change it was shown in the lobby (a seat reclaimed with a new key).
	Restarts int `json:"restarts,omitempty"`
	// Missing is the game seq a revealed deal's replay waits for (the host has not told it);
	// the deal stays pending until it arrives, and fails if it never does.
	Missing int `json:"missing,omitempty"`
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

	Chat []wire.Chat
	// Code is a short fingerprint of everything public this guest has been told up to Seq: the
	// table id, every move and every deal's commitment. Players compare codes across the
	// table (aloud, or in the chat): equal codes mean the host told everyone the same story.
	Code string
	// Head is the host's latest signed head this guest checked against its own record (Code
	// comes from it); Evidence holds heads the host signed that contradict that record. Two
	// players' heads for one seq that differ prove the host told two stories
	// (fair.Equivocation), whoever shows them.
	Head     *fair.SignedHead
	Evidence []fair.SignedHead
	Deals    []DealStatus
	Reject   *wire.Reject // the latest refusal of something we sent
	// Away is the latest turn deadline for absent players (nil or no Seats: none), received at
	// AwayAt; its Millis count from then.
	Away   *wire.Away
	AwayAt time.Time
	// Locked is who has committed to a sealed choice in the round that began at seq
	// LockedBase (seat numbers only; see wire.Locked). It holds for that round only.
	Locked     []engine.Seat
	LockedBase int
	// PrevDeals are the final verdicts on the previous game at this table, kept across a
	// rematch; a deal the host had not revealed when the new game began is failed.
	PrevDeals []DealStatus
	// Preview is the table as told before the hello (watch.go); Seating, for a guest without
	// a seat, where its wish to play stands (wire.SeatWaiting, wire.SeatNext).
	Preview *wire.Preview
	Seating string
	// Record is the finished game's proven record the host sent on AskRecord, once this guest
	// has checked it (record.go); RecordState says where the ask stands, RecordCode and
	// RecordProblem why there is none.
	Record        *engine.Record
	RecordState   string
	RecordCode    string
	RecordProblem string
}

// Guest is one player's (or observer's) side of a table.
type Guest struct {
	cfg     GuestConfig
	frames  chan inFrame
	quit    chan struct{}
	updates chan struct{}
	wg      sync.WaitGroup
	once    sync.Once

	mu       sync.Mutex
	st       GuestState
	link     *link
	gen      int
	outSeq   uint64
	rules    engine.Rules
	audit    *fair.Auditor
	deals    map[int]*guestDeal
	pending  *pendingMove
	sealed   *sealedChoice // our committed sealed choice, until its round is applied
	ready    *bool
	overAt   time.Time
	tableID  []byte
	decoded  bool // st.View matches st.ViewJSON
	saved    string
	chatN    int                 // the number of our latest chat line
	chatSeen map[string]*lineSet // chat line numbers seen per speaker
	says     []*saying           // our chat lines the host has not relayed back yet
	// The signed log head (head.go): heads held until their moves are known, the latest one
	// checked, heads that contradict our record, the key the host signs with, and our chain.
	heads      []heldHead
	head       *fair.SignedHead
	evidence   []fair.SignedHead
	pinnedKey  []byte
	chain      [32]byte
	chainAt    int
	chainEpoch int
	memory     Memory // as loaded: its deals are restored when that game is welcomed again
	// catchUp: welcomed to a started game, the current view not yet received. What comes
	// meanwhile happened while this guest was away (a stand-in may have played its seat).
	catchUp bool
	// standInRound is the seqs (from, to] of a sealed round whose relayed set holds a stand-in's
	// commitment for our seat: its move comes after we are back, and is rightly not ours.
	standInRound [2]int
	rec          *guestRecord // our ask for the finished game's record (record.go)
	// Auditing left for after the screens are told (later.go): views to record, share sets and
	// signatures to check, a replay to run.
	shown       []shownAt
	sharesLater []sharesAt
	due         bool
	replayDue   bool
	mem         memoryCache // what the last save encoded (memory.go)
}

type link struct {
	conn     Conn
	gen      int
	next     uint64
	buf      map[uint64]wire.Message
	nonce    []byte
	table    []byte
	rules    int // our version of the challenge's game rules
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
	share   *fair.Share // ours, for this commitment: revealed only once every seal is relayed
	seal    *fair.Seal  // the seal of share, sent first
	sealed  bool        // the complete set of seals was relayed and checked
	lost    bool        // the set holds a seal of ours we no longer hold the share of
	relayed bool
	// revealed: the host sent the secret; the verdict may still wait for missing moves, asked
	// for since revealedAt.
	revealed   bool
	revealedAt time.Time
	// charges counts the re-commitments accepted after the complete set of seals was relayed
	// (see restart), by the seat they were charged to (-1: none named): the only ones that
	// might let the host choose among deals. sealSet is that relayed set (guestcharge.go).
	charges map[engine.Seat]int
	sealSet []fair.Seal
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
	g.chatSeen = map[string]*lineSet{}
	if len(cfg.Memory) > 0 && json.Unmarshal(cfg.Memory, &g.memory) == nil {
		g.st.PrevDeals = g.memory.Prev
		g.saved = string(cfg.Memory)
	}
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
	s.Waiting = g.pending != nil || g.sealed != nil
	s.Deals = g.sortedDeals()
	s.PrevDeals = append([]DealStatus(nil), g.st.PrevDeals...)
	s.Code = g.code()
	if g.head != nil {
		h := *g.head
		s.Head = &h
	}
	s.Evidence = append([]fair.SignedHead(nil), g.evidence...)
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
	if g.st.Status.Sealed {
		return g.seal(m)
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
	sig := g.cfg.Identity.SignMove(g.tableID, p.basedOn+1, p.move)
	p.seq = g.send(&wire.Move{BasedOn: p.basedOn, Move: p.move, Sig: sig})
}

// SetReady tells the lobby whether we are ready to start.
func (g *Guest) SetReady(r bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.ready = &r
	g.send(&wire.Ready{Ready: r})
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
			g.frame(f)
		case <-t.C:
			g.mu.Lock()
			changed := g.tick()
			if changed {
				g.save()
			}
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
	if errors.Is(err, wire.ErrVersion) && !l.welcomed {
		// Another build of the app: say so, rather than wait for a table that never answers.
		g.logf("table: the host speaks protocol version %d; this app speaks %d", wire.FrameVersion(f.frame), wire.Version)
		g.st.Dropped = &wire.Bye{Kind: wire.KindVersion, Code: wire.ByeVersion}
		l.nonce = nil
		return true
	}
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
		if g.sealed != nil && now.Sub(g.sealed.sent) >= g.cfg.Tick {
			g.sendSealed()
		}
		g.resendSays(now)
		for _, d := range g.deals {
			if d.share != nil && !d.relayed && d.status.State == DealPending {
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
	changed := l.welcomed && g.askMissing(now)
	changed = g.recordTick(now) || changed
	if g.st.Status.Over {
		if g.overAt.IsZero() {
			g.overAt = now
		} else if now.Sub(g.overAt) >= g.cfg.RevealTimeout {
			for _, d := range g.deals {
				if d.status.State == DealPending {
					d.status.fail(wire.DealNeverRevealed, "the host never revealed this deal after the game ended")
					changed = true
				}
			}
		}
	}
	return changed
}

func (g *Guest) hello(l *link) {
	g.send(&wire.Hello{Rules: l.rules, Name: g.cfg.Name, Key: g.cfg.Identity.Public(), Sig: g.cfg.Identity.SignHelloBound(l.nonce, l.table, binding(l.conn)), Token: g.st.Token})
}

// process handles one in-order message from the host.
func (g *Guest) process(l *link, msg wire.Message) {
	if _, view := msg.(*wire.View); g.due && !view {
		g.auditNow() // later.go: only a view goes ahead of the audit of what came before it
	}
	switch m := msg.(type) {
	case *wire.Challenge:
		l.nonce, l.table, l.rules = m.Nonce, m.Table, 0
		if r, ok := g.cfg.Rules(m.Game); ok {
			l.rules = r.Version()
			if r.Version() != m.Rules {
				// Told before anything of the game: another build, not a dishonest host.
				g.logf("table: the host plays %s rules version %d; this app has version %d", m.Game, m.Rules, r.Version())
				g.st.Dropped = &wire.Bye{Kind: wire.KindVersion, Code: wire.ByeVersion}
				l.nonce = nil
				return
			}
		}
		g.hello(l)
	case *wire.Welcome:
		g.welcome(l, m)
	case *wire.Lobby:
		g.st.Lobby = *m
		if g.audit != nil {
			for _, s := range m.Seats {
				if !s.Bot {
					g.audit.Key(s.Seat, s.Key)
				}
			}
		}
	case *wire.Log:
		if g.audit == nil || g.beyond(m.From+len(m.Moves)) {
			return
		}
		for i, mv := range m.Moves {
			if err := g.audit.Move(m.From+i+1, mv); err != nil {
				g.failAll(mismatch(err))
			}
			if i < len(m.Sigs) {
				if err := g.audit.Sig(m.From+i+1, m.Sigs[i]); err != nil {
					g.failAll(mismatch(err))
				}
			}
			if i < len(m.Nonces) {
				if err := g.audit.Nonce(m.From+i+1, m.Nonces[i]); err != nil {
					g.failAll(mismatch(err))
				}
			}
		}
		for _, i := range m.StandIns {
			g.audit.StandIn(m.From + i + 1)
		}
		g.due = true // signatures to check
		g.settleIfWaiting()
		g.checkHeads()
	case *wire.View:
		g.view(m)
	case *wire.Reject:
		g.reject(m)
	case *wire.Commit:
		g.commit(m)
	case *wire.Seals:
		g.seals(m)
	case *wire.Pledges:
		g.pledges(m)
	case *wire.Contribs:
		g.contribs(m)
	case *wire.Reveal:
		g.reveal(m)
	case *wire.Chat:
		g.chat(m)
	case *wire.Locked:
		g.st.Locked, g.st.LockedBase = m.Seats, m.Base
	case *wire.Away:
		g.st.Away, g.st.AwayAt = m, time.Now()
	case *wire.Head:
		g.takeHead(m)
	case *wire.Bye:
		g.st.Dropped, g.st.Connected = m, false
	case *wire.Preview:
		g.st.Preview = m
	case *wire.Seating:
		g.st.Seating = m.State
	case *wire.Record:
		g.recordPart(m)
	default:
		g.logf("table: guest ignored a %s from the host", msg.Type())
	}
}

func (g *Guest) welcome(l *link, m *wire.Welcome) {
	l.welcomed = true
	tbl := hex.EncodeToString(m.Table)
	if g.st.Table != "" && g.st.Table != tbl {
		// Another game (the host's rematch) or another table altogether: start a fresh record,
		// keeping the chat and every verdict. A deal not verified by now never will be.
		why := reason{wire.DealNewGame, "the host started a new game without revealing this deal", nil}
		if m.Match <= g.st.Match {
			why = reason{wire.DealOtherTable, "the host switched to another table without revealing this deal", nil}
		}
		prev := g.endGame(why)
		g.audit, g.deals, g.pending, g.overAt, g.decoded = nil, map[int]*guestDeal{}, nil, time.Time{}, false
		g.sealed = nil
		g.shown, g.sharesLater, g.due, g.replayDue = nil, nil, false, false
		g.heads, g.head, g.pinnedKey, g.chain, g.chainAt, g.chainEpoch = nil, nil, nil, [32]byte{}, 0, 0
		g.st = GuestState{Chat: g.st.Chat, Token: g.st.Token, PrevDeals: prev, Preview: g.st.Preview, Seating: g.st.Seating}
	}
	if g.st.Table == "" && g.memory.Table != "" {
		if g.memory.Table == tbl {
			g.restoreDeals() // a reload: this game's verdicts stand
			g.restoreSealed(m.Table, g.memory.Sealed)
		} else {
			g.st.PrevDeals = keepPrev(append(g.st.PrevDeals, closeDeals(g.memory.Deals, reason{wire.DealLeftBefore, "this browser left the game before the deal was revealed", nil})...))
		}
		g.memory.Table, g.memory.Deals, g.memory.Sealed = "", nil, nil
	}
	g.st.Connected, g.st.Dropped = true, nil
	g.catchUp = m.Started
	g.st.Seat, g.st.Game, g.st.Table, g.st.Config, g.st.Started, g.st.Match = m.Seat, m.Game, tbl, m.Config, m.Started, m.Match
	g.tableID = m.Table
	if m.Token != "" {
		g.st.Token = m.Token
	}
	if r, ok := g.cfg.Rules(m.Game); ok {
		g.rules = r
	}
	g.flushSays(false) // lines said while this link was not yet welcomed, or lost with the last
	if m.Started && g.audit == nil && g.rules != nil {
		a, err := fair.NewAuditor(g.rules, m.Config, m.Seat)
		if err != nil {
			g.logf("table: guest cannot follow the game: %v", err)
			return
		}
		a.Signed(m.Table)
		for _, s := range g.st.Lobby.Seats {
			if !s.Bot {
				a.Key(s.Seat, s.Key)
			}
		}
		g.audit = a
	}
}

func (g *Guest) view(m *wire.View) {
	if g.audit != nil && g.beyond(m.Seq) {
		return
	}
	if g.audit != nil {
		if m.Move != nil && m.StandIn {
			g.standInMove(m)
		}
		if m.Move != nil {
			if err := g.audit.Move(m.Seq, *m.Move); err != nil {
				g.failAll(mismatch(err))
			}
			if err := g.audit.Sig(m.Seq, m.Sig); err != nil {
				g.failAll(mismatch(err))
			}
			if err := g.audit.Nonce(m.Seq, m.Nonce); err != nil {
				g.failAll(mismatch(err))
			}
		}
		g.later(m.Seq, fair.Shown{View: m.View, Legal: m.Legal, Status: m.Status})
		if g.catchUp {
			g.catchUp = false
			for e := range g.deals { // the deals still open, now that catch-up told which
				g.contribute(e)
			}
		}
		g.settleIfWaiting()
		g.checkHeads()
	}
	if g.st.HasView && m.Seq < g.st.Seq {
		return
	}
	g.st.Seq, g.st.ViewJSON, g.st.Legal, g.st.Status, g.st.HasView = m.Seq, m.View, m.Legal, m.Status, true
	g.st.View, g.decoded = nil, false // decoded when State is next called
	g.sealedDone()
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
	if g.recordReject(m) {
		return
	}
	if s := g.sealed; s != nil && m.Ref == s.seq && m.Kind != wire.KindStale {
		g.sealed = nil // refused for good (a stale refusal is a round the host has not opened yet)
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

// endGame closes the current game's verdicts (unverified ones fail with why) and returns every
// verdict kept from earlier games with them.
func (g *Guest) endGame(why reason) []DealStatus {
	cur := closeDeals(g.sortedDeals(), why)
	for i := range cur {
		cur[i].Table = g.st.Table
	}
	return keepPrev(append(append([]DealStatus(nil), g.st.PrevDeals...), cur...))
}

func closeDeals(deals []DealStatus, why reason) []DealStatus {
	out := make([]DealStatus, 0, len(deals))
	for _, d := range deals {
		if d.State == DealPending {
			d.fail(why.code, why.text, why.args...)
		}
		out = append(out, d)
	}
	return out
}

// keepPrev bounds the kept verdicts, dropping the oldest verified ones first: a failure is
// never dropped.
func keepPrev(prev []DealStatus) []DealStatus {
	for i := 0; len(prev) > maxPrev && i < len(prev); {
		if prev[i].State == DealVerified {
			prev = append(prev[:i], prev[i+1:]...)
			continue
		}
		i++
	}
	return prev
}

// restoreDeals brings back this game's verdicts from before a reload: a failed deal stays
// failed whatever the host says now.
func (g *Guest) restoreDeals() {
	for _, d := range g.memory.Deals {
		if d.State == DealFailed {
			gd := g.deal(d.Epoch)
			gd.status = d
		}
	}
}

// save hands the guest's memory to cfg.Save when it changed.
func (g *Guest) save() {
	if g.cfg.Save == nil {
		return
	}
	deals := g.sortedDeals()
	for i := range deals {
		deals[i].Table = g.st.Table
	}
	b, changed, err := g.mem.encode(Memory{Table: g.st.Table, Deals: deals, Prev: g.st.PrevDeals, Sealed: g.sealedMemory()})
	if err != nil || !changed || string(b) == g.saved {
		return
	}
	g.saved = string(b)
	g.cfg.Save(b)
}

// failAll marks every unverified deal as failed: the host told two different stories.
func (g *Guest) failAll(problem reason) {
	for _, d := range g.deals {
		if d.status.State != DealVerified {
			d.status.fail(problem.code, problem.text, problem.args...)
		}
	}
	if len(g.deals) == 0 {
		g.deals[0] = &guestDeal{status: DealStatus{Epoch: 0, State: DealFailed, Code: problem.code, Args: problem.args, Problem: problem.text}}
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
	if d.status.State != DealPending {
		return
	}
	var c [32]byte
	copy(c[:], m.C)
	cx := fair.Context{Game: g.st.Game, Table: g.tableID, Epoch: m.Epoch, Deal: m.Context, Roster: m.Roster}
	if s := g.st.Seat; s >= 0 && (!s.Valid(len(cx.Roster)) || len(cx.Roster[s]) == 0) && !g.catchUp {
		// Without our key the deal would go ahead without our share: the host alone would
		// choose it, and could show every guest a different one.
		d.status.fail(wire.DealLeftOut, "the host left this seat out of the deal")
		return
	}
	commit := g.audit.Commit
	if d.cx.Roster != nil && d.c != c {
		if err := g.restart(d, cx, m.Cause); err != nil {
			d.status.fail(wire.DealMismatch, err.Error())
			return
		}
		commit = g.audit.Restart
	}
	if err := commit(cx, c); err != nil {
		d.status.fail(wire.DealMismatch, err.Error())
		return
	}
	if d.c != c {
		// A new commitment needs a fresh share, and a fresh set of seals before any reveal.
		d.share, d.seal, d.sealed, d.lost = nil, nil, false, false
	}
	d.cx, d.c = cx, c
	g.contribute(m.Epoch)
}

// restart accepts a second commitment for a deal only for a roster change this guest was shown
// in the lobby, never for the host's own seat, or for shares sealed but never revealed. A host
// that has seen shares could otherwise re-deal until it liked the deal, so the restarts of a
// commitment whose seals were all relayed (our share may be out) are bounded by maxRestarts.
// Before that nobody's share is out and a restart tells the host nothing: a seat change shown
// again (a player left, a bot stood in, they came back, left again) is accepted each time.
func (g *Guest) restart(d *guestDeal, cx fair.Context, cause *wire.Share) error {
	if len(cx.Roster) != len(d.cx.Roster) {
		return engine.Errorf(engine.KindIllegal, "table: deal", "the host re-committed deal %d for another number of seats", cx.Epoch)
	}
	seats := g.st.Lobby.Seats
	changed, first := false, engine.Seat(-1)
	for i := range cx.Roster {
		if bytes.Equal(cx.Roster[i], d.cx.Roster[i]) {
			continue
		}
		if !changed {
			first = engine.Seat(i)
		}
		changed = true
		switch {
		case i >= len(seats) || !bytes.Equal(seats[i].Key, cx.Roster[i]) && !(seats[i].StandIn && len(cx.Roster[i]) == 0):
			return engine.Errorf(engine.KindIllegal, "table: deal", "the host re-committed deal %d for a seat change this guest was never shown", cx.Epoch)
		case seats[i].Host:
			return engine.Errorf(engine.KindIllegal, "table: deal", "the host re-committed deal %d by changing its own seat's key", cx.Epoch)
		}
	}
	if !changed && !d.sealed {
		return engine.Errorf(engine.KindIllegal, "table: deal", "the host re-committed deal %d without any seat change", cx.Epoch)
	}
	if d.sealed {
		// Every seal was in: a contributor never revealed its share (perhaps the host's own
		// page, after seeing the others'), or a seat changed after shares may have gone out.
		// Allowed, counted, charged to the seat that caused it, and only a few times each.
		if err := g.charge(d, cx, first, cause); err != nil {
			return err
		}
	}
	d.status.Restarts++
	return nil
}

// checkRoster compares a deal's roster with the lobby this guest was shown: the same identity
// key at every player's seat, none at a bot's.
func (g *Guest) checkRoster(cx fair.Context) error {
	seats := g.st.Lobby.Seats
	if len(seats) != len(cx.Roster) {
		return engine.Errorf(engine.KindIllegal, "table: deal", "deal %d lists %d seats, the lobby %d", cx.Epoch, len(cx.Roster), len(seats))
	}
	for i, s := range seats {
		want := s.Key
		if s.Bot || s.StandIn {
			want = nil
		}
		if !bytes.Equal(want, cx.Roster[i]) {
			return engine.Errorf(engine.KindIllegal, "table: deal", "deal %d's key for seat %d differs from the lobby", cx.Epoch, i)
		}
	}
	return nil
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
	if err := g.checkRoster(d.cx); err != nil {
		if g.catchUp {
			// In catch-up each deal comes before its shares: one already dealt may predate
			// today's lobby (a stand-in seated since). Checked again when the view ends it.
			return
		}
		d.status.fail(wire.DealMismatch, err.Error())
		return
	}
	for e := 1; e < epoch; e++ {
		prev, ok := g.deals[e]
		switch {
		case !ok:
			return // not known yet (the log is still coming)
		case prev.status.State == DealPending && prev.revealed:
			return // revealed, its replay still waits for moves: verify it first
		case prev.status.State == DealPending:
			prev.status.fail(wire.DealSkipped, "the host started the next deal without revealing this one")
			return
		case prev.status.State == DealFailed:
			return // refuse to play on with a host caught lying
		}
	}
	if d.share == nil {
		sec, err := fair.Secret(g.cfg.Rand)
		if err != nil {
			g.logf("table: guest: %v", err)
			return
		}
		sh := g.cfg.Identity.Contribute(d.cx.Bytes(), d.c, s, sec)
		sl := g.cfg.Identity.SealShare(d.cx.Bytes(), d.c, s, sec)
		d.share, d.seal = &sh, &sl
		// The set of seals is out already: the one in it for our seat was sealed before this
		// page reloaded (its share is lost). Our new seal makes the host restart the deal.
		d.lost = d.sealed
	}
	g.sendShare(d)
}

// sendShare sends our seal until the complete set of seals is relayed, then the share itself.
func (g *Guest) sendShare(d *guestDeal) {
	if !d.sealed || d.lost {
		g.send(&wire.Seal{Epoch: d.cx.Epoch, Seat: d.seal.Seat, SC: d.seal.SC[:], Sig: d.seal.Sig})
		return
	}
	g.send(&wire.Contrib{Epoch: d.cx.Epoch, Seat: d.share.Seat, S: d.share.S[:], Sig: d.share.Sig})
}

// seals checks the relayed set of seals (every contributor's, ours unchanged among them) and
// only then reveals our share.
func (g *Guest) seals(m *wire.Seals) {
	d, ok := g.deals[m.Epoch]
	if !ok || g.audit == nil || d.status.State != DealPending {
		return
	}
	seals := make([]fair.Seal, len(m.Seals))
	for i, s := range m.Seals {
		seals[i] = fair.Seal{Seat: s.Seat, Sig: s.Sig}
		copy(seals[i].SC[:], s.S)
	}
	// The set must cover every keyed seat, ours included, each seal signed by its seat's key.
	if err := g.audit.Seals(m.Epoch, seals, nil); err != nil {
		d.status.fail(wire.DealMismatch, err.Error())
		return
	}
	d.sealed, d.sealSet = true, seals
	for _, sl := range seals {
		if d.seal != nil && sl.Seat == d.seal.Seat && sl.SC != d.seal.SC {
			// Signed by our key but not the share we hold: sealed before this page reloaded,
			// so that share is lost. Reveal nothing; our new seal makes the host restart.
			d.lost = true
		}
	}
	if d.share != nil && !d.relayed {
		g.sendShare(d)
	}
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
	// Checked after the screens are told (later.go): the deal's first view comes right behind.
	g.sharesLater = append(g.sharesLater, sharesAt{m.Epoch, shares})
	g.due = true
}

func (g *Guest) reveal(m *wire.Reveal) {
	d, ok := g.deals[m.Epoch]
	if !ok || g.audit == nil || d.status.State != DealPending || d.revealed {
		return
	}
	var h [32]byte
	copy(h[:], m.H)
	d.revealed, d.revealedAt = true, time.Now()
	// The secret is checked now; the replay, up to a round of moves, waits until the screens
	// have what came before it (later.go). Until its verdict the deal stays pending, and so
	// does our share of the next one (see contribute).
	if res, done := g.audit.Open(m.Epoch, h); done {
		g.verdict(res)
	}
	g.due, g.replayDue = true, true
}

// settleIfWaiting retries the replay (after the screens are told) when a revealed deal waits
// for moves.
func (g *Guest) settleIfWaiting() {
	for _, d := range g.deals {
		if d.revealed && d.status.State == DealPending {
			g.due, g.replayDue = true, true
			return
		}
	}
}

// settle takes the auditor's verdicts on every revealed deal and, once a deal is verified,
// sends the shares held back for later deals.
func (g *Guest) settle() {
	if g.audit == nil {
		return
	}
	for _, r := range g.audit.Settle() {
		g.verdict(r)
	}
	for e := range g.deals {
		g.contribute(e)
	}
}

func (g *Guest) verdict(r fair.Result) {
	d, ok := g.deals[r.Epoch]
	if !ok || d.status.State != DealPending {
		return
	}
	d.status.Seq, d.status.Checked, d.status.Missing = r.Seq, r.Checked, 0
	switch {
	case r.Verified:
		d.status.State, d.status.Problem = DealVerified, ""
	case r.Pending:
		d.status.Missing = r.Missing
	default:
		d.status.fail(wire.DealMismatch, r.Problem)
	}
}

// askMissing asks again for the move a revealed deal's replay waits for, and fails the deal
// once the host has withheld it past the deadline.
func (g *Guest) askMissing(now time.Time) bool {
	changed, need := false, 0
	for _, d := range g.deals {
		if !d.revealed || d.status.State != DealPending || d.status.Missing == 0 {
			continue
		}
		if now.Sub(d.revealedAt) >= g.cfg.RevealTimeout {
			d.status.fail(wire.DealWithheld, fmt.Sprintf("the host withheld move %d", d.status.Missing), strconv.Itoa(d.status.Missing))
			d.status.Seq = d.status.Missing
			changed = true
			continue
		}
		if need == 0 || d.status.Missing < need {
			need = d.status.Missing
		}
	}
	if need > 0 {
		g.send(&wire.Need{From: need - 1})
	}
	return changed
}

// code hashes the public record up to the latest view into the short table code (GuestState.Code).
func (g *Guest) code() string {
	if g.head != nil {
		return g.head.Code()
	}
	if g.audit == nil || !g.st.HasView {
		return ""
	}
	// A host that signs no head (no identity given): the same kind of chain, unsigned.
	h := sha256.New()
	h.Write(g.tableID)
	epoch := 0
	for seq := 1; seq <= g.st.Seq; seq++ {
		m, ok := g.audit.MoveAt(seq)
		if !ok {
			return "" // not all known yet
		}
		b, _ := json.Marshal(m)
		h.Write(b)
		if m.Kind == engine.KindDeal {
			epoch++
			_, c, ok := g.audit.Committed(epoch)
			if !ok {
				return ""
			}
			h.Write(c[:])
		}
	}
	if d := g.st.Status.Deal; d != nil { // the deal being made now, committed already
		_, c, ok := g.audit.Committed(d.Epoch)
		if !ok {
			return ""
		}
		h.Write(c[:])
	}
	sum := h.Sum(nil)
	s := base32.StdEncoding.EncodeToString(sum[:5])
	return s[:4] + "-" + s[4:]
}
