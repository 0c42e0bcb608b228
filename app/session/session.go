// Package session is the browser's glue between the screens and a table. It runs a table.Host
// in the page (solo games and hosted tables) with the local player as a guest over an in-memory
// pipe, or joins someone else's table as a guest. Screens read a Snapshot and call methods; they
// never touch the table or the network. The host's table is saved to browser storage after every
// change, so a reload resumes it and the guests reconnect.
package session

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"time"

	"miskatonic/app/rtc"
	"miskatonic/engine"
	"miskatonic/engine/bot"
	"miskatonic/engine/fair"
	"miskatonic/engine/games"
	"miskatonic/engine/table"
	"miskatonic/engine/wire"
	"miskatonic/internal/sigcheck"
)

// Kind says how this browser sits at the table.
type Kind string

const (
	Solo  Kind = "solo"  // host with bots only, no network
	Host  Kind = "host"  // host of a table others join over WebRTC
	Guest Kind = "guest" // joined someone else's table
)

// Snapshot is what the screens show; it is a copy.
type Snapshot struct {
	table.GuestState
	Kind    Kind
	Invite  string // the invite URL of a hosted table
	Problem string // message-catalog key of a problem, "" when all is well
	Fatal   bool   // the session cannot go on (broken invite, full table, host gone)
	// Watchers (host only) are those watching without a seat; Ask, whether new players wait
	// for the host's approval (watch.go).
	Watchers []table.Watcher
	Ask      bool
}

// Session is this browser's seat at one table.
type Session struct {
	kind  Kind
	game  string
	name  string
	store Store
	host  *table.Host // Solo and Host only
	guest *table.Guest
	hands []*table.Guest // the person's extra seats at their own table (hands.go), under mu

	mu      sync.Mutex
	subs    map[int]func()
	nextSub int
	invite  string
	problem string
	fatal   bool
	// joinRoom is "<room>.<secret>" of the invite a guest joined by ("" otherwise).
	joinRoom string
	// remote is how a guest reached the host, so an extra seat can dial it too (hands.go).
	remote *remoteJoin
	closed bool

	save chan struct{}
	quit chan struct{}
	wg   sync.WaitGroup

	score []byte // the running score (score.go), under mu

	// Links (links.go), under mu: a host's joiners' paths and notices, a guest's own link.
	paths   map[string]rtc.Path
	notices []Notice
	link    *rtc.Conn

	// blind is the table's host-blind game (blind.go); nil for solo tables.
	blind *blind

	// onClose runs when the session ends (closing network listeners).
	onClose []func()
}

var (
	curMu   sync.Mutex
	current *Session
)

// Current is the session of this page, if any.
func Current() *Session {
	curMu.Lock()
	defer curMu.Unlock()
	return current
}

// SetCurrent makes s this page's session, closing the one before (a page has one table).
func SetCurrent(s *Session) {
	curMu.Lock()
	old := current
	current = s
	curMu.Unlock()
	if old != nil && old != s {
		old.Close()
	}
}

// Kind reports how this browser sits at the table.
func (s *Session) Kind() Kind { return s.kind }

// Game is the game's name ("arkham").
func (s *Session) Game() string {
	if s.game == "" {
		return s.guest.State().Game
	}
	return s.game
}

// Snapshot returns what the screens show now.
func (s *Session) Snapshot() Snapshot {
	start := traceNow()
	snap := Snapshot{GuestState: s.acting().State(), Kind: s.kind}
	defer traceSnapshot(snap.Seq, start)
	s.mu.Lock()
	snap.Invite, snap.Problem, snap.Fatal = s.invite, s.problem, s.fatal
	s.mu.Unlock()
	if s.host != nil && s.kind == Host {
		hs := s.host.State()
		snap.Watchers, snap.Ask = hs.Watchers, hs.Ask
	}
	s.blind.snapshot(&snap)
	if snap.Problem == "" && snap.Dropped != nil {
		snap.Problem, snap.Fatal = byeProblem(snap.Dropped), true
	}
	return snap
}

