package blindtable

// A page: one key holder's State plus its own secrets — its deal key, box key and σ, the escrow
// shares and tokens sealed to it, its arkham.Knowledge — and the inputs it owes the log. It never
// sends a secret; a token leaves it only sealed to a member of the opening's viewer set (or in
// clear when that set is everyone), which mask.SendTokens guarantees and the tests check.

import (
	"crypto/ed25519"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"sync"

	"miskatonic/engine"
	"miskatonic/engine/arkham"
	"miskatonic/engine/mask"
)

// Chooser picks a seat's move from its view and legal moves (bot.Func's shape).
type Chooser func(v engine.View, legal []engine.Move) (engine.Move, error)

// PageConfig is one page: the table, its seat and identity, its randomness, how its person
// plays (nil: by hand, with Play), and for the host's page the bots it runs and how it plays a
// stood-in seat. Saved restores its secrets after a reload.
type PageConfig struct {
	Table    Config
	Seat     engine.Seat
	Identity ed25519.PrivateKey
	Rand     io.Reader
	Person   Chooser
	Bots     map[engine.Seat]Chooser
	StandIn  Chooser
	Saved    *Saved
	// Store, when set, is called with the page's secrets as soon as it draws them for a deal,
	// before its keys are sent: the app keeps them in the page's own storage, so a reload at any
	// moment continues the round (NewPage with Saved).
	Store func(Saved)
}

// Saved is what a page keeps in its own storage for the round, so a reload continues it: the
// current deal's secrets. Everything else is rebuilt from the log.
type Saved struct {
	Deal  int         `json:"deal"`
	Key   mask.Scalar `json:"key"`
	Box   mask.Hash   `json:"box"`
	Sigma mask.Scalar `json:"sigma"`
	Voids int         `json:"voids,omitempty"` // the deal's attempt (State's void attempts before it)
}

// Page is one key holder's page.
type Page struct {
	cfg      PageConfig
	st       *State
	know     *arkham.Knowledge
	deal     int // the deal the secrets below are for
	voids    int // ... and its attempt (State.voids when they were drawn)
	knowVoid int // State.voids when know was started: a void round's knowledge is dropped
	key      *mask.Key
	box      *mask.BoxKey
	sigKey   *mask.Key
	got      map[engine.Seat]mask.Token    // the head need's tokens sealed to this page
	escrow   map[engine.Seat][2]mask.Share // dealer → its key and σ shares dealt to this page
	sent     map[string]bool               // inputs sent, not yet in the log
	accuse   bool                          // p.verdict was found on receipt: report it (KindAccuse)
	complain bool                          // a card sealed to this page did not open: say so (KindBroken)
	open     *mask.Opening                 // the head private need's, with the tokens sealed to this page
	openID   int
	verdict  *Verdict

	// drive guards everything above once a Client drives the page (client.go); driver is the
	// client that does. A reconnect hands the page to a new client while the old link's reader
	// may still hold frames: only the driver folds them.
	drive  sync.Mutex
	driver *Client
}

// NewPage starts a page at the beginning of the log.
func NewPage(cfg PageConfig) (*Page, error) {
	st, err := NewState(cfg.Table)
	if err != nil {
		return nil, err
	}
	if !st.isHolder(cfg.Seat) || !slices.Equal(cfg.Identity.Public().(ed25519.PublicKey), cfg.Table.Identities[cfg.Seat]) {
		return nil, fmt.Errorf("%w: seat %d's identity key is not this page's", ErrMalformed, cfg.Seat)
	}
	p := &Page{cfg: cfg, st: st, know: arkham.NewKnowledge(cfg.Seat), got: map[engine.Seat]mask.Token{},
		escrow: map[engine.Seat][2]mask.Share{}, sent: map[string]bool{}}
	st.known = func(h int) arkham.CardID { return p.know.Card(st.b, h) }
	st.own = func() *mask.Key {
		if st.d != nil && st.d.n == p.deal && st.voids == p.voids {
			return p.key
		}
		return nil
	}
	if sv := cfg.Saved; sv != nil {
		if err := p.restore(*sv); err != nil {
			return nil, err
		}
	}
	return p, nil
}

