package blindtable

// What a page owes the log now, worked out from the public state after every entry: its keys
// at a deal, its chain step, its tokens for the pending opening, its claims, its σ at round end,
// its escrow shares of a stood-in seat, and a move when its person, one of its bots or a seat it
// stands in for is to play. Each input is signed and remembered as sent until it is sequenced.

import (
	"crypto/sha256"
	"slices"
	"strconv"

	"miskatonic/engine"
	"miskatonic/engine/arkham"
	"miskatonic/engine/mask"
	"miskatonic/engine/rng"
)

// Outbox signs what the page owes the log now (nothing once a verdict is in). The caller sends
// each input to the host.
func (p *Page) Outbox() ([]Input, error) {
	if p.accuse && p.st.Verdict() == nil && p.st.d != nil {
		p.accuse = false
		in, err := Sign(p.cfg.Identity, p.st.id, p.cfg.Seat, KindAccuse, Accuse{Deal: p.st.d.n, Verdict: *p.verdict})
		return []Input{in}, err
	}
	if p.Verdict() != nil || p.st.b.Status().Over {
		return nil, nil
	}
	var out []Input
	add := func(key, kind string, body any) error {
		if p.sent[key] {
			return nil
		}
		in, err := Sign(p.cfg.Identity, p.st.id, p.cfg.Seat, kind, body)
		if err != nil {
			return err
		}
		p.sent[key] = true
		out = append(out, in)
		return nil
	}
	me, st := p.cfg.Seat, p.st
	// Each input is made once (sent guards it before anything is drawn from Rand): how many
	// entries arrive before it is sequenced must not change what the page draws next.
	try := strconv.Itoa(st.voids) + "." + strconv.Itoa(st.seatings) // a void attempt's inputs, or those for other holders, are made again
	if n := st.DealNumber(); n > 0 && st.isHolder(me) && (st.d == nil || st.d.n != n || st.d.keys[me].Deal == 0) {
		if p.sent[KindKeys+"/"+strconv.Itoa(n)+"/"+try] {
			return nil, nil
		}
		k, err := p.keysFor(n)
		if err != nil {
			return nil, err
		}
		return out, add(KindKeys+"/"+strconv.Itoa(n)+"/"+try, KindKeys, k)
	}
	if st.nextShuffler() == me {
		if p.sent[KindShuffle+"/"+strconv.Itoa(st.d.n)+"/"+try] {
			return nil, nil
		}
		sh, err := p.shuffle()
		if err != nil {
			return nil, err
		}
		return out, add(KindShuffle+"/"+strconv.Itoa(st.d.n)+"/"+try, KindShuffle, sh)
	}
	if st.d == nil || !st.d.dealt || st.d.n != p.deal {
		return nil, nil
	}
	d := strconv.Itoa(st.d.n) + "/" + try + "/"
	if p.complain && !st.d.broken && !st.d.done {
		return out, add(KindBroken+"/"+d, KindBroken, SeatBody{Deal: st.d.n, Seat: me})
	}
	if st.d.broken && !st.d.done {
		if _, in := st.d.sigmas[me]; !in && !st.rebuilt(me) {
			return out, add(KindSigma+"/"+d, KindSigma, Sigma{Deal: st.d.n, Sigma: mask.Hash(p.sigKey.Secret())})
		}
		return out, nil
	}
	for _, a := range slices.Sorted(mapSeats(st.standIn)) {
		if sh, ok := p.escrow[a]; ok && !st.rebuilt(a) && st.d.shares[a][me].Deal == 0 {
			body := Shares{Deal: st.d.n, Absent: a, Key: sh[0], Sigma: sh[1]}
			if err := add(KindShares+"/"+d+strconv.Itoa(int(a)), KindShares, body); err != nil {
				return nil, err
			}
		}
	}
	n, ok := st.Head()
	if !ok {
		return out, p.move(add)
	}
	id := d + strconv.Itoa(n.ID)
	switch n.Kind {
	case arkham.NeedOpen:
		if !st.Posted(me) && !p.sent[KindTokens+"/"+id] {
			o, err := mask.SendTokens(p.cfg.Rand, p.key, p.box, st.d.sc, st.d.peers, st.Final()[n.Handle], n.Handle, n.Purpose, n.Viewers, st.holders())
			if err != nil {
				return nil, err
			}
			o.Own = nil
			return out, add(KindTokens+"/"+id, KindTokens, Tokens{Deal: st.d.n, Need: n.ID, Out: o})
		}
	case arkham.NeedClaim:
		for _, x := range n.Claimers {
			if st.Claimed(n.ID, x) || !(x == me && !st.standIn[me] || st.standIn[x] && me == st.cfg.Host) {
				continue
			}
			if st.standIn[x] && n.Topic == arkham.TopicOldOne && !p.othersClaimed(n) {
				continue // a stand-in's Gate claim waits for the present holders' (play.go)
			}
			c, err := mask.SignClaim(p.cfg.Identity, st.d.sc, p.claim(n, x))
			if err != nil {
				return nil, err
			}
			if err := add(KindClaim+"/"+id+"/"+strconv.Itoa(int(x)), KindClaim, ClaimBody{Deal: st.d.n, Claim: c}); err != nil {
				return nil, err
			}
		}
	case arkham.NeedAudit:
		if _, in := st.d.sigmas[me]; !in && !st.rebuilt(me) {
			return out, add(KindSigma+"/"+d, KindSigma, Sigma{Deal: st.d.n, Sigma: mask.Hash(p.sigKey.Secret())})
		}
	}
	return out, nil
}

