// Package blindtable plays host-blind Arkham Ritual (issue 25, ../shared/host-blind.md) between
// real pages over table.Conn: no page, the host's included, ever holds enough to open a card its
// person may not see.
//
// Shape. The host is a sequencer and relay, nothing more: it keeps one ordered log of signed
// inputs and sends every entry to every page. It holds no secret of any seat and decides nothing
// that needs a hidden card. Every page (the host's own player's too, over a Pipe as today) folds
// the same log into the same public state — arkham.Blind plus the deal's public crypto (State) —
// and keeps its own secrets beside it (Page): its per-deal key, box key, shuffle secret σ, the
// tokens sealed to it and its arkham.Knowledge. Its person's view is Blind.ViewFor with that
// knowledge, built locally.
//
// Why one log, the same for everyone: the log is all public or sealed (tokens to a viewer set
// travel in envelopes only their viewers open), so sending all of it to every page leaks nothing,
// a reloading page rebuilds its state by replaying it (its secrets come from its own storage),
// and the proven record is the log itself. Why the host runs the same State: before it sequences
// an input it applies it to its own secret-less State, so it refuses exactly what an honest page
// would (bad signature, wrong slot, a public token whose proof fails, a bad key proof); what it
// cannot check (sealed envelopes) the recipient checks on receipt and a failure names the author.
// Why no host-made "done" or "reveal" markers: the entry that completes a need's tokens is the
// marker, and every page opens public cards itself, so the host has nothing to assert and
// nothing to forge.
//
// Inputs (input.go) are signed by their author's identity key — a seat's key is its own — and
// bound to their slot (deal, need, ply), so one cannot be replayed elsewhere. A bot's moves are
// signed by the page that runs it (BlindBot, blind to that page's person's card); a stand-in's by
// the host, marked public by a host "standin" entry. A broken rule becomes the page's Verdict,
// naming the culprit seat: the author for what its signed input says, the host for what it
// sequenced or relayed out of place.
//
// Escrow (holders ≥ 3): with its key every holder deals Feldman shares of its key and of its σ
// (σ is a scalar, so the same machinery escrows it) to the others, sealed; threshold = all the
// others. When the host seats a stand-in for a vanished holder, the others publish their shares,
// every page rebuilds the key and σ, computes that seat's tokens itself, and the round goes on;
// only the absent player's own secrecy is lost. The colour a stood-in peeker reports for the
// Trapezohedron is a public coin (State.StandInColour): the card was opened to the absent
// player alone, whose page is gone. With two holders there is no escrow (the one other holder would learn the key).
//
// Players who stay away (seats.go): a stood-in seat not back by the round's end is dealt as a
// bot seat from the next deal (no key; the host's page plays it); the host's Absent mark voids
// a deal attempt whose holder vanished before its keys or step (or, with two holders, the
// round) and the holders left deal again; one holder left holds the deal openly. Each is a
// public entry and a Notice naming the seat as away, not as a cheat. Back gives the player a
// key again from the next deal.
//
// Proofs: every token is checked once, when it arrives, as it is added to its need's
// mask.Opening. A token from the page's own seat is computed again from the page's own key
// (AddOwn) and refused unless the two are equal. A public opening of a card the page already
// knows (AddKnown) has the proof of every token checked, and the tokens must then add up to that
// card: a shifted token is refused and its seat named, even when another holder's opposite shift
// would cancel it in the sum.
package blindtable