func (p *Page) restore(sv Saved) error {
	k, err := mask.KeyFromSecret(p.cfg.Seat, sv.Key)
	if err != nil {
		return err
	}
	box, err := mask.BoxKeyFromSecret(sv.Box)
	if err != nil {
		return err
	}
	sk, err := mask.KeyFromSecret(p.cfg.Seat, sv.Sigma)
	if err != nil {
		return err
	}
	p.deal, p.voids, p.key, p.box, p.sigKey = sv.Deal, sv.Voids, k, box, sk
	return nil
}

// Save is what the page keeps in its own storage (nil before its first deal).
func (p *Page) Save() *Saved {
	if p.key == nil {
		return nil
	}
	return &Saved{Deal: p.deal, Key: p.key.Secret(), Box: p.box.Secret(), Sigma: p.sigKey.Secret(), Voids: p.voids}
}

// Seat is the page's seat.
func (p *Page) Seat() engine.Seat { return p.cfg.Seat }

// State is the public state (read only).
func (p *Page) State() *State { return p.st }

// Knowledge is what this page opened this round (read only).
func (p *Page) Knowledge() *arkham.Knowledge { return p.know }

// Verdict is the broken rule this page found, nil while the table keeps the protocol.
func (p *Page) Verdict() *Verdict {
	if p.verdict != nil {
		return p.verdict
	}
	return p.st.Verdict()
}

// View is the page's person's view: the public state and what this page opened.
func (p *Page) View() *arkham.View { return p.st.b.ViewFor(p.cfg.Seat, p.know) }

// Legal is the person's legal moves now.
func (p *Page) Legal() []engine.Move {
	if p.Verdict() != nil || p.st.standIn[p.cfg.Seat] || !p.st.isHolder(p.cfg.Seat) {
		return nil
	}
	return p.st.b.Legal(p.cfg.Seat)
}

// Apply folds a sequenced entry in, opening what was sealed to this page and checking it on
// receipt. A refused entry becomes the page's verdict (the host's, or its author's if its own
// signed input convicts it); it never panics and changes nothing else.
func (p *Page) Apply(e Entry) error {
	if v := p.Verdict(); v != nil {
		return v
	}
	head, hadHead := p.st.Head()
	if err := p.st.Apply(e); err != nil {
		var v *Verdict
		if !errors.As(err, &v) {
			v = &Verdict{Seat: p.st.cfg.Host, Code: CodeHost, Detail: "sequenced a refused input: " + err.Error()}
		}
		p.verdict = v
		return v
	}
	if err := p.receive(e.In, head, hadHead); err != nil {
		p.verdict, p.accuse = err, true // Outbox reports it, so the whole table stops
		return err
	}
	if v := p.st.Verdict(); v != nil {
		return v
	}
	return nil
}

// receive opens what e's input sealed to this page and checks it on receipt.
func (p *Page) receive(in Input, head arkham.Need, hadHead bool) *Verdict {
	me := p.cfg.Seat
	if p.st.voids != p.knowVoid { // the round was void: what this page opened of it is no card now
		p.know, p.knowVoid, p.open = arkham.NewKnowledge(me), p.st.voids, nil
		clear(p.got)
	}
	if p.st.d == nil || p.st.d.n != p.deal || p.st.voids != p.voids || p.key == nil {
		return nil // an earlier deal's, replayed after a reload: its secrets are gone, as they should be
	}
	switch in.Kind {
	case KindShuffle:
		var sh Shuffle
		_ = decode(in, &sh) // State decoded it already
		return p.openShares(in.From, sh)
	case KindTokens:
		if !hadHead || head.Public || !head.Viewers.Has(me) {
			break
		}
		var t Tokens
		_ = decode(in, &t)
		for _, env := range t.Out.Sealed {
			if env.To != me {
				continue
			}
			tok, err := mask.ReceiveToken(p.box, p.st.d.sc, me, p.st.d.peers[in.From], env, head.Handle, head.Purpose)
			if err == nil {
				err = p.opening(head).Add(tok) // proven once, on receipt, and kept for learn
			}
			if err != nil {
				return &Verdict{Seat: in.From, Code: CodeToken, Detail: "token refused on receipt: " + err.Error()}
			}
			p.got[in.From] = tok
		}
	}
	if hadHead && head.Kind == arkham.NeedOpen {
		if n, ok := p.st.Head(); !ok || n.ID != head.ID {
			if !head.Public && head.Viewers.Has(me) {
				if v := p.learn(head); v != nil {
					return v
				}
			}
			clear(p.got)
			p.open = nil
		}
	}
	return nil
}

