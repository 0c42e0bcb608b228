package rituals

import (
	"encoding/json"
	"fmt"

	"miskatonic/engine"
)

// Choosers says, from the public part of a view alone, which seats a sealed round makes choose
// (and whether the view is of a sealed round at all). The game's one deal stays secret until
// its end, so a guest cannot replay to a sealed round to learn its seats; this needs no card:
//   - the setup grab (ruling 1): every seat that owns no ritual place yet picks one. That is
//     every seat at first, then the seats that lost a contested pick (the winners own theirs);
//   - phase 1's sending out: every seat, a hand of events only included (ruling 16: it sends
//     "no cultist", still in secret).
//
// The view's phase and owners are the host's word until the replay at the game's end checks
// them; the seats are not: a host that left its own seat out of the round's Status.Active to
// read the others' choices first is refused the open (engine/table, issue 23 item 6).
func Choosers(v *View) (seats []engine.Seat, sealed bool) {
	switch v.Phase {
	case PhaseGrab:
		owns := make([]bool, v.Players)
		for _, p := range v.Places {
			if p.Owner >= 0 && int(p.Owner) < v.Players {
				owns[p.Owner] = true
			}
		}
		seats = []engine.Seat{}
		for s := 0; s < v.Players; s++ {
			if !owns[s] {
				seats = append(seats, engine.Seat(s))
			}
		}
		return seats, true
	case PhaseSend:
		seats = make([]engine.Seat, v.Players)
		for s := range seats {
			seats[s] = engine.Seat(s)
		}
		return seats, true
	}
	return nil, false
}

// SealedChoosers is Choosers on a view as sent (engine.ViewChoosers): a guest's screen, any seat's.
func (Rules) SealedChoosers(view []byte) ([]engine.Seat, bool, error) {
	var v View
	if err := json.Unmarshal(view, &v); err != nil {
		return nil, false, engine.Errorf(engine.KindMalformed, "rituals: choosers", "the view does not decode: %v", err)
	}
	if v.Players < MinPlayers || v.Players > MaxPlayers {
		return nil, false, engine.Errorf(engine.KindMalformed, "rituals: choosers", "%s", fmt.Sprintf("the view has %d players", v.Players))
	}
	seats, sealed := Choosers(&v)
	return seats, sealed, nil
}
