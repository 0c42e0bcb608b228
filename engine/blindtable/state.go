package blindtable

// The public state every page folds from the log, and the host too (without secrets) to refuse
// what an honest page would refuse before it sequences it. Each handler checks everything first
// and changes nothing on a refusal.

import (
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"slices"

	"miskatonic/engine"
	"miskatonic/engine/arkham"
	"miskatonic/engine/mask"
)

// Config is a host-blind table: its id, the game (holders are the human seats, bots are run by
// the host's page), each holder's identity key, and the host's seat (a holder: its page runs the
// bots and the stand-ins, and signs stand-in marks).
type Config struct {
	Table      []byte                            `json:"table"`
	Game       arkham.BlindConfig                `json:"game"`
	Identities map[engine.Seat]ed25519.PublicKey `json:"identities"`
	Host       engine.Seat                       `json:"host"`
}

// Verdict is a broken rule of the protocol, naming the seat whose signed input (or, for what
// was sequenced or relayed out of place, whose hosting) broke it. The table stops there.
type Verdict struct {
	Seat   engine.Seat `json:"seat"`
	Code   string      `json:"code"`
	Detail string      `json:"detail"`
}

// Verdict codes: wire-stable.
const (
	CodeHost   = "host"   // the host sequenced or relayed what it must have refused
	CodeToken  = "token"  // a token that fails its proof, or sent outside its viewer set
	CodeChain  = "chain"  // a shuffle step the audit convicts
	CodeClaim  = "claim"  // a claim the opened cards contradict
	CodeCommit = "commit" // a revealed σ that does not open its commitment
	CodeShare  = "share"  // an escrow share that fails its dealer's commitments
)

func (v *Verdict) Error() string {
	return fmt.Sprintf("blindtable: seat %d broke the protocol (%s): %s", v.Seat, v.Code, v.Detail)
}

// State is the public state: the Blind machine and the current deal's public crypto.
type State struct {
	cfg     Config
	id      []byte // ConfigID(cfg): what every signature and proof is bound to
	b       *arkham.Blind
	deck    *mask.Deck
	ply     int
	d       *deal
	standIn map[engine.Seat]bool
	verdict *Verdict
	seq     int
	// known, on a page's State, is the card that page opened at a handle (0: not known);
	// cardIDs is the deck in canonical order. A public opening of a known card has every proof
	// checked and must open that card (mask.Opening.AddKnown).
	known func(h int) arkham.CardID
	own   func() *mask.Key // on a page's State: its key for the current deal attempt, if any
	// Seats that come and go (seats.go): the Blind before the current deal (to void a round),
	// how many deal attempts were void, the seats returning at the next deal, the notices.
	preDeal   *arkham.Blind
	voids     int
	seatings  int // changes of the key holders: a page's keys for other holders are made again
	returning map[engine.Seat]bool
	notices   []Notice
	cardIDs   [arkham.DeckCards]arkham.CardID
}

// deal is one round's public crypto.
type deal struct {
	n       int
	sc      mask.Scope
	keys    map[engine.Seat]Keys
	ks      *mask.KeySet
	peers   map[engine.Seat]mask.BoxPublic
	steps   []mask.Step
	dealt   bool
	toks    map[engine.Seat]mask.Outgoing // the head need's, by author
	claimed map[[2]int]bool               // need, seat
	sigmas  map[engine.Seat]mask.Hash
	opens   []mask.PublicOpening
	shares  map[engine.Seat]map[engine.Seat]Shares // absent → holder → shares
	rebuilt map[engine.Seat]*mask.Key
	rsigma  map[engine.Seat]mask.Hash
	open    *mask.Opening // the head public need's, with the tokens proven so far
	openID  int
	done    bool // audited
	// broken: a card opened to no card of the deck, or to one already open: the deal is void
	// and goes to its audit at once (complainer: who said so, -1 when every page saw it).
	broken     bool
	complainer engine.Seat
}

