package blindtable

// A deal's public crypto: key announcements (with escrow), the shuffle chain in seat order, the
// deal itself once the chain ends, the σ revealed at round end and the audit, and the escrow
// shares published when a stand-in takes a vanished holder's seat.

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"errors"
	"slices"

	"miskatonic/engine"
	"miskatonic/engine/arkham"
	"miskatonic/engine/mask"
)

// DealNumber is the deal the game waits for (its epoch), 0 when none.
func (s *State) DealNumber() int {
	if st := s.b.Status(); st.Deal != nil && !st.Over {
		return st.Deal.Epoch
	}
	return 0
}

// scope is a deal's scope: the table and the deal's number.
func (s *State) scope(n int) mask.Scope { return mask.Scope{Table: s.id, Deal: uint64(n)} }

// keys: a holder announces its deal key (proven), box key (signed), σ commitment and escrow.
func (s *State) keys(from engine.Seat, k Keys) error {
	n := s.DealNumber()
	if n == 0 || k.Deal != n {
		return refuse(ErrOrder, "keys for deal %d, the game waits for deal %d", k.Deal, n)
	}
	if s.d != nil && s.d.n == n && s.d.keys[from].Deal != 0 {
		return refuse(ErrOrder, "seat %d announced its keys for deal %d already", from, n)
	}
	if !s.isHolder(from) || k.Key.Seat != from || k.Box.Seat != from {
		return refuse(ErrMalformed, "seat %d announces keys of seat %d/%d", from, k.Key.Seat, k.Box.Seat)
	}
	sc := s.scope(n)
	if err := k.Key.Verify(sc); err != nil {
		return refuse(ErrCheat, "seat %d's key: %v", from, err)
	}
	if err := k.Box.Verify(s.cfg.Identities[from], s.id); err != nil {
		return refuse(ErrCheat, "seat %d's box key: %v", from, err)
	}
	others := slices.DeleteFunc(s.holders(), func(x engine.Seat) bool { return x == from })
	if !s.escrowed() {
		if k.Escrow != nil || k.SigmaEscrow != nil {
			return refuse(ErrMalformed, "escrow at a table of two key holders")
		}
	} else {
		t := len(others)
		if k.Escrow == nil || k.SigmaEscrow == nil || k.Escrow.Dealer != from || k.SigmaEscrow.Dealer != from ||
			len(k.Escrow.Commitments) != t || len(k.SigmaEscrow.Commitments) != t ||
			k.Escrow.Commitments[0] != k.Key.Y || k.SigmaEscrow.Commitments[0] != k.SigmaY {
			return refuse(ErrCheat, "seat %d's escrow is not dealt on its keys", from)
		}
	}
	if s.d == nil || s.d.n != n {
		s.d = &deal{complainer: s.cfg.Host, n: n, sc: sc, keys: map[engine.Seat]Keys{}, peers: map[engine.Seat]mask.BoxPublic{},
			toks: map[engine.Seat]mask.Outgoing{}, claimed: map[[2]int]bool{}, sigmas: map[engine.Seat]mask.Hash{},
			shares: map[engine.Seat]map[engine.Seat]Shares{}, rebuilt: map[engine.Seat]*mask.Key{}, rsigma: map[engine.Seat]mask.Hash{}}
		clear(s.standIn) // a stand-in lasts for its deal: the next deal's keys are the seats'
	}
	s.d.keys[from] = k
	s.d.peers[from] = k.Box
	if len(s.d.keys) == len(s.holders()) {
		pubs := make([]mask.PublicKey, 0, len(s.d.keys))
		for _, h := range s.holders() {
			pubs = append(pubs, s.d.keys[h].Key)
		}
		ks, err := mask.NewKeySet(sc, pubs)
		if err != nil { // unreachable: each proof was checked on receipt
			return refuse(ErrCheat, "key set: %v", err)
		}
		s.d.ks = ks
	}
	return nil
}

// nextShuffler is the holder whose chain step is due, or -1.
func (s *State) nextShuffler() engine.Seat {
	if s.d == nil || s.d.ks == nil || s.d.dealt || len(s.d.steps) >= len(s.holders()) {
		return -1
	}
	return s.holders()[len(s.d.steps)]
}

