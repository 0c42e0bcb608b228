package blindtable

// Openings and claims: each holder's tokens for the pending opening, addressed by its viewer
// set (public in clear, private sealed to each viewer); the entry that completes a need's tokens
// meets it (every page opens a public card itself); claims signed by their seats.

import (
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/binary"
	"slices"

	"miskatonic/engine"
	"miskatonic/engine/arkham"
	"miskatonic/engine/mask"
	"miskatonic/engine/rng"
)

// Head is the need the machine waits for, if any.
func (s *State) Head() (arkham.Need, bool) {
	if s.d == nil || !s.d.dealt {
		return arkham.Need{}, false
	}
	ns := s.b.Needs()
	if len(ns) == 0 {
		return arkham.Need{}, false
	}
	return ns[0], true
}

// headIs checks the head need is of kind, for deal, and from a key holder.
func (s *State) headIs(kind string, deal int, from engine.Seat) error {
	n, ok := s.Head()
	if !ok || n.Kind != kind || deal != s.d.n {
		return refuse(ErrOrder, "no %s is pending for deal %d", kind, deal)
	}
	if !s.isHolder(from) {
		return refuse(ErrForged, "seat %d holds no key", from)
	}
	return nil
}

// tokens: a holder's tokens for the head opening. Public ones are verified here, by every
// page and by the host before it sequences them; sealed ones must go exactly to the viewer
// set's other holders (each recipient opens and verifies its own: Page.receive).
func (s *State) tokens(from engine.Seat, t Tokens) error {
	if err := s.headIs(arkham.NeedOpen, t.Deal, from); err != nil {
		return err
	}
	n, _ := s.Head()
	if t.Need != n.ID {
		return refuse(ErrOrder, "tokens for need %d, pending is %d", t.Need, n.ID)
	}
	if _, dup := s.d.toks[from]; dup || s.rebuilt(from) {
		return refuse(ErrOrder, "seat %d's tokens for need %d are in already", from, n.ID)
	}
	public, to := mask.Recipients(n.Viewers, s.holders(), from)
	h := n.Handle
	switch {
	case public:
		tok := t.Out.Public
		if tok == nil || len(t.Out.Sealed) != 0 || tok.Seat != from {
			return &Verdict{Seat: from, Code: CodeToken, Detail: "a public opening's token is not in clear"}
		}
		// A card this page knows already is proven and checked against that card once every
		// token is in (reveal: AddKnown); any other token is proven now, once, into the need's
		// opening.
		if k := s.ownKeyFor(from); k != nil {
			// The page's own token: recomputed with its key (AddOwn), no proof to check.
			if err := s.opening(n).AddOwn(k, *tok); err != nil {
				return &Verdict{Seat: from, Code: CodeToken, Detail: err.Error()}
			}
		} else if _, known := s.knownIndex(h); !known {
			if err := s.opening(n).Add(*tok); err != nil {
				return &Verdict{Seat: from, Code: CodeToken, Detail: err.Error()}
			}
		}
	default:
		if t.Out.Public != nil || len(t.Out.Sealed) != len(to) {
			return &Verdict{Seat: from, Code: CodeToken, Detail: "tokens outside the opening's viewer set"}
		}
		for i, env := range t.Out.Sealed {
			if env.From != from || env.To != to[i] || env.Label != mask.TokenLabel(h, n.Purpose) {
				return &Verdict{Seat: from, Code: CodeToken, Detail: "a token sealed outside the opening's viewer set"}
			}
		}
	}
	s.d.toks[from] = t.Out
	return s.complete()
}

// standInRand is the randomness of a rebuilt key's proofs: a function of the need, so every page
// makes the very same token for the absent seat.
func (s *State) standInRand(x engine.Seat, need int) *seeded {
	h := sha256.New()
	h.Write([]byte("miskatonic/v1/blind/stand-in-token"))
	h.Write(s.id)
	h.Write(binary.BigEndian.AppendUint64(nil, uint64(s.d.n)))
	h.Write(binary.BigEndian.AppendUint64(nil, uint64(need)))
	h.Write([]byte{byte(x)})
	return &seeded{rng.New([32]byte(h.Sum(nil)))}
}

