package fair

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"miskatonic/engine"
)

// Result is the verdict on one deal, for the guest's UI.
type Result struct {
	Epoch    int    `json:"epoch"`
	Verified bool   `json:"verified"`
	Seq      int    `json:"seq,omitempty"`     // where a mismatch was found
	Problem  string `json:"problem,omitempty"` // what did not match, for people
	Checked  int    `json:"checked,omitempty"` // views compared
}

// ViewHash is the SHA-256 of a view's compact JSON.
func ViewHash(view []byte) [32]byte { return sha256.Sum256(compact(view)) }

type dealAudit struct {
	cx     Context
	ctx    []byte
	c      [32]byte
	shares []Share
	key    *[32]byte
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

	moves []engine.Move // moves[i] is game seq i+1; Kind "" means not known yet
	views map[int][]byte
	deals map[int]*dealAudit

	game    engine.Game // replayed through seq at
	at      int
	failure *Result // once a deal fails, every later one is unverifiable
}

// NewAuditor starts a record of a game seen from seat.
func NewAuditor(r engine.Rules, cfg engine.Config, seat engine.Seat) (*Auditor, error) {
	g, err := r.New(cfg)
	if err != nil {
		return nil, err
	}
	return &Auditor{rules: r, cfg: cfg, seat: seat, game: g, views: map[int][]byte{}, deals: map[int]*dealAudit{}}, nil
}

// Len is the number of moves the record spans (known or not).
func (a *Auditor) Len() int { return len(a.moves) }