// shuffle: the next holder in seat order publishes its step. The audit at round end checks it.
func (s *State) shuffle(from engine.Seat, sh Shuffle) error {
	if s.d == nil || sh.Deal != s.d.n || s.nextShuffler() != from {
		return refuse(ErrOrder, "seat %d's shuffle for deal %d is not due", from, sh.Deal)
	}
	if len(sh.Deck) != s.deck.Len() {
		return refuse(ErrMalformed, "seat %d's step holds %d cards, not %d", from, len(sh.Deck), s.deck.Len())
	}
	others := slices.DeleteFunc(s.holders(), func(x engine.Seat) bool { return x == from })
	if !s.escrowed() {
		others = nil
	}
	if len(sh.Shares) != 2*len(others) {
		return refuse(ErrMalformed, "seat %d sealed %d escrow shares for %d holders", from, len(sh.Shares), len(others))
	}
	for i, env := range sh.Shares {
		if env.From != from || env.To != others[i/2] || env.Label != mask.EscrowLabel {
			return refuse(ErrMalformed, "seat %d's escrow envelope %d is misaddressed", from, i)
		}
	}
	s.d.steps = append(s.d.steps, mask.Step{Seat: from, Commit: s.d.keys[from].Commit, Deck: slices.Clone(sh.Deck)})
	if len(s.d.steps) < len(s.holders()) {
		return nil
	}
	// The chain is complete: deal. The deal key (the first round's active player) is a hash of
	// the final deck, which no holder could steer once its σ was committed.
	key := DealKey(s.d.sc, sh.Deck)
	m := engine.DealMove(key)
	pre := s.b.Clone()
	if err := s.b.Step(arkham.BlindInput{Move: &m}); err != nil {
		s.d.steps = s.d.steps[:len(s.d.steps)-1]
		return refuse(ErrOrder, "deal: %v", err)
	}
	s.preDeal = pre
	s.d.dealt = true
	return nil
}

// DealKey is the deal move's key for a chain's final deck.
func DealKey(sc mask.Scope, final []mask.Masked) [32]byte {
	b, _ := json.Marshal(final)
	h := sha256.New()
	h.Write([]byte("miskatonic/v1/blind/deal-key"))
	h.Write(binary.BigEndian.AppendUint64(nil, uint64(len(sc.Table))))
	h.Write(sc.Table)
	h.Write(binary.BigEndian.AppendUint64(nil, sc.Deal))
	h.Write(b)
	return [32]byte(h.Sum(nil))
}

// Final is the current deal's final masked deck (nil before the chain ends).
func (s *State) Final() []mask.Masked {
	if s.d == nil || !s.d.dealt {
		return nil
	}
	return s.d.steps[len(s.d.steps)-1].Deck
}

// present says holder x's part of the current need is in: posted, or x's key was rebuilt.
func (s *State) rebuilt(x engine.Seat) bool { return s.d != nil && s.d.rebuilt[x] != nil }

// sigma: a holder reveals σ at round end; with every σ in, the audit runs.
func (s *State) sigma(from engine.Seat, sg Sigma) error {
	if s.d != nil && s.d.broken && !s.d.done && sg.Deal == s.d.n && s.isHolder(from) {
		// a void deal's audit: σ are due now
	} else if err := s.headIs(arkham.NeedAudit, sg.Deal, from); err != nil {
		return err
	}
	if _, dup := s.d.sigmas[from]; dup || s.rebuilt(from) {
		return refuse(ErrOrder, "seat %d's σ is in already", from)
	}
	if !mask.Opens(s.d.sc, from, sg.Sigma, s.d.keys[from].Commit) {
		return &Verdict{Seat: from, Code: CodeCommit, Detail: "revealed σ does not open its commitment"}
	}
	s.d.sigmas[from] = sg.Sigma
	s.audit()
	return nil
}

// Record is the deal's public record so far (engine/mask.DealRecord).
func (s *State) Record() mask.DealRecord {
	if s.d == nil {
		return mask.DealRecord{}
	}
	pubs := []mask.PublicKey{}
	for _, h := range s.holders() {
		if k, ok := s.d.keys[h]; ok {
			pubs = append(pubs, k.Key)
		}
	}
	sig := map[engine.Seat]mask.Hash{}
	for x, v := range s.d.sigmas {
		sig[x] = v
	}
	for x, v := range s.d.rsigma {
		sig[x] = v
	}
	return mask.DealRecord{Scope: s.d.sc, Keys: pubs, Steps: slices.Clone(s.d.steps), Sigmas: sig, Openings: slices.Clone(s.d.opens)}
}

