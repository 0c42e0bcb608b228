package arkhambot

import (
	"miskatonic/engine"
	"miskatonic/engine/arkham"
)

// Reading the table: every other seat can see our card, so what they did this round says
// something about it. ownCardBelief replays the round's public log under each guess at our own
// card, asks "would a heuristic player in that seat have done what they did?", and weighs the
// guess by the answer. Opponents that are not heuristic players only blur the picture: a move
// the model does not predict costs a guess a factor, never rules it out.

// inferNoise is the chance the model gives an opponent of acting off-model on any decision.
const inferNoise = 0.35

// pastDecision is one logged decision of another seat, with the public state it was made in.
type pastDecision struct {
	seat     int
	phase    string
	turn     int
	held     [arkham.MaxPositions]arkham.CardID // 0 in our slot while it holds our guessed card
	onTable  [arkham.MaxPositions]bool
	sanity   [arkham.MaxPositions]int
	discards []arkham.CardID
	chain    []int
	move     engine.Move
}

// roundTurn is one turn of the round.
type roundTurn struct {
	card    arkham.CardID // the card drawn; 0 if unknown or if it is our guessed card
	takenBy int           // -1 if nobody took it
}

// inference holds the scratch space of ownCardBelief.
type inference struct {
	turns     []roundTurn
	turnOf    []int // per log entry: its turn index
	decisions []pastDecision
	pool      []arkham.CardID
	legal     []engine.Move
	sub       arkhamHeuristic // models the other seats
	// pending is the drawer's give of the turn in play when we do not know the card it gave:
	// it depends on that card as well as ours, so it is weighed per sampled world (giveOdds),
	// not in the belief about our card alone.
	pending    *pastDecision
	pendingBuf pastDecision
	lastTake   int
	noise      float64 // inferNoise unless tuned

	// fit records, per seat, how well the model predicted its moves in finished rounds, where
	// the reveal tells us our own card and so everything that seat saw.
	fit      [arkham.MaxPlayers]seatFit
	last     *arkham.View // the view of our latest decision, until its round is revealed
	lastMove engine.Move
}

// seatFit counts a seat's modelled decisions, those the model predicted, and Σ 1/choices.
type seatFit struct {
	total, match int
	chance       float64
}

// noiseFor is the share of seat p's decisions the model treats as off-model. Until a seat's
// record says otherwise it is inferNoise; a seat that matches the model no better than chance
// (a random player) gets 1, which makes its moves say nothing.
func (in *inference) noiseFor(p int) float64 {
	if in.noise != 0 {
		return in.noise
	}
	if p < 0 || p >= len(in.fit) || in.fit[p].total < 4 {
		return inferNoise
	}
	f := in.fit[p]
	m := float64(f.match) / float64(f.total)
	c := f.chance / float64(f.total)
	if c >= 1 {
		return inferNoise
	}
	// m = (1-e) + e*c  =>  e = (1-m)/(1-c)
	return min(max((1-m)/(1-c), 0.05), 1)
}

// calibrate scores the other seats against the model on our previous round, once its reveal
// shows the card we held. It is called with every new view.
func (in *inference) calibrate(v *arkham.View) {
	prev := in.last
	if prev == nil || prev.Round == v.Round || v.LastRound == nil || v.LastRound.Round != prev.Round {
		return
	}
	in.last = nil
	me := int(prev.Seat)
	if in.lastMove.Kind == arkham.MoveTake || me >= len(v.LastRound.Positions) {
		return // we swapped cards after that view: we do not know what we held then
	}
	final := v.LastRound.Positions[me].Card
	var s situation
	s.fromView(prev)
	if s.mine != 0 || !final.Valid() || !in.replay(prev, &s, true) {
		return
	}
	for k := range in.decisions {
		d := &in.decisions[k]
		ok, match, choices := in.predict(prev, &s, d, final, 0, in.lastTake)
		if !ok || d.seat >= len(in.fit) {
			continue
		}
		f := &in.fit[d.seat]
		f.total++
		f.chance += 1 / float64(choices)
		if match {
			f.match++
		}
	}
}

// remember keeps the view and move of our latest decision for calibrate.
func (in *inference) remember(v *arkham.View, m engine.Move) {
	in.last, in.lastMove = v, m
}

// ownCardBelief returns a weight for each candidate own card in s.pool (parallel to it) from the
// decisions other seats made while our current card was in play, or nil when none of them
// depends on it.
func (in *inference) ownCardBelief(v *arkham.View, s *situation) []float64 {
	in.pending = nil
	if s.mine != 0 || len(s.pool) == 0 || len(v.Log) == 0 || !in.replay(v, s, false) {
		return nil
	}
	weights := make([]float64, len(s.pool))
	informative := false
	for i, c := range s.pool {
		w := 1.0
		for k := range in.decisions {
			w *= in.likelihood(v, s, &in.decisions[k], c, 0, in.lastTake)
		}
		weights[i] = w
		informative = informative || w != weights[0]
	}
	if !informative {
		return nil
	}
	return weights
}