// opening is the private opening of need n this page gathers the tokens sealed to it in.
func (p *Page) opening(n arkham.Need) *mask.Opening {
	if p.open == nil || p.openID != n.ID {
		p.open, p.openID = p.st.d.ks.NewOpening(p.st.Final()[n.Handle], n.Handle, n.Purpose), n.ID
	}
	return p.open
}

// learn opens a private card this page may see once every holder's token is in. The tokens
// sealed to it were proven on receipt (receive); its own needs no proof (AddOwn).
func (p *Page) learn(n arkham.Need) *Verdict {
	card := p.st.Final()[n.Handle]
	o := p.opening(n)
	defer func() { p.open = nil }()
	for _, x := range p.st.holders() {
		var err error
		switch _, ok := p.got[x]; {
		case x == p.cfg.Seat:
			var tok mask.Token
			if tok, err = p.key.Token(p.cfg.Rand, p.st.d.sc, card, n.Handle, n.Purpose); err == nil {
				err = o.AddOwn(p.key, tok)
			}
		case ok:
			continue // in the opening since receipt
		default:
			tok, rb := p.st.RebuiltToken(x, n)
			if !rb {
				return &Verdict{Seat: p.st.cfg.Host, Code: CodeHost, Detail: "settled an opening without seat " + strconv.Itoa(int(x)) + "'s token"}
			}
			err = o.Add(tok)
		}
		if err != nil {
			return &Verdict{Seat: x, Code: CodeToken, Detail: err.Error()}
		}
	}
	i, err := o.Card(p.st.deck)
	if err == nil && p.opened(p.st.b.Deck()[i], n.Handle) {
		err = mask.ErrDuplicate
	}
	if err != nil {
		p.complain = true // every token was proven: the chain is at fault (Outbox says so)
		return nil
	}
	p.know.Learn(p.st.b, n.Handle, p.st.b.Deck()[i])
	return nil
}

// opened says card c is open already, publicly or to this page, at another handle than h.
func (p *Page) opened(c arkham.CardID, h int) bool {
	for x := range arkham.DeckCards {
		if x != h && (p.st.b.Public(x) == c || p.know.Card(p.st.b, x) == c) {
			return true
		}
	}
	return false
}

// openShares opens the escrow shares a shuffler sealed to this page and checks them against
// its commitments on receipt.
func (p *Page) openShares(from engine.Seat, sh Shuffle) *Verdict {
	me := p.cfg.Seat
	if from == me || len(sh.Shares) == 0 {
		return nil
	}
	k := p.st.d.keys[from]
	var got [2]mask.Share
	n := 0
	for _, env := range sh.Shares {
		if env.To != me {
			continue
		}
		e := *k.Escrow
		if n == 1 {
			e = *k.SigmaEscrow
		}
		s, err := mask.OpenShare(p.box, p.st.d.sc, me, p.st.d.peers[from], env, e)
		if err != nil {
			return &Verdict{Seat: from, Code: CodeShare, Detail: err.Error()}
		}
		got[n] = s
		n++
	}
	p.escrow[from] = got
	return nil
}