// audit runs once every σ is in: the whole deal record is verified (a bad step names its seat),
// the audited deal goes to the machine, and a claim it contradicts names its seat.
func (s *State) audit() {
	for _, h := range s.holders() {
		if _, ok := s.d.sigmas[h]; !ok && !s.rebuilt(h) {
			return
		}
	}
	rec := s.Record()
	// Each key's proof and each public token's were checked on receipt, and every holder
	// shuffled once, in seat order (shuffle): the chain's audit is what is left. The machine's
	// Audited checks every card opened this round against it.
	order, err := mask.Audit(s.d.sc, s.deck, s.d.ks.Joint(), rec.Steps, rec.Sigmas)
	if err == nil && s.d.broken {
		s.d.done = true
		s.verdict = &Verdict{Seat: s.d.complainer, Code: CodeToken, Detail: "the deal audits clean: the complaint that a card did not open is false"}
		return
	}
	if err != nil {
		var f *mask.Fault
		if errors.As(err, &f) {
			s.verdict = &Verdict{Seat: f.Seat, Code: CodeChain, Detail: f.Error()}
		} else {
			s.verdict = &Verdict{Seat: s.cfg.Host, Code: CodeHost, Detail: "deal record: " + err.Error()}
		}
		return
	}
	var d [arkham.DeckCards]arkham.CardID
	ids := s.b.Deck()
	for h, i := range order {
		d[h] = ids[i]
	}
	if err := s.b.Step(arkham.BlindInput{Audited: &arkham.AuditResult{Deal: d, Seed: arkham.RoundSeed(s.d.sc, rec.Sigmas)}}); err != nil {
		s.verdict = &Verdict{Seat: s.cfg.Host, Code: CodeHost, Detail: "audit: " + err.Error()}
		return
	}
	s.d.done = true
	if f := s.b.Faults(); len(f) > 0 {
		s.verdict = &Verdict{Seat: f[0].Seat, Code: CodeClaim, Detail: f[0].Truth}
		return
	}
	s.roundEnded()
}

// shares: with a stand-in in a vanished holder's seat, each other holder publishes its escrow
// shares of that seat's key and σ; with all of them in, every page rebuilds both.
func (s *State) shares(from engine.Seat, sh Shares) error {
	a := sh.Absent
	if !s.standIn[a] || s.d == nil || sh.Deal != s.d.n || s.rebuilt(a) {
		return refuse(ErrOrder, "shares of seat %d: not stood in, or rebuilt already", a)
	}
	if !s.isHolder(from) || from == a || s.d.shares[a][from].Deal != 0 {
		return refuse(ErrOrder, "seat %d's shares of seat %d", from, a)
	}
	k := s.d.keys[a]
	if sh.Key.Dealer != a || sh.Key.Holder != from || sh.Sigma.Dealer != a || sh.Sigma.Holder != from {
		return refuse(ErrMalformed, "seat %d's shares are not its own of seat %d's keys", from, a)
	}
	if k.Escrow.VerifyShare(sh.Key) != nil || k.SigmaEscrow.VerifyShare(sh.Sigma) != nil {
		return &Verdict{Seat: from, Code: CodeShare, Detail: "published share fails its commitments"}
	}
	if s.d.shares[a] == nil {
		s.d.shares[a] = map[engine.Seat]Shares{}
	}
	s.d.shares[a][from] = sh
	if len(s.d.shares[a]) < len(s.holders())-1 {
		return nil
	}
	var ks, ss []mask.Share
	for _, h := range s.holders() {
		if h != a {
			ks, ss = append(ks, s.d.shares[a][h].Key), append(ss, s.d.shares[a][h].Sigma)
		}
	}
	key, err := mask.Reconstruct(*k.Escrow, ks)
	if err != nil {
		return &Verdict{Seat: a, Code: CodeShare, Detail: "rebuilt key: " + err.Error()}
	}
	sk, err := mask.Reconstruct(*k.SigmaEscrow, ss)
	var sigma mask.Hash
	if err == nil {
		sigma = mask.Hash(sk.Secret())
	}
	if err != nil || !mask.Opens(s.d.sc, a, sigma, k.Commit) {
		return &Verdict{Seat: a, Code: CodeShare, Detail: "rebuilt σ does not open the commitment"}
	}
	s.d.rebuilt[a], s.d.rsigma[a] = key, sigma
	if len(s.b.Needs()) > 0 {
		return s.complete()
	}
	return nil
}

// complain: a holder says a card sealed to it opened to no card of the deck (or to one open
// already). Its tokens were proven on receipt, so only the chain can be at fault: the deal is
// void and audited now. A false complaint is convicted by the clean audit.
func (s *State) complain(from engine.Seat, sb SeatBody) error {
	if s.d == nil || !s.d.dealt || s.d.done || sb.Deal != s.d.n || !s.isHolder(from) || sb.Seat != from {
		return refuse(ErrOrder, "seat %d's complaint for deal %d", from, sb.Deal)
	}
	if !s.d.broken {
		s.d.broken, s.d.complainer = true, from
	}
	return nil
}