// Move records the public move of game seq seq (1-based). A deal move's key is never taken from
// the host: the auditor computes it. A move that contradicts one recorded earlier is the host
// telling two stories, and is refused.
func (a *Auditor) Move(seq int, m engine.Move) error {
	if seq < 1 || seq > len(a.moves)+100000 {
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

// View records the view shown at game seq seq. A second, different view for the same seq is
// the host telling two stories, and is refused.
func (a *Auditor) View(seq int, view []byte) error {
	v := bytes.Clone(compact(view))
	if seq <= a.at && a.at > 0 {
		return nil // already verified
	}
	if old, ok := a.views[seq]; ok {
		if !bytes.Equal(old, v) {
			return engine.Errorf(engine.KindIllegal, "fair: audit", "host showed two different views for seq %d", seq)
		}
		return nil
	}
	a.views[seq] = v
	return nil
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

// Commit records a deal's commitment. A second, different commitment for an epoch is refused,
// except one under a changed roster before any share was relayed (a seat reclaimed with a new
// identity key): every guest then draws a fresh share, so the host learns nothing it could use.
func (a *Auditor) Commit(cx Context, c [32]byte) error {
	ctx := cx.Bytes()
	if d, ok := a.deals[cx.Epoch]; ok {
		if d.c == c && bytes.Equal(d.ctx, ctx) {
			return nil
		}
		if d.shares != nil || sameRoster(d.cx.Roster, cx.Roster) || d.cx.Deal != cx.Deal {
			return engine.Errorf(engine.KindIllegal, "fair: audit", "two different commitments for deal %d", cx.Epoch)
		}
	}
	a.deals[cx.Epoch] = &dealAudit{cx: cx, ctx: ctx, c: c}
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

// Shares checks and records the relayed shares of a deal (see CheckShares).
func (a *Auditor) Shares(epoch int, shares []Share) error {
	d, ok := a.deals[epoch]
	if !ok {
		return engine.Errorf(engine.KindIllegal, "fair: audit", "shares for deal %d before its commitment", epoch)
	}
	if err := CheckShares(d.cx, d.ctx, d.c, shares); err != nil {
		return err
	}
	if d.shares != nil && !sameShares(d.shares, shares) {
		return engine.Errorf(engine.KindIllegal, "fair: audit", "two different share sets for deal %d", epoch)
	}
	d.shares = shares
	return nil
}

func sameRoster(a, b [][]byte) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !bytes.Equal(a[i], b[i]) {
			return false
		}
	}
	return true
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
// is still secret: the commitment, then a replay comparing every view this seat was shown.
func (a *Auditor) Reveal(epoch int, h [32]byte) Result {
	res := Result{Epoch: epoch}
	if a.failure != nil {
		res.Seq, res.Problem = a.failure.Seq, fmt.Sprintf("deal %d failed before: %s", a.failure.Epoch, a.failure.Problem)
		return res
	}
	d, ok := a.deals[epoch]
	switch {
	case !ok:
		res.Problem = "revealed a deal that was never committed"
		return res
	case d.shares == nil:
		res.Problem = "revealed a deal whose shares were never relayed"
		return res
	case !CheckCommit(d.ctx, d.c, h):
		res.Problem = "the revealed secret does not match the commitment"
		return a.fail(res)
	}
	k := Key(d.ctx, h, d.shares)
	d.key = &k
	return a.replay(res)
}

func (a *Auditor) fail(res Result) Result {
	a.failure = &res
	return res
}

// replay advances the verified game as far as known moves and keys allow.
func (a *Auditor) replay(res Result) Result {
	if a.at == 0 {
		ok, r := a.check(0, res)
		if !ok {
			return r
		}
		res = r
	}
	for a.at < len(a.moves) {
		m := a.moves[a.at]
		if m.Kind == "" {
			break // a gap: the rest waits for the log
		}
		if m.Kind == engine.KindDeal {
			st := a.game.Status()
			if st.Deal == nil {
				res.Seq, res.Problem = a.at+1, "a deal was applied when the game asked for none"
				return a.fail(res)
			}
			d, ok := a.deals[st.Deal.Epoch]
			if !ok || d.key == nil {
				break // a later deal, still secret
			}
			if d.cx.Deal != st.Deal.Context {
				res.Seq, res.Problem = a.at+1, fmt.Sprintf("deal %d was committed for %q but the game asked for %q", st.Deal.Epoch, d.cx.Deal, st.Deal.Context)
				return a.fail(res)
			}
			m = engine.DealMove(*d.key)
		}
		if err := a.game.Apply(m); err != nil {
			res.Seq, res.Problem = a.at+1, fmt.Sprintf("move %s is refused by the rules: %v", m, err)
			return a.fail(res)
		}
		a.at++
		ok, r := a.check(a.at, res)
		if !ok {
			return r
		}
		res = r
	}
	res.Verified = true
	return res
}

// check compares the view shown at seq (if any) with the replayed one, then forgets it.
func (a *Auditor) check(seq int, res Result) (bool, Result) {
	shown, ok := a.views[seq]
	if !ok {
		return true, res
	}
	want, err := json.Marshal(a.game.View(a.seat))
	if err != nil {
		res.Seq, res.Problem = seq, fmt.Sprintf("cannot encode the replayed view: %v", err)
		return false, a.fail(res)
	}
	if !bytes.Equal(compact(want), shown) {
		res.Seq, res.Problem = seq, "the view shown differs from the deal: "+diff(shown, want)
		return false, a.fail(res)
	}
	delete(a.views, seq)
	res.Checked++
	return true, res
}

// diff names the top-level fields where the shown view and the replayed one differ.
func diff(shown, want []byte) string {
	var s, w map[string]json.RawMessage
	if json.Unmarshal(shown, &s) != nil || json.Unmarshal(want, &w) != nil {
		return fmt.Sprintf("shown %s, dealt %s", clip(shown), clip(want))
	}
	keys := map[string]bool{}
	for k := range s {
		keys[k] = true
	}
	for k := range w {
		keys[k] = true
	}
	var names []string
	for k := range keys {
		if !bytes.Equal(compact(s[k]), compact(w[k])) {
			names = append(names, k)
		}
	}
	sort.Strings(names)
	var b strings.Builder
	for i, k := range names {
		if i > 0 {
			b.WriteString("; ")
		}
		fmt.Fprintf(&b, "%s: shown %s, dealt %s", k, clip(s[k]), clip(w[k]))
	}
	return b.String()
}

func clip(b []byte) string {
	if len(b) > 120 {
		return string(b[:120]) + "…"
	}
	if len(b) == 0 {
		return "nothing"
	}
	return string(b)
}

// Record is the game as the auditor knows it: deal keys filled in where verified.
func (a *Auditor) Record() engine.Record {
	rec := engine.Record{Game: a.rules.Name(), Config: a.cfg, Moves: make([]engine.Move, len(a.moves))}
	copy(rec.Moves, a.moves)
	return rec
}
