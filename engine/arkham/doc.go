// Package arkham is the Arkham Ritual rules engine: 3–7 players (plus dummies for 3–4), the 28
// cards and the Mystery Card promo, the Doom Track and the competitive variant. The rulebook
// (shared/rules) is the source of truth and shared/specs/arkham-ritual.md fixes its gaps.
//
// Every Arkham move is public: who gave the drawn card to whom, who took or passed it, who let it
// go and how an Orb was resolved are all seen by the whole table. What stays private is card
// faces: a seat never sees the card it holds, the drawn card is seen only by the seat that drew
// it, and Orb and Trapezohedron peeks are seen only by the seat that made them. So there is no
// PublicMove exception to export.
//
// Randomness arrives only as Deal moves, one per round (epoch = round number). From each key the
// engine derives separate streams: miskatonic/v1/arkham/deck (the shuffle; card i of the
// shuffled 22, in id order before shuffling, goes to position i, the rest is the deck top
// first), .../first (the first round's first active player) and .../mystery (the Great Old One
// the Mystery Card reveals this round). Nothing hidden outlives its round.
//
// Host-blind play (issue 25) is Blind, beside Game: the public machine every page runs, with
// masked-deck handles for hidden cards and explicit Needs (openings by viewer set, claims, the
// round-end audit) where Game would read a hidden card; each page's Knowledge completes its
// view. Given the same deal it plays exactly Game's game (TestBlindMatchesEngine).
//
// Decisions the rulebook and spec leave open (ours):
//   - next round's active player on a tie for lowest sanity: the first tied player clockwise
//     after the last active player, who comes last;
//   - Nyarlathotep's holder gains the markers the victims really lost (a player at 1 loses 1);
//   - the Doom Track advances after every round, whatever ended it, and stays on 7;
//   - a game ended at once by the Trapezohedron reveals the hands with reason "unresolved";
//   - standard variant: if everyone reaches 0 nobody wins; competitive: the most markers win,
//     ties share.
package arkham
