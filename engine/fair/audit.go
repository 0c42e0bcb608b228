package fair

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"sort"

	"miskatonic/engine"
)

// Result is the verdict on one deal, for the guest's UI.
type Result struct {
	Epoch    int    `json:"epoch"`
	Verified bool   `json:"verified"`
	Seq      int    `json:"seq,omitempty"`     // where a mismatch was found
	Problem  string `json:"problem,omitempty"` // what did not match, for people
	Checked  int    `json:"checked,omitempty"` // views compared
	// Pending says the deal is revealed but its epoch's end is not reached yet: the replay
	// stopped at game seq Missing, a move the host has not told this guest. It may say verified
	// only when the replay reaches the next deal request or the end of the game.
	Pending bool `json:"pending,omitempty"`
	Missing int  `json:"missing,omitempty"`
}

// Shown is what the host showed a seat at one game seq: the view, the legal moves and the
// status. The replay checks all three.
type Shown struct {
	View   []byte
	Legal  []engine.Move
	Status engine.Status
}

type shown struct{ view, legal, status []byte }

func (s Shown) encode() shown {
	legal := s.Legal
	if legal == nil {
		legal = []engine.Move{}
	}
	l, _ := json.Marshal(legal)
	st, _ := json.Marshal(s.Status)
	return shown{view: bytes.Clone(compact(s.View)), legal: l, status: st}
}

func (s shown) equal(o shown) bool {
	return bytes.Equal(s.view, o.view) && bytes.Equal(s.legal, o.legal) && bytes.Equal(s.status, o.status)
}

// ViewHash is the SHA-256 of a view's compact JSON.
func ViewHash(view []byte) [32]byte { return sha256.Sum256(compact(view)) }

type dealAudit struct {
	cx     Context
	ctx    []byte
	c      [32]byte
	sealed []Seal
	shares []Share
	key    *[32]byte

	revealed bool // the key is known
	settled  bool // a final verdict was given
	checked  int  // views compared within this deal's epoch
}

// Auditor is a guest's own record of a game: the public moves it was told about (deal keys left
// out until it computes them itself), a hash of every view it was shown, and each deal's
// commitment and shares. When a deal is revealed it recomputes the key and replays the game with
// the real rules, comparing what its seat should have seen with what it was shown.
//
// Replay resumes from the last verified position, so verifying a whole game costs one replay.
type Auditor struct {
	rules engine.Rules
	cfg   engine.Config
	seat  engine.Seat

	moves []engine.Move  // moves[i] is game seq i+1; Kind "" means not known yet
	sigs  map[int][]byte // a player's signature on the move of each game seq
	keys  map[engine.Seat]map[string]bool
	table []byte // the table id moves are signed for
	views map[int]shown
	fixed map[int][32]byte // the hash of the view shown at each seq the replay verified
	deals map[int]*dealAudit

	game    engine.Game // replayed through seq at
	at      int
	epoch   int     // deals applied in the replay so far
	ended   int     // every epoch up to this one has reached its end in the replay
	failure *Result // once a deal fails, every later one is unverifiable
	started bool    // the replay has checked seq 0

	pledges map[int][]Pledge // the relayed commitments of each sealed round, by its base seq
	nonces  map[int][]byte   // the opening of each sealed move, by game seq
	round   *sealedRound     // the sealed round the replay is in, if any

	standIns map[int]bool // game seqs of moves a bot played for an absent player

	// Signatures checked ahead of the replay (Presign): toSign lists the game seqs whose
	// signature arrived since, signedOK those that held against a key of their seat.
	toSign   []int
	signedOK map[int]bool
}

// NewAuditor starts a record of a game seen from seat.
func NewAuditor(r engine.Rules, cfg engine.Config, seat engine.Seat) (*Auditor, error) {
	g, err := r.New(cfg)
	if err != nil {
		return nil, err
	}
	return &Auditor{rules: r, cfg: cfg, seat: seat, game: g, views: map[int]shown{}, fixed: map[int][32]byte{}, deals: map[int]*dealAudit{},
		sigs: map[int][]byte{}, keys: map[engine.Seat]map[string]bool{}}, nil
}