// Subscribe calls f (on some goroutine) after every change; the returned func cancels.
func (s *Session) Subscribe(f func()) (cancel func()) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.subs == nil {
		s.subs = map[int]func(){}
	}
	id := s.nextSub
	s.nextSub++
	s.subs[id] = f
	return func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		delete(s.subs, id)
	}
}

func (s *Session) notify() {
	s.mu.Lock()
	fs := make([]func(), 0, len(s.subs))
	for _, f := range s.subs {
		fs = append(fs, f)
	}
	s.mu.Unlock()
	for _, f := range fs {
		f()
	}
}

func (s *Session) setProblem(key string, fatal bool) {
	s.mu.Lock()
	s.problem, s.fatal = key, fatal
	s.mu.Unlock()
	s.notify()
}

// Move sends one of the latest legal moves.
// With several seats it goes through the seat the move is for.
func (s *Session) Move(m engine.Move) error {
	if s.blind.on() {
		return s.blind.play(m)
	}
	if g := s.guestFor(m.Seat); g != nil {
		return g.Send(m)
	}
	return s.guest.Send(m)
}

// Say sends a chat line.
func (s *Session) Say(text string) error { return s.guest.Say(text) }

// IsHost reports whether this browser runs the table.
func (s *Session) IsHost() bool { return s.host != nil }

var errNotHost = errors.New("session: only the host can do that")

// AddBot seats a bot of level (host only, in the lobby).
func (s *Session) AddBot(level string) error {
	if s.host == nil {
		return errNotHost
	}
	st := s.host.State()
	fn, err := newBot(s.game, level, uint64(len(st.Seats))+seedSalt())
	if err != nil {
		return err
	}
	_, err = s.host.AddBot(botName(st.Seats), level, fn)
	return err
}

// Remove frees a seat in the lobby (host only).
func (s *Session) Remove(seat engine.Seat) error {
	if s.host == nil {
		return errNotHost
	}
	return s.host.Remove(seat)
}

// SetOption changes a game option in the lobby (host only).
func (s *Session) SetOption(key, value string) error {
	if s.host == nil {
		return errNotHost
	}
	return s.host.SetOption(key, value)
}

// Rematch sets up another game at the same table once this one is over (host only): everyone
// keeps their seat and connection, guests stay on the same invite link and see the new game
// come. A hosted table goes back to its lobby (the host starts when ready); a solo table deals
// the new game at once. The table is saved in its own slot as before, so a reload resumes the
// new game.
func (s *Session) Rematch() error {
	if s.host == nil {
		return errNotHost
	}
	if s.blind.on() {
		return s.blind.endGame() // engine/table never started: its lobby is there already
	}
	if err := s.host.Rematch(); err != nil {
		return err
	}
	if s.kind == Solo {
		return s.startWhenReady()
	}
	return nil
}

// Start begins the game (host only).
func (s *Session) Start() error {
	if s.host == nil {
		return errNotHost
	}
	if s.kind == Host && s.blind != nil && blindUse(s.host.State(), s.blind.choice()) {
		return s.blind.startHost()
	}
	return s.host.Start()
}

// Record is the game record (host only); nil for a guest.
func (s *Session) Record() *engine.Record {
	if s.host == nil {
		return nil
	}
	r := s.host.Record()
	return &r
}

// ProvenRecord is the game record with its proof (engine/replay verifies it). A guest, who
// holds no deal secrets of the host, has it only once the game is over and the record the host
// sent on AskRecord passed its checks (record.go); nil until then.
func (s *Session) ProvenRecord() *engine.Record {
	if s.host == nil {
		return s.guest.State().Record
	}
	r := s.host.ProvenRecord()
	return &r
}

