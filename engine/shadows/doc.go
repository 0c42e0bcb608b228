// Package shadows is the Ring of Shadows rules engine: a co-operative game for 2–4 characters
// (and the labelled unofficial 5-character variant), with the rulebook's missing parts completed
// by shared/specs/ring-of-shadows.md. Engine seats are characters; which person plays which
// characters (solo: one person, 2–4 characters) is the table's business, not the engine's.
//
// All designed content — characters, elders, threats, assets, the Randonomicon, shadow
// abilities and the tuning knobs — is data: one JSON file per card group under data/, embedded
// and validated when the package loads. Tune the game there, never in the code.
//
// Randomness is lazy. The engine never holds a card nobody has seen: a threat card gets its
// identity (drawn from its level's unused threats) only when it is first seen — when it cycles
// up as the Arkham threat or when its shadow is viewed — and assets, Randonomicon cards,
// abilities, starting corruption and a random elder are drawn at the moment the rules draw
// them. A move whose resolution draws waits for the Dealer: Apply answers with a Status.Deal
// request, and the next deal key resolves the move, one stream per use (.../abilities,
// .../corruption, .../elder, .../threat, .../randonomicon, .../assets). So no deal key decides
// anything still hidden once the next deal starts, and there is nothing secret for a view to
// leak: every seat's view is the public view.
//
// Outcome: co-operative (engine.Outcome.Coop); every seat wins (ReasonWin) or none does, with
// the cause (ReasonMadness, ReasonCorruption, ReasonThreat).
//
// Rulings beyond the spec (ours):
//   - a shadow's ongoing rule binds only once it has been viewed; "when banished" texts apply at
//     the banish. Players at a table cannot follow a face-down card, and it keeps an unviewed
//     shadow out of the legal moves too;
//   - after View the Shadows the viewer chooses at once to banish (if it can pay) or leave;
//   - Share moves one kind of resource (any amount) or one asset per action;
//   - the engine makes the players' Randonomicon choices for them, always in their favour:
//     Dutch's Lucky keeps the better card, the Marked Deck redraws a failure (or a quantity of
//     1 or less where a quantity counts), the Police Escort saves the first failed check of the
//     turn;
//   - the effect of one of Nyarlathotep's cards applies when it is drawn, kept or not;
//   - Veil of Night beats Smoke and Mirrors; On the Force beats The Mayor's Patron;
//   - a forced shadow token beyond 3 is 1 madness instead (Yog-Sothoth's rule, extended to his
//     Awakening and Stirring and to Shadowing Shadows);
//   - losing the Annotated Grimoire drops knowledge above the restored limit;
//   - Spies Amongst You discards the leftmost face-up asset and refills that space;
//   - characters are chosen in seat order; the first seat then gives the Ring (the view
//     suggests the highest knowledge limit).
package shadows
