package arkham_test

// A test protocol for the host-blind machine: it plays every key holder's page with the real
// engine/mask (keys with proofs, the shuffle chain, tokens sealed by viewer set, claims signed,
// the round-end audit), delivering each opened card only to the pages its viewer set names, and
// keeps beside it today's engine dealt the very same deal, to compare with at every step.

import (
	"crypto/ed25519"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"testing"
	"time"

	"miskatonic/engine"
	"miskatonic/engine/arkham"
	"miskatonic/engine/mask"
	"miskatonic/engine/rng"
)

type seededReader struct{ r *rng.Rand }

func (rd seededReader) Read(p []byte) (int, error) {
	var b [8]byte
	for i := 0; i < len(p); i += 8 {
		binary.LittleEndian.PutUint64(b[:], rd.r.Uint64())
		copy(p[i:], b[:])
	}
	return len(p), nil
}

// page is one key holder's page: its secrets, its knowledge, and every token it holds.
type page struct {
	seat  engine.Seat
	know  *arkham.Knowledge
	key   *mask.Key
	box   *mask.BoxKey
	id    ed25519.PrivateKey
	sigma mask.Hash
	// tokens[handle][purpose] are the verified tokens this page holds, its own included.
	tokens map[int]map[string][]mask.Token
}

type blindTable struct {
	cfg   arkham.BlindConfig
	t     testing.TB
	rand  io.Reader
	b     *arkham.Blind
	ref   *arkham.Game // nil in benchmarks
	pages map[engine.Seat]*page
	hs    []engine.Seat

	sc     mask.Scope
	deck   *mask.Deck
	ks     *mask.KeySet
	peers  map[engine.Seat]mask.BoxPublic
	rec    mask.DealRecord
	final  []mask.Masked
	order  []int                              // the round-end audit's deal, once every σ is out
	deal   [arkham.DeckCards]arkham.CardID    // the truth, for the test only
	checks func()                             // run after every met need (the leak property)
	seen   map[string]int                     // needs met, by kind/purpose/topic (coverage)
	timed  func(key string, d time.Duration)  // benchmarks: CPU per need met
	alter  func(n arkham.Need, c *mask.Claim) // attack tests: a page's claim before it signs
	inputs []arkham.BlindInput                // every input the machine met, in order
	// revealByAudit: round-end reveals are met from the audit's deal, with no token at all
	// (every σ is out, so every card is open anyway); else by tokens checked against it.
	revealByAudit bool
}

// step applies one input to the machine, through Step, and logs it.
func (bt *blindTable) step(in arkham.BlindInput, what string) {
	bt.t.Helper()
	bt.fatal(bt.b.Step(in), what)
	bt.inputs = append(bt.inputs, in)
}

func newBlindTable(t testing.TB, seed uint64, cfg arkham.BlindConfig, withRef bool) *blindTable {
	t.Helper()
	b, err := arkham.NewBlind(cfg)
	if err != nil {
		t.Fatal(err)
	}
	bt := &blindTable{cfg: cfg, t: t, rand: seededReader{rng.FromInt(seed)}, b: b, pages: map[engine.Seat]*page{}, hs: b.Holders()}
	if withRef {
		if bt.ref, err = arkham.New(cfg.Config); err != nil {
			t.Fatal(err)
		}
	}
	for _, s := range bt.hs {
		bt.pages[s] = &page{seat: s, know: arkham.NewKnowledge(s)}
		seedb := make([]byte, 32)
		_, _ = bt.rand.Read(seedb)
		bt.pages[s].id = ed25519.NewKeyFromSeed(seedb)
	}
	return bt
}

func (bt *blindTable) fatal(err error, what string) {
	bt.t.Helper()
	if err != nil {
		bt.t.Fatalf("%s: %v", what, err)
	}
}