type seeded struct{ r *rng.Rand }

func (rd *seeded) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = byte(rd.r.Uint64())
	}
	return len(p), nil
}

// RebuiltToken is an absent seat's token for the need, made from its rebuilt key.
func (s *State) RebuiltToken(x engine.Seat, n arkham.Need) (mask.Token, bool) {
	k := s.d.rebuilt[x]
	if k == nil {
		return mask.Token{}, false
	}
	tok, err := k.Token(s.standInRand(x, n.ID), s.d.sc, s.Final()[n.Handle], n.Handle, n.Purpose)
	return tok, err == nil
}

// complete meets the head opening once every holder's part is in.
func (s *State) complete() error {
	n, ok := s.Head()
	if !ok || n.Kind != arkham.NeedOpen {
		return nil
	}
	for _, x := range s.holders() {
		if _, in := s.d.toks[x]; !in && !s.rebuilt(x) {
			return nil
		}
	}
	defer func() { s.d.toks = map[engine.Seat]mask.Outgoing{} }()
	if !n.Public {
		return s.b.Step(arkham.BlindInput{Settle: &n.ID})
	}
	return s.reveal(n)
}

// opening is the head need's opening, holding the public tokens proven so far.
func (s *State) opening(n arkham.Need) *mask.Opening {
	if s.d.open == nil || s.d.openID != n.ID {
		s.d.open, s.d.openID = s.d.ks.NewOpening(s.Final()[n.Handle], n.Handle, n.Purpose), n.ID
	}
	return s.d.open
}

// knownIndex is the deck index of the card at handle h when this state's page knows it
// already (opened to it before), so a public opening of it is checked against that card too
// (AddKnown: every proof, then the sum). The host's State knows no card and proves every token.
func (s *State) knownIndex(h int) (int, bool) {
	if s.known == nil {
		return -1, false
	}
	c := s.known(h)
	if c == 0 {
		return -1, false
	}
	i := slices.Index(s.cardIDs[:], c)
	return i, i >= 0
}

// ownKeyFor is this state's page's deal key when x is its seat (nil on the host's State).
func (s *State) ownKeyFor(x engine.Seat) *mask.Key {
	if s.own == nil {
		return nil
	}
	if k := s.own(); k != nil && k.Seat == x {
		return k
	}
	return nil
}

// reveal opens a public card from every holder's token: every page does it itself.
func (s *State) reveal(n arkham.Need) error {
	o := s.opening(n)
	defer func() { s.d.open = nil }()
	var toks, fresh []mask.Token
	want, known := s.knownIndex(n.Handle)
	for _, x := range s.holders() {
		var tok mask.Token
		if out, in := s.d.toks[x]; in && out.Public != nil {
			tok = *out.Public
		} else if t, ok := s.RebuiltToken(x, n); ok {
			tok = t
		}
		toks = append(toks, tok)
		if _, in := s.d.toks[x]; in && s.ownKeyFor(x) != nil {
			continue // in the opening since it was posted
		}
		if known {
			fresh = append(fresh, tok)
		} else if _, in := s.d.toks[x]; !in { // a rebuilt token: the posted ones are in already
			if err := o.Add(tok); err != nil {
				return &Verdict{Seat: x, Code: CodeToken, Detail: err.Error()}
			}
		}
	}
	if known {
		if err := o.AddKnown(s.deck, want, fresh); err != nil {
			if v := s.culprit(n, fresh); v != nil {
				return v
			}
			s.d.broken = true // every proof holds, yet it is not the card opened to this page
			return nil
		}
	}
	s.d.opens = append(s.d.opens, mask.PublicOpening{Handle: n.Handle, Purpose: n.Purpose, Tokens: toks})
	i, err := o.Card(s.deck)
	if err == nil {
		err = s.b.Step(arkham.BlindInput{Reveal: &arkham.Revealed{ID: n.ID, Card: s.b.Deck()[i]}})
	}
	if err != nil {
		// Every token was proven: the card is no card of the deck, or one open already. Only
		// the chain can do that; the deal is void and audited now, naming the step.
		s.d.broken = true
	}
	return nil
}