// Signed binds the record to a table id and makes the replay check that every move of a seat
// with an identity key is signed by that seat (see SignMove): the host cannot misreport who did
// what. Without it (a record from before signed moves) signatures are not checked.
func (a *Auditor) Signed(table []byte) { a.table = bytes.Clone(table) }

// Key records an identity key this guest was shown at seat (in a lobby). Keys in deal rosters
// are recorded by Commit. A move may be signed by any key the seat was shown with.
func (a *Auditor) Key(seat engine.Seat, key []byte) {
	if len(key) == 0 || seat < 0 {
		return
	}
	if a.keys[seat] == nil {
		a.keys[seat] = map[string]bool{}
	}
	a.keys[seat][string(key)] = true
}

// Sig records the signature relayed with the move of game seq seq.
func (a *Auditor) Sig(seq int, sig []byte) error {
	if len(sig) == 0 {
		return nil
	}
	if old, ok := a.sigs[seq]; ok && !bytes.Equal(old, sig) {
		return engine.Errorf(engine.KindIllegal, "fair: audit", "host sent two different signatures for seq %d", seq)
	}
	if _, ok := a.sigs[seq]; !ok {
		a.toSign = append(a.toSign, seq)
	}
	a.sigs[seq] = bytes.Clone(sig)
	return nil
}

// Presign checks the signatures recorded since its last call, ahead of any replay, and
// remembers those that hold: the replay of a revealed deal then only applies and compares,
// which is what a guest waits for before it contributes to the next deal. It is the replay's
// own work done earlier (a guest calls it after each view, once its screens have it), and it
// decides nothing: a signature it cannot check yet (its move or its seat's key not known) or
// that fails is left to the replay, which checks it as it always did and reports it. A
// signature that held keeps holding: a move and its signature never change once recorded, and
// a seat's keys are only ever added to.
func (a *Auditor) Presign() {
	if a.table == nil {
		a.toSign = nil
		return
	}
	for _, seq := range a.toSign {
		m, ok := a.MoveAt(seq)
		if !ok || m.Kind == engine.KindDeal || a.signedOK[seq] {
			continue
		}
		for k := range a.keys[m.Seat] {
			if VerifyMove([]byte(k), a.table, seq, m, a.sigs[seq]) {
				if a.signedOK == nil {
					a.signedOK = map[int]bool{}
				}
				a.signedOK[seq] = true
				break
			}
		}
	}
	a.toSign = a.toSign[:0]
}

// StandIn records that the move of game seq seq was played by a bot the host seated for an
// absent player: it carries no signature. Such moves are public (every guest is told, and the
// lobby shows the stand-in), so a host that claims one for a player who was there is seen.
func (a *Auditor) StandIn(seq int) {
	if a.standIns == nil {
		a.standIns = map[int]bool{}
	}
	a.standIns[seq] = true
}

// checkSig reports why the move of game seq seq is not its seat's own, or "".
func (a *Auditor) checkSig(seq int, m engine.Move) string {
	if a.table == nil || m.Seat < 0 {
		return ""
	}
	// A seat never shown with a key is a bot's: the host moves for it. A seat keyless in a
	// deal's roster is not: a player's seat is keyless there only while a stand-in plays it,
	// and a stand-in's moves are marked as such (below), so the roster excuses nothing.
	keys := a.keys[m.Seat]
	if len(keys) == 0 {
		return ""
	}
	sig, ok := a.sigs[seq]
	if !ok && a.standIns[seq] {
		return "" // a stand-in's move
	}
	if !ok {
		return fmt.Sprintf("move %d (%s) carries no signature of seat %d", seq, m, m.Seat)
	}
	if a.signedOK[seq] {
		return "" // checked by Presign against one of these keys
	}
	for k := range keys {
		if VerifyMove([]byte(k), a.table, seq, m, sig) {
			return ""
		}
	}
	return fmt.Sprintf("move %d (%s) was not signed by seat %d", seq, m, m.Seat)
}