// setUp runs a deal's key generation and shuffle chain, every page verifying.
func (bt *blindTable) setUp(round int) {
	bt.sc = mask.Scope{Table: []byte("blind-table"), Deal: uint64(round)}
	ids := bt.b.Deck()
	cards := make([]mask.CardID, len(ids))
	for i, c := range ids {
		cards[i] = mask.CardID{Game: "arkham", ID: c.Key()}
	}
	var err error
	bt.deck, err = mask.NewDeck(cards)
	bt.fatal(err, "deck")
	var pubs []mask.PublicKey
	bt.peers = map[engine.Seat]mask.BoxPublic{}
	for _, s := range bt.hs {
		p := bt.pages[s]
		p.key, err = mask.NewKey(bt.rand, s)
		bt.fatal(err, "key")
		pk, err := p.key.Public(bt.rand, bt.sc)
		bt.fatal(err, "key proof")
		pubs = append(pubs, pk)
		p.box, err = mask.NewBoxKey(bt.rand)
		bt.fatal(err, "box key")
		bt.peers[s], err = p.box.Announce(p.id, bt.sc.Table, s)
		bt.fatal(err, "announce")
		_, _ = bt.rand.Read(p.sigma[:])
		p.tokens = map[int]map[string][]mask.Token{}
	}
	for range bt.hs { // every page verifies every key's proof
		bt.ks, err = mask.NewKeySet(bt.sc, pubs)
		bt.fatal(err, "key set")
	}
	bt.rec = mask.DealRecord{Scope: bt.sc, Keys: pubs, Sigmas: map[engine.Seat]mask.Hash{}}
	bt.order = nil
	cur := bt.deck.Initial()
	for _, s := range bt.hs {
		p := bt.pages[s]
		cur, err = mask.Shuffle(bt.sc, s, p.sigma, bt.ks.Joint(), cur)
		bt.fatal(err, "shuffle")
		bt.rec.Steps = append(bt.rec.Steps, mask.Step{Seat: s, Commit: mask.Commit(bt.sc, s, p.sigma), Deck: cur})
	}
	bt.final = cur
}

// truth is the deal as the audit will find it: only the test, acting for everyone, reads it
// early, to deal today's engine the same cards.
func (bt *blindTable) truth() ([arkham.DeckCards]arkham.CardID, [32]byte) {
	sig := map[engine.Seat]mask.Hash{}
	for _, s := range bt.hs {
		sig[s] = bt.pages[s].sigma
	}
	order, err := mask.Audit(bt.sc, bt.deck, bt.ks.Joint(), bt.rec.Steps, sig)
	bt.fatal(err, "audit")
	var deal [arkham.DeckCards]arkham.CardID
	ids := bt.b.Deck()
	for h, i := range order {
		deal[h] = ids[i]
	}
	return deal, arkham.RoundSeed(bt.sc, sig)
}

// applyDeal deals a round to both machines.
func (bt *blindTable) applyDeal(key [32]byte) {
	bt.setUp(bt.b.Status().Deal.Epoch)
	bt.dealPrepared(key)
}

// dealPrepared deals the round whose keys and chain setUp made.
func (bt *blindTable) dealPrepared(key [32]byte) {
	deal, seed := bt.truth()
	bt.deal = deal
	m := engine.Move{Seat: engine.Dealer, Kind: engine.KindDeal, Seed: hex.EncodeToString(key[:])}
	if bt.ref != nil {
		arkham.DealArranged(bt.ref, key, deal, arkham.MysteryPick(seed))
	}
	bt.step(arkham.BlindInput{Move: &m}, "blind deal")
	bt.drive()
}

// applyMove makes a player's move on both machines.
func (bt *blindTable) applyMove(m engine.Move) {
	if bt.ref != nil {
		bt.fatal(bt.ref.Apply(m), "ref move")
	}
	bt.step(arkham.BlindInput{Move: &m}, "blind move")
	bt.drive()
}

// drive meets every pending need as honest pages would.
func (bt *blindTable) drive() {
	for {
		needs := bt.b.Needs()
		if len(needs) == 0 || len(bt.b.Faults()) > 0 {
			return
		}
		n := needs[0]
		if bt.seen == nil {
			bt.seen = map[string]int{}
		}
		key := n.Kind + "/" + n.Purpose + n.Topic
		bt.seen[key]++
		start := arkham.CPUTime()
		switch n.Kind {
		case arkham.NeedOpen:
			bt.open(n)
		case arkham.NeedClaim:
			bt.claim(n)
		case arkham.NeedAudit:
			bt.audit()
		}
		if bt.timed != nil {
			bt.timed(key, arkham.CPUTime()-start)
		}
		if bt.checks != nil {
			bt.checks()
		}
	}
}

