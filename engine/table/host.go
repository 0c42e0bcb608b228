package table

import (
	"encoding/hex"
	"io"
	"sync"
	"time"

	"miskatonic/engine"
	"miskatonic/engine/fair"
	"miskatonic/engine/wire"
)

// BotFunc plays one seat: it is given only that seat's view and its legal moves (never empty)
// and returns one of them.
type BotFunc = func(view engine.View, legal []engine.Move) (engine.Move, error)

// HostConfig sets up a host.
type HostConfig struct {
	// Rand supplies every secret: deal secrets, challenges, seat tokens, the table id.
	// The app passes crypto/rand.Reader; tests pass a seeded engine/rng stream. Required.
	Rand io.Reader
	// HostKey is the identity key of the host's own player, marked as host in the lobby.
	HostKey []byte
	// Signer is the host's own player's identity (optional): with it the host signs the head
	// of the game's hash chain at every deal's end and the game's, which every guest checks
	// and derives the table code from (head.go). HostKey defaults to its key.
	Signer fair.Identity
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
	// MaxObservers caps the connections watching without a seat (default 8), and MaxLinks all
	// connections, seated or not, proved or not (default twice the seats plus MaxObservers). A
	// new link when all are taken closes the oldest one that has not said hello yet.
	MaxObservers int
	MaxLinks     int
	// ShareTimeout is how long a deal waits for the shares once every seal is in (default
	// 60s). A contributor that sealed but never reveals (perhaps after seeing the others'
	// shares) then gets the deal started again, which every guest sees counted.
	ShareTimeout time.Duration
	// TurnTimeout is how long the table waits for a player whose connection went before the
	// host's player is asked to wait longer, seat a stand-in or end the game (default 30s). It
	// runs once per person, from when they left (away.go).
	TurnTimeout time.Duration
	// SilentAfter drops a seated guest's link that has carried nothing for this long (zero:
	// never; the app uses 6 s), so a tab that vanished without closing its link is noticed in
	// seconds (silence.go). Guests send a keep-alive every two ticks.
	SilentAfter time.Duration
	// Clock is the time deadlines for absent players run on (default: the system's).
	Clock Clock
	// StandInLevel is the bot level (for Bots) of a stand-in the host seats by itself, for a
	// seat benched for restarting or withholding its share of a deal (default "random").
	StandInLevel string
	// MaxStrikes is how many refused forged, malformed or flooding messages a guest may send
	// before it is dropped (default 50). Honest races (stale or out-of-turn moves) are no strike.
	MaxStrikes int
	// Logf receives one line per refused message or dropped guest (optional).
	Logf func(format string, args ...any)
	// Persist receives a Snapshot of the table (on the match goroutine) after every change and
	// before guests hear of it; the app stores it so a reloaded host can Resume (optional).
	Persist func(snapshot []byte)
	// AskToJoin: a new player waits unseated until the host admits or refuses it (watch.go).
	AskToJoin bool
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
	sigs     [][]byte      // sigs[i] is the mover's signature on moves[i] (nil: a deal, a bot)
	deals    []*dealState  // by epoch-1
	botTimer *time.Timer
	// shareTimer restarts a deal whose shares do not all come in (see HostConfig.ShareTimeout).
	shareTimer *time.Timer
	botDue     bool
	overSent   bool
	match      int             // games played at this table before the current one
	banned     map[string]bool // identity keys the host refused
	admitted   map[string]bool // watchers' identity keys the host agreed to seat at the next game (watch.go)
	sealed     *sealedRound    // the open round of sealed moves, if any (sealed.go)
	nonces     map[int][]byte  // the opening of each sealed move, by game seq
	ask        bool            // new players wait for the host (watch.go)
	beside     besideGame      // a host-blind game played beside the lobby (beside.go)

	chatLog  []chatLine          // the latest chat lines, replayed in welcomes (chat.go)
	chatSeen map[string]*lineSet // line numbers relayed per identity key
	standIns map[int]bool        // game seqs of moves stand-ins played (away.go)
	// The turn deadline for absent players (away.go).
	away        []engine.Seat
	gone        map[engine.Seat]time.Time // when each absent seat's player left (away.go)
	waitFrom    time.Time                 // the host's last "wait longer"
	silence     Timer                     // the next look for silent links (silence.go)
	silenceAt   time.Time                 // the last look
	awayTimer   Timer
	awayGen     int
	awayUntil   time.Time
	awayExpired bool
	awayRunOut  int // how many of away's seats' people's own deadlines have run out
	// padSize is the size of every view frame of game seq padSeq (send.go).
	padSeq   int
	padTable []byte
	padSize  int
	// The hash chain over the public record (head.go): its head after chainAt moves of the game
	// chainTable, and the latest head signed.
	chain      [32]byte
	chainAt    int
	chainTable []byte
	head       *wire.Head
}