// Len is the number of moves the record spans (known or not).
func (a *Auditor) Len() int { return len(a.moves) }

// maxAhead is how far past the known record a move may be announced.
const maxAhead = 1024

// Move records the public move of game seq seq (1-based). A deal move's key is never taken from
// the host: the auditor computes it. A move that contradicts one recorded earlier is the host
// telling two stories, and is refused.
func (a *Auditor) Move(seq int, m engine.Move) error {
	// A move far past what is known would only make this guest allocate for the host: the log
	// comes in order, in chunks of at most wire.MaxLogMoves.
	if seq < 1 || seq > len(a.moves)+maxAhead {
		return engine.Errorf(engine.KindMalformed, "fair: audit", "move seq %d out of range", seq)
	}
	for len(a.moves) < seq {
		a.moves = append(a.moves, engine.Move{})
	}
	if m.Kind == engine.KindDeal {
		m.Seed = ""
	}
	old := a.moves[seq-1]
	if old.Kind != "" && old != m {
		return engine.Errorf(engine.KindIllegal, "fair: audit", "host sent two different moves for seq %d: %s, then %s", seq, old, m)
	}
	a.moves[seq-1] = m
	return nil
}

// MoveAt returns the public move of game seq seq, if known (a deal move without its key).
func (a *Auditor) MoveAt(seq int) (engine.Move, bool) {
	if seq < 1 || seq > len(a.moves) || a.moves[seq-1].Kind == "" {
		return engine.Move{}, false
	}
	return a.moves[seq-1], true
}

func compact(view []byte) []byte {
	if !bytes.ContainsAny(view, " \t\r\n") {
		return view // already compact (json.Marshal output always is)
	}
	var b bytes.Buffer
	if json.Compact(&b, view) != nil {
		return append([]byte(nil), view...)
	}
	return b.Bytes()
}

// Commit records a deal's commitment. A second, different commitment for an epoch is refused:
// see Restart.
func (a *Auditor) Commit(cx Context, c [32]byte) error {
	ctx := cx.Bytes()
	if d, ok := a.deals[cx.Epoch]; ok {
		if d.c == c && bytes.Equal(d.ctx, ctx) {
			return nil
		}
		return engine.Errorf(engine.KindIllegal, "fair: audit", "two different commitments for deal %d", cx.Epoch)
	}
	a.deals[cx.Epoch] = &dealAudit{cx: cx, ctx: ctx, c: c}
	a.rosterKeys(cx)
	return nil
}

func (a *Auditor) rosterKeys(cx Context) {
	for i, k := range cx.Roster {
		a.Key(engine.Seat(i), k)
	}
}

// Restart replaces a deal's commitment with a new one, as long as its shares were not relayed
// yet. The caller decides whether it accepts the restart at all (a seat change it was shown, a
// reveal that never came); every guest then draws a fresh share, so the host learns nothing it
// could use.
func (a *Auditor) Restart(cx Context, c [32]byte) error {
	d, ok := a.deals[cx.Epoch]
	if !ok {
		return a.Commit(cx, c)
	}
	if d.shares != nil || d.cx.Deal != cx.Deal || len(d.cx.Roster) != len(cx.Roster) {
		return engine.Errorf(engine.KindIllegal, "fair: audit", "two different commitments for deal %d", cx.Epoch)
	}
	a.deals[cx.Epoch] = &dealAudit{cx: cx, ctx: cx.Bytes(), c: c}
	a.rosterKeys(cx)
	return nil
}

// Committed returns the context bytes and commitment of a deal, if known.
func (a *Auditor) Committed(epoch int) (ctx []byte, c [32]byte, ok bool) {
	d, ok := a.deals[epoch]
	if !ok {
		return nil, c, false
	}
	return d.ctx, d.c, true
}