// replay rebuilds the round from v's log and records the other seats' decisions in
// in.decisions: those made while our current card was in play, or every one when all is set.
// It reports whether there is any decision to weigh.
func (in *inference) replay(v *arkham.View, s *situation, all bool) bool {
	me := s.me
	// Forwards: split the log into turns.
	in.turns = in.turns[:0]
	in.turnOf = in.turnOf[:0]
	pendingNew := false
	lastTake := -1
	for _, e := range v.Log {
		switch e.Kind {
		case arkham.EventRoundStart:
			in.turns = append(in.turns, roundTurn{takenBy: -1})
		case arkham.EventGive:
			if pendingNew {
				in.turns = append(in.turns, roundTurn{takenBy: -1})
				pendingNew = false
			}
		}
		cur := len(in.turns) - 1
		in.turnOf = append(in.turnOf, cur)
		if cur < 0 {
			continue
		}
		switch e.Kind {
		case arkham.EventTake:
			in.turns[cur].takenBy = int(e.Seat)
			if int(e.Seat) == me {
				lastTake = cur
			}
			pendingNew = true
		case arkham.EventDrop:
			in.turns[cur].card = e.Card
		case arkham.EventOrbReturn, arkham.EventOrbRemove:
			pendingNew = true
		}
	}
	if len(in.turns) == 0 {
		return false
	}
	if v.Passing != nil && v.Passing.Card != 0 {
		in.turns[len(in.turns)-1].card = v.Passing.Card
	}
	// Backwards from the table as it is: a taken card is what its taker held next.
	npos := len(v.Positions)
	var hold [arkham.MaxPositions]arkham.CardID
	for p := 0; p < npos && p < arkham.MaxPositions; p++ {
		hold[p] = v.Positions[p].Card
	}
	hold[me] = 0 // the guess
	for i := len(v.Log) - 1; i >= 0; i-- {
		if e := v.Log[i]; e.Kind == arkham.EventTake && in.turnOf[i] >= 0 {
			in.turns[in.turnOf[i]].card = hold[e.Seat]
			hold[e.Seat] = e.Card
		}
	}
	var sanity [arkham.MaxPositions]int
	for p := 0; p < v.Players; p++ {
		sanity[p] = v.Positions[p].Sanity
	}
	for _, e := range v.Log {
		if e.Kind == arkham.EventTrapezohedron && int(e.Seat) < v.Players {
			sanity[e.Seat] -= e.N
		}
	}
	// Forwards again, recording the other seats' decisions.
	in.decisions = in.decisions[:0]
	var onTable [arkham.MaxPositions]bool
	var chain []int
	var discards []arkham.CardID
	turn := -1
	for i, e := range v.Log {
		seat := int(e.Seat)
		if t := in.turnOf[i]; t != turn && t >= 0 {
			turn = t
			active := seat // round_start or the turn's first give names the active player
			for p := 0; p < npos; p++ {
				onTable[p] = p < v.Players && p != active
			}
			chain = []int{active}
		}
		record := func(phase string, m engine.Move) {
			if seat == me || turn < 0 || (!all && turn < lastTake) {
				return
			}
			d := pastDecision{seat: seat, phase: phase, turn: turn, held: hold,
				onTable: onTable, sanity: sanity, discards: append([]arkham.CardID(nil), discards...),
				chain: append([]int(nil), chain...), move: m}
			if phase == arkham.PhaseGive && turn == len(in.turns)-1 && in.turns[turn].card == 0 && v.Passing != nil {
				in.pendingBuf = d
				in.pending = &in.pendingBuf
				return
			}
			in.decisions = append(in.decisions, d)
		}
		switch e.Kind {
		case arkham.EventGive, arkham.EventPass:
			if e.To == nil || !e.To.Valid(v.Players) {
				return false
			}
			if e.Kind == arkham.EventGive {
				record(arkham.PhaseGive, engine.Move{Seat: e.Seat, Kind: arkham.MoveGive, To: *e.To})
			} else {
				record(arkham.PhaseRespond, engine.Move{Seat: e.Seat, Kind: arkham.MovePass, To: *e.To})
			}
			onTable[*e.To] = false
			chain = append(chain, int(*e.To))
		case arkham.EventTake:
			record(arkham.PhaseRespond, engine.Move{Seat: e.Seat, Kind: arkham.MoveTake})
			discards = append(discards, e.Card)
			hold[seat] = in.turns[turn].card
		case arkham.EventDrop:
			record(arkham.PhaseRespond, engine.Move{Seat: e.Seat, Kind: arkham.MoveDrop})
			discards = append(discards, e.Card)
		case arkham.EventTrapezohedron:
			if seat < v.Players {
				sanity[seat] += e.N
			}
		}
	}
	in.lastTake = lastTake
	return len(in.decisions) > 0
}

