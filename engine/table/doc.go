// Package table runs a game between a host and its guests over any two-method Conn: in-memory
// pipes in tests and for the host's own player, WebRTC data channels in the app.
//
// The host is authoritative. One match goroutine owns the game and the roster; each connection
// has a reader and a writer goroutine. Guests send moves, chat, readiness and deal shares; the
// host sends each seat only its own view (after every accepted move), rejects to the mover only,
// and runs one commit-reveal deal (engine/fair) per engine.DealRequest: every contributor seals
// its share before any is revealed. Guests sign their moves and chat; they keep their own record
// and verify every deal when it is revealed, replaying to the end of its epoch (asking for any
// move they were not told), checking each move's signature and every view, legal list and
// status they were shown. The files: host.go (the match goroutine, state, record), lobby.go
// (hellos, seats, bots, start, rematch), inbound.go (guest messages, moves), deal.go (dealing)
// with restartchain.go (the replaced commitments of a restarted deal a catch-up shows again),
// bots.go, send.go (views, lobby, log), snapshot.go, peer.go, pipe.go, sealed.go with guestsealed.go
// (sealed simultaneous moves: commit, relay the set, open, apply) and sealedrestart.go (the set
// started again for a seat whose player left before opening), and the guest: guest.go (its
// state and API), guestrecv.go (frames in order, the tick, each message to its handler),
// guestview.go, guestdeal.go with guestreplaced.go (a restart shown again in a catch-up),
// guestverdict.go, guestrules.go (the invariants below) and guestlive.go (a table the host
// holds still is named).
//
// Links may lose, repeat or reorder frames (the test pipes do; pion in wasm delivers callbacks on
// their own goroutines). Every frame carries a per-connection seq: duplicates are ignored, a guest
// that sees a gap or hears nothing for a while asks the host to send again from a seq, and moves
// name the game seq they were based on, so a late or replayed move is refused as stale.
//
// Use:
//
//	h, _ := table.NewHost(rules, table.HostConfig{Rand: crypto/rand.Reader, Persist: save})
//	hostEnd, myEnd := table.Pipe()               // the host's own player is a guest too
//	h.AddGuest(hostEnd)                           // and each WebRTC data channel likewise
//	me, _ := table.NewGuest(myEnd, table.GuestConfig{Name: "Ann", Identity: id, Rand: crypto/rand.Reader, Rules: games.Lookup})
//	h.AddBot("Robo", "easy", botFunc); me.SetReady(true); h.Start()
//	for range me.Updates() { st := me.State(); /* render st.View, st.Legal; me.Send(move) */ }
//
// After a reload: h, _ = table.Resume(rules, saved, cfg); guests call Reconnect(newConn).
//
// # What a guest holds the host to
//
// A guest accepts nothing because no specific check happened to reject it: a few rules hold on
// every path a message can take (a live View, a Log answering a Need, a Welcome's catch-up
// after a reload or a dropped link, a resumed host, a Commit, a sealed set, a lobby), each one
// function in guestrules.go that every such path calls. Each is broken only by the host, and
// a guest that sees one broken fails its deals with a code that says the host did it.
//
//  1. Its seat's key is its own (checkLobbySeat, checkRosterSeat). Every lobby shows its own
//     key at its seat, no bot and no stand-in there (but while that stand-in finishes a deal
//     shuffled without this guest, below): a lobby only reaches a guest at the table.
//     Every deal's roster holds its key at its seat, on the commitment and again on the sealed
//     set, so the deal cannot go ahead without its share. Only a deal committed while this
//     guest was away (a stand-in's, or one from before it reclaimed the seat with a new key)
//     may hold another key or none, and it takes no part in that deal.
//  2. A move in its seat's name is its own (checkMove, and fair.Auditor's checkSig for every
//     seat): signed by its own key, or marked as a stand-in's at a seq when it was away. A
//     seat with a key, the host's own included, is never excused because a roster left it
//     keyless: only a public stand-in mark excuses a missing signature, and for another seat
//     it counts only where a lobby this guest was shown had that seat stood in (or in a sealed
//     round holding a commitment such a stand-in made), unless this guest was away then.
//  3. A sealed round opens only on a set that covers every seat the game makes choose
//     (checkSealedSet): worked out by the guest's own replay of the public game (and, for
//     rules that are engine.PublicChoosers, a copy of it past a deal still secret; for rules that
//     are engine.ViewChoosers, such as Rituals whose one deal stays secret to the end, a public
//     function of the view at the round), never the host's status, so the host's seat cannot
//     sit a round out to choose last; and a stand-in's commitment for its own seat only in a
//     round it was away for.
//  4. A view for a seq is the one the replay gives for that seq (checkView), and agrees with
//     itself (checkViewSelf: its seat has moves exactly when its status says the seat is to
//     move, so a host cannot keep a player from a round by its status alone): a second view
//     for the seq on screen is the same as the first, and a view for a seq the replay has
//     verified is the one verified there, on every path, the game's final screen included. A
//     rule broken when every deal is verified already is the table's own verdict
//     (GuestState.Fault), as no deal is left to fail with it.
//
// A table the host stops is named, not left waiting (guestlive.go): a guest that sees no new
// view for a few ticks asks for any move past the one on screen; a move the host then tells of
// goes through the rules above (a stand-in's mark no lobby showed, a missing signature), and
// one whose view never follows within GuestConfig.RevealTimeout fails the deals with
// wire.DealViewWithheld. Likewise a deal the host holds still: our seal refused, past that
// deadline, as not signed over the commitment the host itself sent (wire.DealShareRefused),
// or our seat stood in for withholding a share whose sealed set never came on the link we
// sealed on (wire.DealBenched). A host that answers nothing looks, to that one page, like a
// player taking their time; the other pages see that player not moving.
//
// "Away" is the guest's own knowledge, never the host's word (absence in guestrules.go): from
// the latest seq it had seen when its link was replaced or its page loaded, to the first view
// after it was welcomed back. A host can make a guest away only by cutting it off, and then
// only for what happened meanwhile: the deals and moves of that stretch are the other
// players' to vouch for, as they were at the table (a deal re-committed then without a seat,
// for a stand-in the returning guest's lobby no longer shows, among them). A reloaded page
// remembers no seq, so for it the whole game before its return is such a stretch.
//
// What a returning guest takes on nobody's word is playing a deal without its own share
// (sideline.go, guestsideline.go). Back in a deal committed while it was away without its key,
// it plays its seat there only if another person's share is in that deal: a key at a seat the
// lobby does not show as the host's, whose player vouches that the host did not choose it
// alone. Otherwise the host's secret and its own page's share made the deal — a host could cut
// the link on purpose, say the share never came, bench the seat and pick the deal — so the
// guest watches its seat's stand-in finish it (GuestState.Sidelined: no legal moves, Send
// refused) until a lobby gives the seat back, which the host does at the next deal, before
// committing it, so the guest shares in it, or at the game's end (Rituals of Madness deals
// once). A host that gives the seat back where the seat is to move in that deal fails it
// (wire.DealHandedBack); one whose lobby keeps the stand-in once the guest is back in a deal
// holding its key breaks rule 1. What holds: no player plays a deal the host could have
// chosen alone. What does not: the stand-in, the host's bot, plays that seat in such a deal,
// as it would had the player never come back, and the seat's result counts; and "another
// person" is as the lobby shows it, so a second identity the host seats itself (or its own
// extra character, which the lobby does not tell apart) vouches for the host, as it would for
// any deal at that table.
package table