// Seals checks and records the relayed seals of a deal (see CheckSeals); own is this seat's
// seal, if it contributes, which must be in the set unchanged.
func (a *Auditor) Seals(epoch int, seals []Seal, own *Seal) error {
	d, ok := a.deals[epoch]
	if !ok {
		return engine.Errorf(engine.KindIllegal, "fair: audit", "sealed shares for deal %d before its commitment", epoch)
	}
	if err := CheckSeals(d.cx, d.ctx, d.c, seals); err != nil {
		return err
	}
	if own != nil {
		found := false
		for _, sl := range seals {
			found = found || sl.Seat == own.Seat && sl.SC == own.SC
		}
		if !found {
			return engine.Errorf(engine.KindIllegal, "fair: seals", "the sealed set does not hold this seat's own sealed share")
		}
	}
	if d.sealed != nil && !sameSeals(d.sealed, seals) {
		return engine.Errorf(engine.KindIllegal, "fair: audit", "two different sealed sets for deal %d", epoch)
	}
	d.sealed = seals
	return nil
}

func sameSeals(a, b []Seal) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Seat != b[i].Seat || a[i].SC != b[i].SC || !bytes.Equal(a[i].Sig, b[i].Sig) {
			return false
		}
	}
	return true
}

// Shares checks and records the relayed shares of a deal (see CheckShares): each must open the
// seal relayed before it.
func (a *Auditor) Shares(epoch int, shares []Share) error {
	d, ok := a.deals[epoch]
	if !ok {
		return engine.Errorf(engine.KindIllegal, "fair: audit", "shares for deal %d before its commitment", epoch)
	}
	if d.sealed == nil {
		return engine.Errorf(engine.KindIllegal, "fair: audit", "shares for deal %d before the sealed set", epoch)
	}
	if err := CheckShares(d.cx, d.ctx, d.c, shares); err != nil {
		return err
	}
	if err := CheckOpens(d.ctx, d.c, d.sealed, shares); err != nil {
		return err
	}
	if d.shares != nil && !sameShares(d.shares, shares) {
		return engine.Errorf(engine.KindIllegal, "fair: audit", "two different share sets for deal %d", epoch)
	}
	d.shares = shares
	return nil
}

func sameShares(a, b []Share) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Seat != b[i].Seat || a[i].S != b[i].S || !bytes.Equal(a[i].Sig, b[i].Sig) {
			return false
		}
	}
	return true
}

// Reveal opens a deal with the host's secret h and verifies everything up to the next deal that
// is still secret: the commitment, then a replay comparing every view this seat was shown. The
// verdict is pending while the replay has not reached the end of the deal's epoch (see
// Result.Pending): call Settle again when more moves are known.
func (a *Auditor) Reveal(epoch int, h [32]byte) Result {
	if res, done := a.Open(epoch, h); done {
		return res
	}
	a.replay()
	return a.verdict(epoch)
}

// Open is Reveal without the replay: it checks the secret against the commitment and computes
// the deal's key. done says res is already the verdict (the reveal is refused, or an earlier
// deal failed); otherwise the verdict comes from Settle, after Replay. A guest opens a deal as
// the reveal arrives and replays once its screens have what came before.
func (a *Auditor) Open(epoch int, h [32]byte) (res Result, done bool) {
	res = Result{Epoch: epoch}
	if a.failure != nil {
		return a.failedBefore(epoch), true
	}
	d, ok := a.deals[epoch]
	switch {
	case !ok:
		res.Problem = "revealed a deal that was never committed"
		return res, true
	case d.shares == nil:
		res.Problem = "revealed a deal whose shares were never relayed"
		return res, true
	case !CheckCommit(d.ctx, d.c, h):
		res.Problem = "the revealed secret does not match the commitment"
		d.settled = true
		return a.fail(res), true
	}
	if !d.revealed {
		k := Key(d.ctx, h, d.shares)
		d.key, d.revealed = &k, true
	}
	return res, false
}

// Replay advances the replay as far as the known moves and keys allow: the costly part of
// Reveal and Settle (the rules applied to every move, every view compared), after which
// Settle only reads the verdicts. It changes nothing a reader of the record sees (MoveAt,
// Committed, Len, DealKey), so a caller may run it outside the lock those readers hold, as
// long as nothing records into the auditor meanwhile.
func (a *Auditor) Replay() { a.replay() }

