// Package rituals is the Rituals of Madness rules engine: 2–5 players, the 92 cards (80
// cultists, 12 events), the 12 ritual places, the setup grab, the three phases of a round,
// invocations, all eight events with their timing windows, and scoring. The rulebook
// (shared/rules/rituals-of-madness.en.md) is the source of truth; shared/specs/rituals-of-madness.md
// supplies the card data the publisher never made public (kept here as data in cards.go) and
// rulings 1–20 for the rulebook's gaps. Tests name the section or ruling they check.
//
// # Secrets and randomness
//
// Hands, the draw pile and sealed choices are hidden; the engine reads a hidden card only through
// hidden.open. The setup grab and phase 1 are sealed steps (engine.Status.Sealed): every seat
// that must choose is active, moves are accepted in any order, one per seat, and none changes
// what another may choose; until the last one is in, views show only who has chosen.
//
// A game takes exactly one Dealer deal (epoch 1) before setup. Its key feeds HKDF-SHA-256
// streams: miskatonic/v1/rituals/deck shuffles the deck in id order (cards 7s…7s+6 go to seat
// s, the rest is the draw pile, top first) and miskatonic/v1/rituals/grab/N settles the
// collisions of grab round N. There is no second deal because a deal's secrets are revealed when
// the next one is requested, and the hands dealt from the first stay hidden all game.
//
// # Rulings of our own (where neither the rulebook nor the spec decides)
//
//   - Grab collisions (ruling 1) are settled place by place, A to L; of the k seats that picked a
//     place, the winner is the Intn(k)-th in seat order from the grab stream.
//   - The cultists beside a Secret Influence card lie face down, but each was face up at a ritual
//     place, so views show them (and every seat's running score) to everyone.
//   - Event windows (ruling 17) ask the seats with a cultist in placement order from the next to
//     place (from the first once all are placed), then seats without one in seat order. At the end
//     of phase 1 the order follows the current insanity and is recomputed whenever an event
//     resolves. After an event resolves the window starts again from its first seat.
//   - A That Doesn't Work window asks every seat except the one who played the card on top (the
//     card answers another player's event), in window order from the seat after that player.
//   - A window in which no event could be played is skipped: every copy of each event of its
//     timing is discarded or on the stack, or none has a target on the board. Both are public, so
//     skipping tells nobody anything, and nobody could have done anything but pass.
//   - Choices with one option are made without a move: a cultist with one allowed place is placed
//     at once, and with two players the psychotic #1 goes to the opponent (ruling 4).
//   - A placement that completes a ritual is followed by one window, after the invocation.
//   - False God, Mental Breakdown and Right Mind may target one's own cultist ("any cultist");
//     Opponent-Targeted only another player's. New Arrangement needs a place with two cultists;
//     Rise Up a forgotten place; Embarrassing Mistake may move any cultist at any place.
//   - Phase 3 follows ruling 20 (placement order, each seat refills in one go), then seats that
//     sent no cultist in seat order. A seat that cannot complete its refill draws what is left,
//     then the game ends.
//   - The Rise Up restriction follows ruling 14: it lasts while the place is empty in the round
//     it was gained.
//   - The log of public events restarts each round; round 1's keeps the setup grab.
//
// # Where the spec disagrees with itself
//
// Ruling 9 has phase 3 draw one card at a time in seat order; ruling 20 has each seat refill in
// one go in placement order. We follow ruling 20, the later and more specific. Ruling 5 bars the
// owner's cultist from a Rise Up place for the whole round, ruling 14 only while it is empty; we
// follow ruling 14.
package rituals
