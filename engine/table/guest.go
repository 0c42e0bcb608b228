package table

import (
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
	// Person is, for an extra seat of one person (a second character), the key of the person's
	// first seat and its signature over Identity's key (fair.SignPerson), sent in the hello: the
	// host then runs one away deadline and one stand-in choice for all of the person's seats.
	Person, PersonSig []byte
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
	// Own says the table's host runs in this same page (a solo table, or the table this
	// browser hosts): its deals are audited like any guest's, but when the page later sits at
	// another table, a deal of this one that was still waiting for its reveal is not carried
	// over as a note that this browser left before it. The person closed their own table; the
	// note could only tell them so. A failed deal is carried over as always.
	Own bool
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
	Own   bool         `json:"own,omitempty"`   // the table was this page's own (GuestConfig.Own)
	Deals []DealStatus `json:"deals,omitempty"` // that game's verdicts
	Prev  []DealStatus `json:"prev,omitempty"`  // earlier games' verdicts, oldest first
	// Sealed is a sealed choice committed and not yet applied: after a reload the same
	// commitment is sent again and opened, since the host accepts only one per seat and round.
	Sealed *SealedMemory `json:"sealed,omitempty"`
	// Fault is the table's own verdict (GuestState.Fault): it stays after a reload, as a
	// failed deal does, whichever game it was found in.
	Fault *Fault `json:"fault,omitempty"`
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
	// Sidelined: back after a lost link in a deal shuffled without this seat's share (nor any
	// other person's), we watch its stand-in play the seat until the next deal, or the game's
	// end (guestsideline.go). Legal is empty meanwhile.
	Sidelined bool

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
	// Fault is the first rule of fair play this guest found the host broke when no deal was
	// left to fail with it (every deal verified already): the table's own verdict.
	Fault  *Fault
	Reject *wire.Reject // the latest refusal of something we sent
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
	// absences are the stretches of the game this guest was away for (guestrules.go): only
	// then may a stand-in have played its seat or a deal have left it out.
	absences []absence
	// sidelines are the stretches our seat's stand-in played on while we watched, back in a
	// deal shuffled without us (guestsideline.go).
	sidelines []absence
	// shownStandIns are the stretches of game seqs the lobbies showed each seat stood in
	// (standinshown.go).
	shownStandIns      map[engine.Seat][]absence
	shownStandInRounds map[engine.Seat][2]int // the latest sealed round a shown stand-in committed in
	// standInRound is the seqs (from, to] of a sealed round whose relayed set holds a stand-in's
	// commitment for our seat: its move comes after we are back, and is rightly not ours.
	standInRound [2]int
	// set is the latest relayed set of sealed commitments (of the round at setAt) not yet
	// checked by rule 3 against the replay (openSealed).
	set   []fair.Pledge
	setAt int
	rec   *guestRecord // our ask for the finished game's record (record.go)
	// Auditing left for after the screens are told (later.go): views to record, share sets and
	// signatures to check, a replay to run.
	shown       []shownAt
	sharesLater []sharesAt
	due         bool
	replayDue   bool
	mem         memoryCache // what the last save encoded (memory.go)
	live        live        // the watch on the host keeping the table moving (guestlive.go)
}

type link struct {
	conn     Conn
	gen      int
	next     uint64
	buf      map[uint64]wire.Message
	nonce    []byte
	table    []byte
	rules    int          // our version of the challenge's game rules
	played   engine.Rules // those rules, at the version the host plays (engine.RulesAt)
	welcomed bool
	reliable bool // the conn loses no frame (Reliable): nothing is sent twice on it
	heard    time.Time
	asked    time.Time // last idle resync
	alive    time.Time // last keep-alive (a resync counts as one)
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
	gen     int // the link it was last sent on (0: none)
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
	// sentGen is the link our seal (sentContrib: our share) of this commitment last went out
	// on (0: none); a reliable link carries it once.
	sentGen     int
	sentContrib bool
	// revealed: the host sent the secret; the verdict may still wait for missing moves, asked
	// for since revealedAt.
	revealed   bool
	revealedAt time.Time
	// charges counts the re-commitments accepted after the complete set of seals was relayed
	// (see restart), by the seat they were charged to (-1: none named): the only ones that
	// might let the host choose among deals. sealSet is that relayed set (guestcharge.go).
	charges map[engine.Seat]int
	sealSet []fair.Seal
	// replaced are the commitments of this deal this guest followed until the host committed
	// again, oldest first (a few: restarts are bounded).
	replaced []replacedCommit
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
		g.st.PrevDeals, g.st.Fault = g.memory.Prev, g.memory.Fault
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
	g.leave()
	g.link = &link{conn: c, gen: g.gen, reliable: reliable(c), next: 1, buf: map[uint64]wire.Message{}, heard: time.Now()}
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
	if s.Sidelined = g.sidelinedNow(); g.mayNotPlay() {
		s.Legal = nil // the stand-in's moves, not ours to make (guestsideline.go)
	}
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
	if g.mayNotPlay() {
		return engine.Errorf(wire.KindState, "table: send", "a stand-in plays this seat until the next deal: this one was shuffled without its share")
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
	p.seq, p.gen = g.send(&wire.Move{BasedOn: p.basedOn, Move: p.move, Sig: sig}), g.link.gen
}

// SetReady tells the lobby whether we are ready to start.
func (g *Guest) SetReady(r bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.ready = &r
	if g.st.Seat == engine.Observer {
		// A watcher has no seat to be ready in (the host would refuse it, and its page would
		// show the refusal): the lobby that seats it has this sent then (recv).
		return
	}
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
