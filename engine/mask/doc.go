// Package mask deals cards that no single page can read: verifiable masking ("mental poker",
// Barnett–Smart) on the ristretto255 group. It is the generic machinery of host-blind dealing
// (../shared/host-blind.md): games plug in their own card lists and their own table of openings.
//
//   - Cards are group points M_c hashed from (game, card id, copy); a Deck opens them again.
//   - Each key holder draws a per-deal key x_i with a Schnorr proof bound to (table, deal, seat);
//     a KeySet verifies them and sums the joint key H = Σ Y_i.
//   - A card is an ElGamal pair (c1, c2) = (r·B, M + r·H). The shuffle chain: each holder
//     permutes and re-masks the deck, deterministically from a 32-byte secret σ it committed to;
//     Audit recomputes every step once the σ are revealed and names the step whose seat cheated.
//   - Opening a card takes a token T_i = x_i·c1 from every holder, each with a Chaum–Pedersen
//     proof bound to (table, deal, seat, handle, purpose); an Opening refuses a token whose
//     proof fails on receipt. Tokens travel only to the opening's Viewers, sealed pairwise.
//   - Claims let holders vouch for what they see; CheckClaims names a liar at round end.
//   - Escrow shares each x_i among the other holders (Feldman VSS) so a stand-in can take over.
//
// How a game's table of openings maps onto it (Arkham Ritual, host-blind.md): each rule event
// that shows a card names a purpose and a viewer set, and every holder calls SendTokens with it.
//
//	deal, card faces outward     AllBut(seats, holder)   "deal"
//	draw and look                Only(drawer)            "draw"
//	pass face down               no opening: the handle changes hands publicly
//	old card discarded face up   Everyone()              "discard"
//	taken card faces outward     AllBut(seats, taker)    "take"
//	peek / Orb                   Only(peeker)            "peek"
//	round end                    Everyone(), then σ revealed and Audit (DealRecord.Verify)
//
// Nothing here reads a clock or global randomness: randomness comes in as an io.Reader, and
// everything derived from a committed secret is deterministic, so every page recomputes it.
// Domain-separation tags are "miskatonic/v1/mask/...".
package mask