// Close leaves the table and stops everything this session started. A closed host's saved
// table stays in storage (Forget removes it).
func (s *Session) Close() {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return
	}
	s.closed = true
	onClose := s.onClose
	s.mu.Unlock()
	close(s.quit)
	for _, f := range onClose {
		f()
	}
	s.guest.Close()
	s.closeHands()
	if s.host != nil {
		s.host.Close()
	}
	s.wg.Wait()
	// The closed table's signatures will not be checked again: drop what the page remembered of
	// them (at worst another session in this process checks one of its own again, in full).
	sigcheck.Forget()
}

// Forget closes the session and deletes what it saved, so a reload does not resume it. A
// hosted table ends for good: its guests are told the host closed it.
func (s *Session) Forget() {
	if s.kind == Host && s.host != nil {
		_ = s.host.End()
	}
	s.Close()
	switch s.kind {
	case Guest:
		s.store.Del(keyJoined)
	default:
		s.store.Del(slot(s.kind, s.game))
		s.blind.clearSaved()
	}
	curMu.Lock()
	if current == s {
		current = nil
	}
	curMu.Unlock()
}

// pump turns guest updates into notifications and, for a host, saves after each one.
func (s *Session) pump() {
	defer s.wg.Done()
	for {
		select {
		case <-s.quit:
			return
		case <-s.guest.Updates():
			s.notify()
			if s.host != nil && s.blind.on() {
				s.blind.comeBack(s.Snapshot()) // a stood-in player connected again takes the seat back
			}
		}
	}
}

// saver writes the host's snapshot to storage after every change, off the match goroutine.
func (s *Session) saver(meta saved) {
	defer s.wg.Done()
	watched := ""
	for {
		select {
		case <-s.quit:
			return
		case <-s.save:
		}
		// Let what the change set going run first: the views the match goroutine has just
		// queued go out to the guests and the page's own view renders before the whole table
		// is serialised. In wasm (one thread) the saver, readied last, would otherwise run
		// first and hold every guest's view back by a snapshot's encoding and a storage write;
		// it still runs before the page returns to the browser's event loop.
		runtime.Gosched()
		// Watchers reach no guest's state, so the host's screens hear of them here.
		if w := watchSig(s.host.State()); w != watched {
			watched = w
			s.notify()
		}
		snap, err := s.host.Snapshot()
		if err != nil {
			continue
		}
		meta.Hands = s.Hands()
		meta.Score = s.Score()
		meta.Blind = s.blind.save()
		meta.Dealing = s.blind.choice()
		b, err := meta.encode(snap)
		if err == nil {
			err = s.store.Set(slot(s.kind, s.game), string(b))
		}
		if err != nil {
			s.setProblem("conn.save_failed", false)
		}
	}
}

// encode is json.Marshal of m with snap as its Snapshot, without scanning snap again: the
// table's snapshot is the bulk of it (the whole record) and is compact JSON already (Host's
// Snapshot is json.Marshal output), which Marshal would only validate and copy once more.
func (m saved) encode(snap []byte) ([]byte, error) {
	m.Snapshot = nil
	head, err := json.Marshal(m)
	const tail = `"snapshot":null}`
	if err != nil || len(snap) == 0 || !bytes.HasSuffix(head, []byte(tail)) {
		m.Snapshot = snap
		return json.Marshal(m)
	}
	out := make([]byte, 0, len(head)+len(snap))
	out = append(out, head[:len(head)-len("null}")]...)
	out = append(out, snap...)
	return append(out, '}'), nil
}

func (s *Session) changed() {
	select {
	case s.save <- struct{}{}:
	default:
	}
}

// saved is a host's table in storage.
type saved struct {
	Kind     Kind            `json:"kind"`
	Game     string          `json:"game"`
	Name     string          `json:"name"`
	Invite   json.RawMessage `json:"invite,omitempty"` // signal.Invite with the host token
	BotDelay time.Duration   `json:"botDelay"`
	Hands    int             `json:"hands,omitempty"` // seats the person holds (0 or 1: one)
	// Score is the running score across the games at this table (the UI's, as it gave it to
	// SetScore): it lives and dies with the saved table, so a host reload keeps it.
	Score json.RawMessage `json:"score,omitempty"`
	// Blind is the table's host-blind game (blind.go): its config, log and this page's own
	// deal keys, never a card its person may not see.
	Blind   json.RawMessage `json:"blind,omitempty"`
	Dealing string          `json:"dealing,omitempty"`
	// Snapshot stays last: encode splices the snapshot's bytes in at the end unparsed.
	Snapshot json.RawMessage `json:"snapshot"`
}