// open: every holder sends its token by the viewer set; each page verifies what it receives.
func (bt *blindTable) open(n arkham.Need) {
	h := n.Handle
	card := bt.final[h]
	var public []mask.Token
	for _, from := range bt.hs {
		p := bt.pages[from]
		out, err := mask.SendTokens(bt.rand, p.key, p.box, bt.sc, bt.peers, card, h, n.Purpose, n.Viewers, bt.hs)
		bt.fatal(err, "send tokens")
		if out.Public != nil {
			if !n.Viewers.All {
				bt.t.Fatalf("need %d: a public token for a private opening", n.ID)
			}
			public = append(public, *out.Public)
			for _, q := range bt.pages {
				q.keep(*out.Public)
			}
		}
		if out.Own != nil {
			p.keep(*out.Own)
		}
		for _, env := range out.Sealed {
			if !n.Viewers.Has(env.To) || env.To == from {
				bt.t.Fatalf("need %d: seat %d sealed a token to seat %d outside %+v", n.ID, from, env.To, n.Viewers)
			}
			q := bt.pages[env.To]
			tok, err := mask.ReceiveToken(q.box, bt.sc, env.To, bt.peers[from], env, h, n.Purpose)
			bt.fatal(err, "receive token")
			q.keep(tok) // verified below by the page's Opening (Add checks every proof)
		}
	}
	if n.Purpose == arkham.PurposeReveal && bt.order == nil {
		// Round end: every holder reveals σ with its reveal tokens, and each page audits the
		// deal first; then every hand it opens is one it knows (AddKnown: every proof, then
		// the tokens' sum must open that card).
		bt.auditAll()
	}
	if n.Purpose == arkham.PurposeReveal && bt.revealByAudit {
		bt.step(arkham.BlindInput{Reveal: &arkham.Revealed{ID: n.ID, Card: bt.b.Deck()[bt.order[h]]}}, "reveal")
		return
	}
	if n.Public {
		i := -1
		for _, s := range bt.hs { // every page verifies every public token
			o := bt.ks.NewOpening(card, h, n.Purpose)
			bt.addTokens(o, bt.pages[s], h, public, "public token")
			c, err := o.Card(bt.deck)
			bt.fatal(err, "public opening")
			if i >= 0 && c != i {
				bt.t.Fatalf("page %d opens card %d as %d, another as %d", s, h, c, i)
			}
			i = c
		}
		bt.rec.Openings = append(bt.rec.Openings, mask.PublicOpening{Handle: h, Purpose: n.Purpose, Tokens: public})
		bt.step(arkham.BlindInput{Reveal: &arkham.Revealed{ID: n.ID, Card: bt.b.Deck()[i]}}, "reveal")
		return
	}
	for _, s := range n.Viewers.Seats {
		q := bt.pages[s]
		o := bt.ks.NewOpening(card, h, n.Purpose)
		bt.addTokens(o, q, h, q.tokens[h][n.Purpose], "token")
		i, err := o.Card(bt.deck)
		bt.fatal(err, "private opening")
		q.know.Learn(bt.b, h, bt.b.Deck()[i])
	}
	id := n.ID
	bt.step(arkham.BlindInput{Settle: &id}, "settle")
}

// addTokens hands a page's tokens for handle h to its opening: with AddKnown when the page
// already knows the card (it opened it before, or the round-end audit did): every proof checked,
// then their sum must open that card; else each proof on receipt (Add) but its own (AddOwn).
func (bt *blindTable) addTokens(o *mask.Opening, q *page, h int, toks []mask.Token, what string) {
	bt.t.Helper()
	want := -1
	if bt.order != nil {
		want = bt.order[h]
	} else if c := q.know.Card(bt.b, h); c != 0 {
		ids := bt.b.Deck()
		want = slices.Index(ids[:], c)
	}
	if want >= 0 {
		bt.fatal(o.AddKnown(bt.deck, want, toks), what)
		return
	}
	for _, tok := range toks {
		if tok.Seat == q.seat { // its own: made here, no proof to check
			bt.fatal(o.AddOwn(q.key, tok), what)
			continue
		}
		bt.fatal(o.Add(tok), what)
	}
}

func (p *page) keep(tok mask.Token) {
	if p.tokens[tok.Handle] == nil {
		p.tokens[tok.Handle] = map[string][]mask.Token{}
	}
	p.tokens[tok.Handle][tok.Purpose] = append(p.tokens[tok.Handle][tok.Purpose], tok)
}