type seatState struct {
	Name  string `json:"name"`
	Key   []byte `json:"key,omitempty"`
	Token string `json:"token,omitempty"`
	Bot   bool   `json:"bot,omitempty"`
	Level string `json:"level,omitempty"`
	Ready bool   `json:"ready,omitempty"`
	// StandIn: a bot (botFn, of Level) plays this absent player's seat until they come back.
	StandIn bool `json:"standIn,omitempty"`
	// Benched is the deal (epoch) this seat was benched from (charge.go): until it is dealt,
	// its player may not take the seat back.
	Benched int `json:"benched,omitempty"`
	// Person is the key of the person this seat's player is one of the seats of, when its
	// hello showed a claim by that key (fair.SignPerson): an extra character's.
	Person []byte  `json:"person,omitempty"`
	peer   *peer   // nil while disconnected
	botFn  BotFunc // bots only
}

// person is whose seat this is: the key that vouched for it, or its own.
func (s *seatState) person() []byte {
	if len(s.Person) > 0 {
		return s.Person
	}
	return s.Key
}

type event struct {
	peer  *peer
	seq   uint64
	msg   wire.Message
	err   error // a refused frame
	gone  bool  // the connection ended
	call  func()
	reply chan struct{}
	bot   bool

	version int // the protocol version of a frame of another version (err says so)
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
	if cfg.Signer.Public() != nil && len(cfg.HostKey) == 0 {
		cfg.HostKey = cfg.Signer.Public()
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
	if cfg.MaxObservers <= 0 {
		cfg.MaxObservers = 8
	}
	if cfg.MaxLinks <= 0 {
		cfg.MaxLinks = 2*cfg.Seats + cfg.MaxObservers
	}
	if cfg.ShareTimeout <= 0 {
		cfg.ShareTimeout = 60 * time.Second
	}
	if cfg.TurnTimeout <= 0 {
		cfg.TurnTimeout = 30 * time.Second
	}
	if cfg.Clock == nil {
		cfg.Clock = systemClock{}
	}
	if cfg.StandInLevel == "" {
		cfg.StandInLevel = "random"
	}
	if cfg.HelloTimeout <= 0 {
		cfg.HelloTimeout = 30 * time.Second
	}
	h := &Host{
		rules: rules, cfg: cfg, maxSeats: cfg.Seats,
		events: make(chan event, 64), quit: make(chan struct{}), ended: make(chan struct{}), done: make(chan struct{}),
		options: map[string]string{}, peers: map[int]*peer{}, chatSeen: map[string]*lineSet{}, ask: cfg.AskToJoin,
	}
	for _, o := range rules.Options() {
		h.options[o.Key] = o.Default
	}
	return h, nil
}

func (h *Host) run() {
	h.wg.Add(1)
	go h.loop()
	h.do(h.watchSilence)
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
			if h.shareTimer != nil {
				h.shareTimer.Stop()
			}
			h.stopAway()
			if h.silence != nil {
				h.silence.Stop()
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
			case ev.version != 0 && !ev.peer.welcomed: // another build; once welcomed, an attack
				h.versionBye(ev.peer, ev.version)
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
			h.dropPeer(p, &wire.Bye{Kind: wire.KindState, Code: wire.ByeClosed})
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
	// Watchers are the connections watching without a seat (late arrivals, joiners waiting
	// for approval); Ask is whether new players wait for the host.
	Watchers []Watcher
	Ask      bool
}

// State returns a copy of the table's public state.
func (h *Host) State() HostState {
	var st HostState
	h.do(func() {
		st = HostState{Table: hex.EncodeToString(h.table), Game: h.rules.Name(), Seats: h.lobby().Seats, Options: copyMap(h.options), Started: h.started, Match: h.match, Seq: len(h.moves), Watchers: h.watchers(), Ask: h.ask}
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
		rec = engine.Record{Game: h.rules.Name(), Version: h.rules.Version(), Config: h.config, Moves: h.publicLog(0, true)}
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