// culprit names the first holder whose token for n fails its proof (nil when all hold).
func (s *State) culprit(n arkham.Need, toks []mask.Token) *Verdict {
	for _, tok := range toks {
		if err := s.d.ks.VerifyToken(s.Final()[n.Handle], n.Handle, n.Purpose, tok); err != nil {
			return &Verdict{Seat: tok.Seat, Code: CodeToken, Detail: err.Error()}
		}
	}
	return nil
}

// claim: a claimer's signed claim for the head claim need. A stand-in's claim for its seat is
// signed by the host's page (public: the seat is marked stood in). Its Gate claim is derived from
// the present holders' (play.go); its Trapezohedron colour is the public guess (StandInColour).
func (s *State) claim(from engine.Seat, c ClaimBody) error {
	n, ok := s.Head()
	if !ok || n.Kind != arkham.NeedClaim || c.Deal != s.d.n || c.Claim.Event != n.ID {
		return refuse(ErrOrder, "no claim is pending for event %d", c.Claim.Event)
	}
	x := c.Claim.Seat
	signer := x
	if s.standIn[x] {
		signer = s.cfg.Host
	}
	if from != signer || !slices.Contains(n.Claimers, x) {
		return refuse(ErrForged, "seat %d signs a claim for seat %d", from, x)
	}
	if err := mask.VerifyClaim(ed25519.PublicKey(s.cfg.Identities[signer]), s.d.sc, c.Claim); err != nil {
		return refuse(ErrForged, "seat %d's claim: %v", x, err)
	}
	if s.standIn[x] && n.Topic == arkham.TopicTrap {
		// The peek was opened to the absent player alone: no present page can know its colour.
		// The stand-in says the public guess, which every page checks and the audit excuses.
		if want := s.StandInColour(n); c.Claim.Topic != want {
			return refuse(ErrCheat, "stand-in for seat %d claims %s, the public guess is %s", x, c.Claim.Topic, want)
		}
		if err := s.b.Guess(c.Claim); err != nil {
			return refuse(ErrOrder, "%v", err)
		}
		s.d.claimed[[2]int{n.ID, int(x)}] = true
		return nil
	}
	if err := s.b.Step(arkham.BlindInput{Claim: &c.Claim}); err != nil {
		return refuse(ErrOrder, "%v", err)
	}
	s.d.claimed[[2]int{n.ID, int(x)}] = true
	return nil
}

// StandInColour is a stood-in peeker's Trapezohedron colour: a coin from the deal's public
// final deck and the need, which no page can steer (the deck was fixed before the peek) and
// every page computes alike.
func (s *State) StandInColour(n arkham.Need) string {
	k := DealKey(s.d.sc, s.Final())
	h := sha256.Sum256(binary.BigEndian.AppendUint64(append([]byte("miskatonic/v1/blind/stand-in-trap"), k[:]...), uint64(n.ID)))
	if h[0]&1 == 1 {
		return arkham.TopicTrapCursed
	}
	return arkham.TopicTrapSane
}

// Claimed says seat x's claim for need id is in.
func (s *State) Claimed(id int, x engine.Seat) bool {
	return s.d != nil && s.d.claimed[[2]int{id, int(x)}]
}

// Posted says holder x's tokens for the head need are in (or its key was rebuilt).
func (s *State) Posted(x engine.Seat) bool {
	_, in := s.d.toks[x]
	return in || s.rebuilt(x)
}