// NewState starts the public state of a table.
func NewState(cfg Config) (*State, error) {
	b, err := arkham.NewBlind(cfg.Game)
	if err != nil {
		return nil, err
	}
	for _, h := range b.Holders() {
		if len(cfg.Identities[h]) != ed25519.PublicKeySize {
			return nil, fmt.Errorf("%w: key holder %d has no identity key", ErrMalformed, h)
		}
	}
	if !slices.Contains(b.Holders(), cfg.Host) {
		return nil, fmt.Errorf("%w: the host's seat %d holds no key", ErrMalformed, cfg.Host)
	}
	for s := engine.Seat(0); s < engine.Seat(cfg.Game.Seats); s++ {
		if r := b.Runner(s); r != s && r != cfg.Host {
			return nil, fmt.Errorf("%w: bot seat %d run by seat %d, not the host's page", ErrMalformed, s, r)
		}
	}
	ids := b.Deck()
	cards := make([]mask.CardID, len(ids))
	for i, c := range ids {
		cards[i] = mask.CardID{Game: "arkham", ID: c.Key()}
	}
	deck, err := mask.NewDeck(cards)
	if err != nil {
		return nil, err
	}
	return &State{cfg: cfg, id: ConfigID(cfg), b: b, deck: deck, standIn: map[engine.Seat]bool{}, cardIDs: ids, returning: map[engine.Seat]bool{}}, nil
}

// ConfigID is the table's id as every signature and proof binds it: a hash of the whole config
// (table id, seats, options, every identity key, the host's seat). A host that showed one page
// another roster (a key of its own at someone's seat) splits the table: that page's inputs
// verify for no one else, and no one's for it.
func ConfigID(cfg Config) []byte {
	b, _ := json.Marshal(cfg)
	h := sha256.Sum256(append([]byte("miskatonic/v1/blind/config\x00"), b...))
	return h[:]
}

// Blind is the public machine (read only: do not Step it).
func (s *State) Blind() *arkham.Blind { return s.b }

// Verdict is the table's verdict, nil while every input kept the protocol.
func (s *State) Verdict() *Verdict { return s.verdict }

// Seq is the number of entries applied.
func (s *State) Seq() int { return s.seq }

// Ply is the number of moves applied.
func (s *State) Ply() int { return s.ply }

// StoodIn says a stand-in plays seat x now.
func (s *State) StoodIn(x engine.Seat) bool { return s.standIn[x] }

func (s *State) holders() []engine.Seat { return s.b.Holders() }

func (s *State) isHolder(x engine.Seat) bool { return slices.Contains(s.holders(), x) }

// escrowed says the table escrows keys: only with three or more holders (with two, the one
// other holder would learn the key).
func (s *State) escrowed() bool { return len(s.holders()) >= 3 }

func refuse(err error, format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{err}, args...)...)
}

// Apply folds entry e into the state, or refuses it and changes nothing. A refused entry is
// the host's to answer for (an honest host sequences only what its own State accepted), except
// what an author's signed input convicts it of: the returned error is then a *Verdict naming it.
// A verdict from an accepted entry (the audit, a false claim) is Verdict(), not an error.
func (s *State) Apply(e Entry) error {
	if s.verdict != nil {
		return refuse(ErrOrder, "the table has a verdict already")
	}
	if e.Seq != s.seq {
		return refuse(ErrOrder, "entry %d, expected %d", e.Seq, s.seq)
	}
	if err := s.applyInput(e.In); err != nil {
		return err
	}
	s.seq++
	return nil
}