func mapSeats(m map[engine.Seat]bool) func(func(engine.Seat) bool) {
	return func(yield func(engine.Seat) bool) {
		for k, v := range m {
			if v && !yield(k) {
				return
			}
		}
	}
}

// keysFor draws (or, after a reload, restores) the page's secrets for deal n and announces them.
func (p *Page) keysFor(n int) (Keys, error) {
	me, st := p.cfg.Seat, p.st
	if p.deal != n || p.key == nil || p.voids != st.voids { // a void attempt's secrets are never reused
		var err error
		if p.key, err = mask.NewKey(p.cfg.Rand, me); err != nil {
			return Keys{}, err
		}
		if p.box, err = mask.NewBoxKey(p.cfg.Rand); err != nil {
			return Keys{}, err
		}
		// σ is a scalar's bytes, so the Feldman escrow that shares keys shares it too.
		if p.sigKey, err = mask.NewKey(p.cfg.Rand, me); err != nil {
			return Keys{}, err
		}
		p.deal, p.voids = n, st.voids
		clear(p.escrow)
		if p.cfg.Store != nil {
			p.cfg.Store(*p.Save())
		}
	}
	sc := st.scope(n)
	pk, err := p.key.Public(p.cfg.Rand, sc)
	if err != nil {
		return Keys{}, err
	}
	box, err := p.box.Announce(p.cfg.Identity, st.id, me)
	if err != nil {
		return Keys{}, err
	}
	k := Keys{Deal: n, Key: pk, Box: box, Commit: mask.Commit(sc, me, mask.Hash(p.sigKey.Secret())), SigmaY: p.sigKey.Y()}
	if st.escrowed() {
		others := slices.DeleteFunc(st.holders(), func(x engine.Seat) bool { return x == me })
		e, _, err := p.key.Escrow(escrowRand(p.key), others, len(others))
		if err != nil {
			return Keys{}, err
		}
		se, _, err := p.sigKey.Escrow(escrowRand(p.sigKey), others, len(others))
		if err != nil {
			return Keys{}, err
		}
		k.Escrow, k.SigmaEscrow = &e, &se
	}
	return k, nil
}

// shuffle is the page's chain step, with its escrow shares sealed to each other holder.
func (p *Page) shuffle() (Shuffle, error) {
	me, st := p.cfg.Seat, p.st
	in := st.deck.Initial()
	if len(st.d.steps) > 0 {
		in = st.d.steps[len(st.d.steps)-1].Deck
	}
	out, err := mask.Shuffle(st.d.sc, me, mask.Hash(p.sigKey.Secret()), st.d.ks.Joint(), in)
	if err != nil {
		return Shuffle{}, err
	}
	sh := Shuffle{Deal: st.d.n, Deck: out}
	if !st.escrowed() {
		return sh, nil
	}
	others := slices.DeleteFunc(st.holders(), func(x engine.Seat) bool { return x == me })
	_, ks, err := p.key.Escrow(escrowRand(p.key), others, len(others))
	if err != nil {
		return Shuffle{}, err
	}
	_, ss, err := p.sigKey.Escrow(escrowRand(p.sigKey), others, len(others))
	if err != nil {
		return Shuffle{}, err
	}
	for i, x := range others {
		for _, s := range []mask.Share{ks[i], ss[i]} {
			env, err := mask.SealShare(p.cfg.Rand, p.box, st.d.sc, st.d.peers[x], s)
			if err != nil {
				return Shuffle{}, err
			}
			sh.Shares = append(sh.Shares, env)
		}
	}
	return sh, nil
}

// escrowRand is the randomness of k's escrow polynomial: derived from the secret, so the
// commitments announced with the keys and the shares sealed with the chain step agree, and a
// reloaded page deals the same shares again.
func escrowRand(k *mask.Key) *seeded {
	x := k.Secret()
	h := sha256.Sum256(append([]byte("miskatonic/v1/blind/escrow"), x[:]...))
	return &seeded{rng.New(h)}
}