// Settle replays as far as the known moves allow and returns the verdict of every revealed deal
// not settled before (pending ones included, with the move the replay waits for).
func (a *Auditor) Settle() []Result {
	if a.failure == nil {
		a.replay()
	}
	var out []Result
	for e := 1; e <= len(a.deals)+1; e++ {
		d, ok := a.deals[e]
		if !ok {
			continue
		}
		if d.revealed && !d.settled {
			out = append(out, a.verdict(e))
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Epoch < out[j].Epoch })
	return out
}

// verdict is epoch's result as the replay stands.
func (a *Auditor) verdict(epoch int) Result {
	d := a.deals[epoch]
	if a.failure != nil && a.failure.Epoch <= epoch {
		if d != nil {
			d.settled = true
		}
		if a.failure.Epoch == epoch {
			return *a.failure
		}
		return a.failedBefore(epoch)
	}
	if a.ended >= epoch {
		d.settled = true
		return Result{Epoch: epoch, Verified: true, Checked: d.checked}
	}
	return Result{Epoch: epoch, Pending: true, Missing: a.at + 1, Checked: d.checked}
}

func (a *Auditor) failedBefore(epoch int) Result {
	return Result{Epoch: epoch, Seq: a.failure.Seq, Problem: fmt.Sprintf("deal %d failed before: %s", a.failure.Epoch, a.failure.Problem)}
}

func (a *Auditor) fail(res Result) Result {
	a.failure = &res
	return res
}

// failAt records a failure found by the replay at seq, charged to the epoch being replayed.
func (a *Auditor) failAt(seq int, problem string) {
	a.fail(Result{Epoch: max(a.epoch, 1), Seq: seq, Problem: problem})
}

// endings notes which epochs the replayed position has closed: a request for deal e closes
// every epoch before e, and the end of the game closes them all.
func (a *Auditor) endings() {
	st := a.game.Status()
	switch {
	case st.Over:
		a.ended = max(a.ended, a.epoch)
	case st.Deal != nil:
		a.ended = max(a.ended, st.Deal.Epoch-1)
	}
}

// replay advances the verified game as far as known moves and keys allow.
func (a *Auditor) replay() {
	if a.failure != nil {
		return
	}
	if a.at == 0 {
		if !a.check(0) {
			return
		}
		a.started = true
	}
	a.endings()
	for a.at < len(a.moves) {
		m := a.moves[a.at]
		if m.Kind == "" {
			return // a gap: the rest waits for the log
		}
		if m.Kind == engine.KindDeal {
			st := a.game.Status()
			if st.Deal == nil {
				a.failAt(a.at+1, "a deal was applied when the game asked for none")
				return
			}
			d, ok := a.deals[st.Deal.Epoch]
			if !ok || d.key == nil {
				return // a later deal, still secret
			}
			if d.cx.Deal != st.Deal.Context {
				a.failAt(a.at+1, fmt.Sprintf("deal %d was committed for %q but the game asked for %q", st.Deal.Epoch, d.cx.Deal, st.Deal.Context))
				return
			}
			m = engine.DealMove(*d.key)
			a.epoch = st.Deal.Epoch
		} else if why := a.checkSig(a.at+1, m); why != "" {
			a.failAt(a.at+1, why)
			return
		} else if why := a.checkSealed(a.at+1, m); why != "" {
			a.failAt(a.at+1, why)
			return
		}
		if err := a.game.Apply(m); err != nil {
			a.failAt(a.at+1, fmt.Sprintf("move %s is refused by the rules: %v", m, err))
			return
		}
		a.at++
		if !a.check(a.at) {
			return
		}
		a.endings()
	}
}

// Record is the game as the auditor knows it: deal keys filled in where verified.
func (a *Auditor) Record() engine.Record {
	rec := engine.Record{Game: a.rules.Name(), Version: a.rules.Version(), Config: a.cfg, Moves: make([]engine.Move, len(a.moves))}
	copy(rec.Moves, a.moves)
	return rec
}
