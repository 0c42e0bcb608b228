package blindtable

// Players who stay away. A key holder's key is needed for every card of its deal, so a table
// cannot wait forever for one who left:
//
//   - A stood-in seat (escrow rebuilt its key mid-round) whose player has not come back by the
//     round's end is dealt as a bot seat from the next deal: no key, run by the host's page.
//   - The host can say a holder is absent (KindAbsent) while the next deal is being made (before
//     its chain ends: it may never post its keys or its step): that attempt is void, the seat is
//     dealt as a bot seat, and the remaining holders deal again with fresh secrets.
//   - At a table of two key holders (no escrow) the host can say so mid-round too: the round is
//     void (nothing of it is scored, it is replayed from its deal) and dealt again the same way.
//     With one holder left, that holder's page holds the deal openly: it could open every card,
//     its own included, and Notices says so to everyone.
//   - A returning player (KindBack) holds a key again from the next deal: at once if no key of
//     the coming deal is in yet, else once the round in play ends.
//
// Every one of these is a public log entry, and Notices names the seat as absent, not as a
// cheat: leaving is not a broken rule. The host decides who is absent (it sees who is
// connected); at worst a dishonest host makes a present player's seat a bot's, which everyone
// sees in the log and the notices, and which hides nothing from anyone.

import (
	"fmt"
	"slices"

	"miskatonic/engine"
)

// KindAbsent is the host's mark that a key holder is away (see above).
const KindAbsent = "absent"

// Notice codes: wire-stable.
const (
	NoticeAbsent = "absent" // the seat is dealt as a bot seat from this deal: its player is away
	NoticeVoid   = "void"   // the round was void (a holder was absent) and is dealt again
	NoticeOpen   = "open"   // one key holder is left: its page holds the deal openly
	NoticeBack   = "back"   // the seat's player holds a key again from this deal
)

// Notice is a public change of who holds keys, for the table's own words. Not a verdict.
type Notice struct {
	Seat   engine.Seat `json:"seat"`
	Code   string      `json:"code"`
	Detail string      `json:"detail"`
}

// Notices lists the table's notices, first first.
func (s *State) Notices() []Notice { return slices.Clone(s.notices) }

// Away says seat x is a key holder of the table dealt as a bot seat now (its player is away).
func (s *State) Away(x engine.Seat) bool {
	return slices.Contains(s.cfg.Game.Holders, x) && !s.isHolder(x)
}

func (s *State) notice(x engine.Seat, code, format string, args ...any) {
	s.notices = append(s.notices, Notice{Seat: x, Code: code, Detail: fmt.Sprintf(format, args...)})
}

// betweenDeals says the game waits for its next deal, whose chain has not ended.
func (s *State) betweenDeals() bool {
	n := s.DealNumber()
	return n > 0 && len(s.b.Needs()) == 0 && (s.d == nil || s.d.n != n || !s.d.dealt)
}

// voidAttempt drops the coming deal's keys and steps: every holder deals again, fresh secrets.
func (s *State) voidAttempt() {
	if s.d != nil && s.d.n == s.DealNumber() {
		s.d = nil
	}
	s.voids++
}

// retire deals x as a bot seat run by the host's page from the coming deal.
func (s *State) retire(x engine.Seat, why string) error {
	if err := s.b.Retire(x, s.cfg.Host); err != nil {
		return err
	}
	delete(s.standIn, x)
	delete(s.returning, x)
	s.seatings++
	s.notice(x, NoticeAbsent, "seat %d is away (%s): dealt as a bot seat, played by the host's page, until its player returns", x, why)
	if hs := s.holders(); len(hs) == 1 {
		s.notice(hs[0], NoticeOpen, "seat %d holds the only key: its page holds the deal openly and could open every card", hs[0])
	}
	return nil
}

// absent: the host says key holder x is away.
func (s *State) absent(x engine.Seat) error {
	switch {
	case !s.isHolder(x) || x == s.cfg.Host || s.standIn[x]:
		return refuse(ErrOrder, "seat %d is not a present key holder", x)
	case s.betweenDeals():
		s.voidAttempt()
		return s.retire(x, "absent while the deal was made")
	case s.d != nil && s.d.dealt && !s.d.done && !s.escrowed() && s.preDeal != nil:
		s.b = s.preDeal.Clone()
		s.preDeal = nil
		s.voidAttempt()
		s.notice(x, NoticeVoid, "round void: seat %d is absent (not a fault); it is dealt again", x)
		return s.retire(x, "absent mid-round at a table of two key holders")
	}
	return refuse(ErrOrder, "seat %d: with escrow a stand-in takes an absent holder's seat mid-round", x)
}

// back: x's player returned; it holds a key from the next deal.
func (s *State) back(x engine.Seat) error {
	if !s.Away(x) || s.returning[x] {
		return refuse(ErrOrder, "seat %d is not away", x)
	}
	if s.betweenDeals() && (s.d == nil || s.d.n != s.DealNumber()) {
		return s.rejoin(x)
	}
	s.returning[x] = true
	return nil
}

func (s *State) rejoin(x engine.Seat) error {
	if err := s.b.Rejoin(x); err != nil {
		return err
	}
	delete(s.returning, x)
	s.seatings++
	s.notice(x, NoticeBack, "seat %d's player is back: it holds a key again from this deal", x)
	return nil
}

// roundEnded runs when a round's audit is in and the game waits for its next deal: stood-in
// seats whose players have not returned become bot seats, returned players hold keys again.
func (s *State) roundEnded() {
	if !s.betweenDeals() {
		return
	}
	for _, x := range slices.Sorted(mapSeats(s.returning)) {
		_ = s.rejoin(x) // between deals: Rejoin cannot refuse a seat that is away
	}
	for _, x := range slices.Sorted(mapSeats(s.standIn)) {
		_ = s.retire(x, "stood in at the round's end")
	}
}

// Returning says away seat x's player is back and holds a key again from the next deal the
// protocol allows (the host's Back is in).
func (s *State) Returning(x engine.Seat) bool { return s.returning[x] }