// identity loads this browser's identity key, making one the first time.
func identity(st Store) (fair.Identity, error) {
	var seed [32]byte
	if h, ok := st.Get(keyIdentity); ok {
		if b, err := hex.DecodeString(h); err == nil && len(b) == 32 {
			copy(seed[:], b)
			return fair.NewIdentity(seed), nil
		}
	}
	if _, err := rand.Read(seed[:]); err != nil {
		return fair.Identity{}, err
	}
	if err := st.Set(keyIdentity, hex.EncodeToString(seed[:])); err != nil {
		return fair.Identity{}, err
	}
	return fair.NewIdentity(seed), nil
}

// SavedName is the name the player used last time.
func SavedName(st Store) string {
	n, _ := st.Get(keyName)
	return n
}

// newGuest seats this page's player through c. own says the table's host runs in this page
// (table.GuestConfig.Own).
func newGuest(c table.Conn, name string, st Store, token string, own bool) (*table.Guest, error) {
	id, err := identity(st)
	if err != nil {
		return nil, err
	}
	_ = st.Set(keyName, name)
	mem, _ := st.Get(keyMemory)
	return table.NewGuest(c, table.GuestConfig{Name: name, Identity: id, Token: token, Rand: rand.Reader, Rules: games.Lookup, Logf: tableLogf,
		// Verdicts outlive the page: a failed check or a withheld reveal is never forgotten.
		Memory: []byte(mem), Save: func(b []byte) { _ = st.Set(keyMemory, string(b)) },
		Own: own, Yield: pageYield}) // the page draws a new view before the guest audits it
}

func newBot(game, level string, seed uint64) (table.BotFunc, error) {
	return bot.New(game, level, seed)
}

func seedSalt() uint64 {
	var b [8]byte
	_, _ = rand.Read(b[:])
	var v uint64
	for _, x := range b {
		v = v<<8 | uint64(x)
	}
	return v
}

// Bot names: Miskatonic faculty and Arkham folk from the public-domain stories.
var botNames = []string{"Armitage", "Wilmarth", "Peaslee", "Pickman", "Olmstead", "Dyer", "Gilman", "Carter"}

func botName(seats []wire.SeatInfo) string {
	used := map[string]bool{}
	for _, s := range seats {
		used[s.Name] = true
	}
	for _, n := range botNames {
		if !used[n] {
			return n
		}
	}
	// Every name taken: a name again with a number, not an English word ("Bot") that every
	// player would read whatever their language.
	for i := len(botNames); ; i++ {
		if n := fmt.Sprintf("%s %d", botNames[i%len(botNames)], i/len(botNames)+1); !used[n] {
			return n
		}
	}
}

// byeProblem maps the host's code for dropping us to a catalog key. It reads the stable code
// only, never the English reason, which is for logs.
func byeProblem(bye *wire.Bye) string {
	switch bye.Code {
	case wire.ByeFull:
		return ProblemFull
	case wire.ByeClosed:
		return ProblemHostClosed
	case wire.ByeKicked:
		return ProblemRemoved
	case wire.ByeElsewhere:
		return ProblemElsewhere
	case wire.ByeVersion:
		return ProblemVersion
	case wire.ByeRefused:
		return ProblemRefused
	}
	return ProblemDropped
}

// waitFor waits (up to d) for the guest's state to satisfy ok.
func waitFor(g *table.Guest, d time.Duration, ok func(table.GuestState) bool) bool {
	deadline := time.After(d)
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	for {
		if ok(g.State()) {
			return true
		}
		select {
		case <-deadline:
			return false
		case <-tick.C:
		}
	}
}