// claim: each claimer says what its own page sees, signs it; everyone verifies the signature.
func (bt *blindTable) claim(n arkham.Need) {
	for _, s := range n.Claimers {
		q := bt.pages[s]
		c := mask.Claim{Seat: s, Event: n.ID, Topic: n.Topic}
		switch n.Topic {
		case arkham.TopicOldOne:
			for p := 0; p < bt.b.Players(); p++ {
				if engine.Seat(p) != s && q.know.Card(bt.b, bt.b.HeldHandle(p)) == bt.b.OldOne() {
					c.Sees = append(c.Sees, engine.Seat(p))
				}
			}
		case arkham.TopicTrap:
			top := q.know.Card(bt.b, bt.b.TopHandle())
			if top == 0 {
				bt.t.Fatalf("claim %d: seat %d never opened the peeked card", n.ID, s)
			}
			c.Topic = arkham.TopicTrapSane
			if top.Card().Colour == arkham.Cursed {
				c.Topic = arkham.TopicTrapCursed
			}
		}
		if bt.alter != nil {
			bt.alter(n, &c)
		}
		signed, err := mask.SignClaim(q.id, bt.sc, c)
		bt.fatal(err, "sign claim")
		bt.fatal(mask.VerifyClaim(q.id.Public().(ed25519.PublicKey), bt.sc, signed), "verify claim")
		bt.step(arkham.BlindInput{Claim: &signed}, "claim")
	}
}

// auditAll: every holder reveals σ; every page audits the chain.
func (bt *blindTable) auditAll() {
	for _, s := range bt.hs {
		bt.rec.Sigmas[s] = bt.pages[s].sigma
	}
	for range bt.hs { // every page audits the chain (it verified each public token on receipt)
		var err error
		bt.order, err = mask.Audit(bt.sc, bt.deck, bt.ks.Joint(), bt.rec.Steps, bt.rec.Sigmas)
		bt.fatal(err, "audit")
	}
}

// audit: the round-end audit (already run with the reveals, if any), and the record's check.
func (bt *blindTable) audit() {
	if bt.order == nil {
		bt.auditAll()
	}
	order := bt.order
	if bt.ref != nil { // and the whole record replays (what engine/replay will check)
		again, err := bt.rec.Verify(bt.deck)
		bt.fatal(err, "deal record")
		if !slices.Equal(again, order) {
			bt.t.Fatal("the record's deal differs from the audit's")
		}
	}
	var deal [arkham.DeckCards]arkham.CardID
	for h, i := range order {
		deal[h] = bt.b.Deck()[i]
	}
	bt.step(arkham.BlindInput{Audited: &arkham.AuditResult{Deal: deal, Seed: arkham.RoundSeed(bt.sc, bt.rec.Sigmas)}}, "audited")
}

// leaks tries, for every page, to open every card the page may not see with all it holds: its
// own key (its token for any card), every token it received for any purpose, the public state.
// A token is the same whatever its purpose, so tokens of one card from different openings are
// pooled: the page can open the card only if it holds every holder's.
func (bt *blindTable) leaks() error {
	for _, s := range bt.hs {
		q := bt.pages[s]
		for h := range bt.final {
			if bt.b.Public(h) != 0 || q.know.Card(bt.b, h) != 0 {
				continue
			}
			from := map[engine.Seat]bool{s: true} // its own token: it can always make it
			for purpose, toks := range q.tokens[h] {
				o := bt.ks.NewOpening(bt.final[h], h, purpose)
				for _, tok := range toks {
					from[tok.Seat] = true
					_ = o.Add(tok)
				}
				own, _ := q.key.Token(bt.rand, bt.sc, bt.final[h], h, purpose)
				_ = o.Add(own)
				if _, err := o.Card(bt.deck); !errors.Is(err, mask.ErrIncomplete) {
					return errorf("page %d opens card %d (%s): %v", s, h, purpose, err)
				}
			}
			if len(from) == len(bt.hs) {
				return errorf("page %d holds every token of card %d", s, h)
			}
		}
	}
	return nil
}

func errorf(format string, args ...any) error { return fmt.Errorf(format, args...) }

func hexKey(k [32]byte) string { return hex.EncodeToString(k[:]) }

func asJSONq(v any) string { b, _ := json.Marshal(v); return string(b) }