// giveOdds is how probable the pending give is (relative to its most probable case) if our own
// card is c and the card given is x; 1 when there is no pending give.
func (in *inference) giveOdds(v *arkham.View, s *situation, c, x arkham.CardID) float64 {
	if in.pending == nil || x == 0 {
		return 1
	}
	noise := in.noiseFor(in.pending.seat)
	n := 0
	for p := 0; p < v.Players; p++ {
		if in.pending.onTable[p] {
			n++
		}
	}
	k := float64(max(n, 1))
	return in.likelihood(v, s, in.pending, c, x, in.lastTake) / (1 - noise + noise/k)
}

// likelihood is how probable decision d is if our own card is c (and, when not 0, the card in
// transit is x), under the heuristic model.
func (in *inference) likelihood(v *arkham.View, s *situation, d *pastDecision, c, x arkham.CardID, lastTake int) float64 {
	ok, match, choices := in.predict(v, s, d, c, x, lastTake)
	if !ok {
		return 1
	}
	k := float64(choices)
	noise := in.noiseFor(d.seat)
	if match {
		return 1 - noise + noise/k
	}
	return noise / k
}

// predict replays decision d through the model, with our own card c (and the card in transit x
// when not 0): ok is false when the decision had no choice to model; match says whether the
// model made the same move; choices is how many moves there were.
func (in *inference) predict(v *arkham.View, s *situation, d *pastDecision, c, x arkham.CardID, lastTake int) (ok, match bool, choices int) {
	me := s.me
	m := &in.sub.sit
	m.t = s.t
	m.t.held, m.t.sanity, m.t.onTable = d.held, d.sanity, d.onTable
	if m.t.held[me] == 0 {
		m.t.held[me] = c
	}
	m.me, m.phase, m.chainLen, m.mine, m.orbTop = d.seat, d.phase, len(d.chain), 0, 0
	m.transit = 0
	if d.seat == d.chain[0] { // the drawer saw the card
		m.transit = in.turns[d.turn].card
		if m.transit == 0 && d.turn == lastTake {
			m.transit = c
		}
		if m.transit == 0 {
			m.transit = x
		}
	}
	m.t.held[d.seat] = 0
	// The seat's unseen cards then: everything it could not see.
	var left [arkham.Mystery + 1]int8
	for _, x := range v.Options.Deck() {
		left[x]++
	}
	gone := func(x arkham.CardID) {
		if x.Valid() && left[x] > 0 {
			left[x]--
		}
	}
	for p := 0; p < len(v.Positions); p++ {
		if p != d.seat {
			gone(m.t.held[p])
		}
	}
	for _, x := range d.discards {
		gone(x)
	}
	gone(m.transit)
	m.pool = in.pool[:0]
	for x := arkham.CardID(1); x <= arkham.Mystery; x++ {
		for n := left[x]; n > 0; n-- {
			m.pool = append(m.pool, x)
		}
	}
	in.pool = m.pool
	// Its legal moves then, in the engine's order: take first, then by seat.
	legal := in.legal[:0]
	seat := engine.Seat(d.seat)
	kind := arkham.MoveGive
	if d.phase == arkham.PhaseRespond {
		kind = arkham.MovePass
		legal = append(legal, engine.Move{Seat: seat, Kind: arkham.MoveTake})
	}
	anyOn := false
	for p := 0; p < v.Players; p++ {
		if d.onTable[p] {
			anyOn = true
			legal = append(legal, engine.Move{Seat: seat, Kind: kind, To: engine.Seat(p)})
		}
	}
	if d.phase == arkham.PhaseRespond && !anyOn {
		legal = append(legal, engine.Move{Seat: seat, Kind: arkham.MoveDrop})
	}
	in.legal = legal
	if len(legal) < 2 || !engine.IsLegal(legal, d.move) {
		return false, false, 0
	}
	return true, legal[in.sub.choose(m, legal)] == d.move, len(legal)
}

// arkhamReader is the heuristic with table reading: it weighs its guesses at its own card by
// ownCardBelief. It is the search bot's judgement at the root, and a bot level of its own in
// experiments.
type arkhamReader struct {
	h      arkhamHeuristic
	in     inference
	belief [arkham.Mystery + 1]float64
}

func newArkhamReader() *arkhamReader {
	r := &arkhamReader{h: *newArkhamHeuristic()}
	r.in.sub = *newArkhamHeuristic()
	return r
}

// situate builds v's situation with the belief filled in (nil belief when the log says nothing).
func (r *arkhamReader) situate(v *arkham.View) *situation {
	r.in.calibrate(v)
	s := &r.h.sit
	s.fromView(v)
	if w := r.in.ownCardBelief(v, s); w != nil {
		r.belief = [arkham.Mystery + 1]float64{}
		for i, c := range s.pool {
			r.belief[c] += w[i]
		}
		s.belief = &r.belief
	}
	return s
}

func (r *arkhamReader) decide(v *arkham.View, legal []engine.Move) engine.Move {
	if len(legal) == 1 {
		return legal[0]
	}
	m := legal[r.h.choose(r.situate(v), legal)]
	r.in.remember(v, m)
	return m
}