func (s *State) applyInput(in Input) error {
	id, ok := s.cfg.Identities[in.From]
	if !ok {
		return refuse(ErrForged, "seat %d holds no identity key", in.From)
	}
	if err := in.Verify(id, s.id); err != nil {
		return err
	}
	switch in.Kind {
	case KindKeys:
		var k Keys
		if err := decode(in, &k); err != nil {
			return err
		}
		return s.keys(in.From, k)
	case KindShuffle:
		var sh Shuffle
		if err := decode(in, &sh); err != nil {
			return err
		}
		return s.shuffle(in.From, sh)
	case KindMove:
		var m Move
		if err := decode(in, &m); err != nil {
			return err
		}
		return s.move(in.From, m)
	case KindTokens:
		var t Tokens
		if err := decode(in, &t); err != nil {
			return err
		}
		return s.tokens(in.From, t)
	case KindClaim:
		var c ClaimBody
		if err := decode(in, &c); err != nil {
			return err
		}
		return s.claim(in.From, c)
	case KindSigma:
		var sg Sigma
		if err := decode(in, &sg); err != nil {
			return err
		}
		return s.sigma(in.From, sg)
	case KindStandIn, KindBack, KindAbsent:
		var sb SeatBody
		if err := decode(in, &sb); err != nil {
			return err
		}
		return s.seatMark(in.From, in.Kind, sb)
	case KindBroken:
		var sb SeatBody
		if err := decode(in, &sb); err != nil {
			return err
		}
		return s.complain(in.From, sb)
	case KindAccuse:
		var a Accuse
		if err := decode(in, &a); err != nil {
			return err
		}
		return s.accuse(in.From, a)
	case KindShares:
		var sh Shares
		if err := decode(in, &sh); err != nil {
			return err
		}
		return s.shares(in.From, sh)
	}
	return refuse(ErrMalformed, "unknown input kind %q", in.Kind)
}

// move: a player's move, signed by its seat, by the host's page for a bot or a stand-in.
func (s *State) move(from engine.Seat, m Move) error {
	if m.Ply != s.ply {
		return refuse(ErrOrder, "move for ply %d at ply %d", m.Ply, s.ply)
	}
	x := m.Move.Seat
	if !x.Valid(s.cfg.Game.Seats) {
		return refuse(ErrMalformed, "move for seat %d", x)
	}
	switch {
	case x == from && s.isHolder(x) && !s.standIn[x]:
	case s.b.Runner(x) == from && !s.isHolder(x):
	case s.standIn[x] && from == s.cfg.Host:
	default:
		return refuse(ErrForged, "seat %d signed a move for seat %d", from, x)
	}
	if s.d != nil && s.d.broken {
		return refuse(ErrOrder, "the deal is void, waiting for its audit")
	}
	if m.Move.Kind == engine.KindDeal {
		return refuse(ErrOrder, "a deal is the chain's, not a move")
	}
	if err := s.b.Step(arkham.BlindInput{Move: &m.Move}); err != nil {
		return refuse(ErrOrder, "%v", err)
	}
	s.ply++
	return nil
}

// seatMark: the host seats a stand-in for a vanished key holder, or gives the seat back.
func (s *State) seatMark(from engine.Seat, kind string, sb SeatBody) error {
	if from != s.cfg.Host {
		return refuse(ErrForged, "seat %d is not the host", from)
	}
	switch {
	case kind == KindAbsent:
		return s.absent(sb.Seat)
	case kind == KindBack && s.Away(sb.Seat):
		return s.back(sb.Seat)
	}
	if !s.isHolder(sb.Seat) || sb.Seat == s.cfg.Host {
		return refuse(ErrMalformed, "stand-in mark for seat %d", sb.Seat)
	}
	if kind == KindBack {
		if !s.standIn[sb.Seat] {
			return refuse(ErrOrder, "seat %d is not stood in", sb.Seat)
		}
		delete(s.standIn, sb.Seat)
		return nil
	}
	if s.standIn[sb.Seat] {
		return refuse(ErrOrder, "seat %d is stood in already", sb.Seat)
	}
	if !s.escrowed() || s.d == nil || !s.d.dealt || s.d.done || sb.Deal != s.d.n {
		return refuse(ErrOrder, "no escrowed deal in play to stand seat %d in", sb.Seat)
	}
	s.standIn[sb.Seat] = true
	return nil
}

// accuse: a holder reports what it refused on receipt. No one else can check a sealed message,
// so the report is its word, signed: the table stops (as it would if the reporter stalled),
// naming the accused and the reporter.
func (s *State) accuse(from engine.Seat, a Accuse) error {
	v := a.Verdict
	if s.d == nil || a.Deal != s.d.n || !s.isHolder(from) || !s.isHolder(v.Seat) || v.Seat == from ||
		(v.Code != CodeToken && v.Code != CodeShare) || len(v.Detail) > 500 {
		return refuse(ErrMalformed, "seat %d's accusation of seat %d", from, v.Seat)
	}
	v.Detail = fmt.Sprintf("reported by seat %d: %s", from, v.Detail)
	s.verdict = &v
	return nil
}
