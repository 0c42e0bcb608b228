package i18n

// enPages is the English text of the reading pages: how to play Arkham Ritual (/rules/arkham)
// and the fair-play page (/fair). It lives apart from en.go so those long texts do not crowd the
// screens' catalog; init merges it into en. Every sentence is ours, written from the rulebook
// and our rulings, never copied from them.
var enPages = map[string]string{
	// Links to the pages and what they share.
	"pages.how_to_play": "How to play",
	"pages.fair_play":   "Fair play",
	"pages.contents":    "On this page",
	"pages.top":         "Back to the top",
	"pages.see_fair":    "How the app keeps the deal honest",
	"pages.see_rules":   "How to play Arkham Ritual",

	// How to play Arkham Ritual.
	"rules.title": "How to play Arkham Ritual",
	"rules.lead":  "A card game of deduction for 3 to 7 players in which you never see your own card. Everyone else's card is in plain view; yours you must work out from theirs and from what has already been thrown away.",

	"rules.goal.title": "The aim",
	"rules.goal.p1":    "Each player holds one card turned outwards, so the whole table sees it except its holder. Cards change hands round after round; when a round stops, every card is turned over and the holders of the wrong cards lose sanity.",
	"rules.goal.p2":    "Everyone starts with 7 sanity. The game ends after the round in which somebody drops to zero. In the standard game every player who still has some sanity escapes and shares the win.",

	"rules.setup.title":       "Setting up",
	"rules.setup.p1":          "Only 22 of the 28 cards are used in a game. Always in: the 15 artifacts, the Elder Sign and both Gates. Before the game the host (or you, against bots) picks one card from each of four choices: an event (Magical Orb or Shining Trapezohedron), a first character (Investigator or Wary Student), a second character (Cultist or Mad Professor) and a Great Old One (Cthulhu, Nyarlathotep, Yog-Sothoth, Hastur, or the Mystery Card). Left alone, the app plays the Orb, the Investigator, the Cultist and Cthulhu.",
	"rules.setup.p2":          "Every round starts from a fresh shuffle of those 22 cards. Each hand at the table gets one card and the rest form the deck.",
	"rules.setup.first":       "Who starts a round: in the first round the app draws the active player at random, as part of the fair shuffle. In every later round the player with the least sanity starts; on a tie, the tied player who comes first clockwise after the previous round's last active player (that player counts last).",
	"rules.setup.dummy.title": "Three or four players: dummy hands",
	"rules.setup.dummy.p1":    "The game wants at least five hands on the table, so with three players the app seats two dummy hands, and with four players one.",
	"rules.setup.dummy.l1":    "A dummy's card lies face up: everyone can read it.",
	"rules.setup.dummy.l2":    "A dummy is never the active player and never receives the face-down card.",
	"rules.setup.dummy.l3":    "A dummy has no sanity and can neither win nor lose.",
	"rules.setup.dummy.l4":    "Its card still counts at the reveal: it can share your artifact and sink you, and it counts as a player and as a failure wherever the rules count them.",

	"rules.turn.title":  "A turn",
	"rules.turn.p1":     "A round is a string of turns. Each turn belongs to one active player; everyone else is a follower and starts the turn with a hand on the table, which the app shows as able to receive.",
	"rules.turn.s1":     "The active player draws the top card of the deck and looks at it. Nobody else sees it.",
	"rules.turn.s2":     "They must hand it, face down, to a follower of their choosing. Keeping it is not allowed.",
	"rules.turn.s3":     "The follower who receives it lifts their hand off the table and, without seeing the card, decides what to do with it.",
	"rules.turn.take.t": "Take it.",
	"rules.turn.take":   "Your old card goes face up onto the discards (artifacts onto the play sheet, where everyone can count them) and the new one becomes yours, still hidden from you. If the card you threw away was an event, its effect happens now.",
	"rules.turn.pass.t": "Pass it on.",
	"rules.turn.pass":   "Hand it, still face down, to another player whose hand is still on the table. Nobody can receive the card twice in one turn.",
	"rules.turn.drop.t": "Let it go.",
	"rules.turn.drop":   "If the card reaches you and nobody has a hand on the table any more, you can still take it. If you will not, it is discarded face up without any effect, and the round is over.",
	"rules.turn.next":   "When the turn ends without ending the round, the deck moves to the first player clockwise from the active player whose hand was still on the table, or, if no hand was left, to the player on the active player's left. That player is the new active player and every other player puts a hand back on the table.",

	"rules.end.title": "When a round ends",
	"rules.end.p1":    "A round stops as soon as one of these happens:",
	"rules.end.l1":    "the Elder Sign is discarded;",
	"rules.end.l2":    "a Gate is discarded while someone holds the Great Old One, whose effect then replaces the usual reveal;",
	"rules.end.l3":    "the face-down card comes to a player with nobody left to pass to, and they let it go;",
	"rules.end.l4":    "a turn ends and the deck is empty;",
	"rules.end.l5":    "the Shining Trapezohedron takes someone's last point of sanity, which ends the whole game on the spot.",

	"rules.survive.title":       "Who survives",
	"rules.survive.p1":          "At the end of a round every card is shown. You come through if your card is sane (blue) and, when it is an artifact, no other hand, dummies included, holds the same artifact in either colour. A cursed (red) card always fails, and so does every copy of an artifact that appears more than once.",
	"rules.survive.example":     "Example: Ann holds a blue Candelabra, Ben the red Candelabra, Cleo a blue Ritual Dagger and Dev a Gate. Ann and Ben both fail, since they share an artifact (and Ben's is cursed anyway). Cleo and Dev survive.",
	"rules.survive.gates":       "The two Gates are different cards: holding one each is not a match.",
	"rules.survive.cultist.t":   "The Cultist twist",
	"rules.survive.cultist":     "If anyone holds the Cultist at the reveal, even a dummy, colours swap meaning: cursed cards survive and sane ones fail. Sharing an artifact still sinks everyone who shares it. The Cultist itself is sane, so its holder never survives.",
	"rules.survive.professor.t": "The Mad Professor twist",
	"rules.survive.professor":   "If anyone holds the Mad Professor at the reveal, every hand holding something other than an artifact fails, the Professor's own holder included. Artifact holders are judged as usual.",

	"rules.sanity.title":   "Losing sanity",
	"rules.sanity.p1":      "Every player who failed loses one point of sanity for each hand that failed that round, dummies included. With five hands and three failures, each of the three loses 3.",
	"rules.sanity.p2":      "Sanity never rises above 7 or falls below 0. If anyone is at zero once the losses are taken, the game is over; otherwise a new round is dealt.",
	"rules.sanity.example": "Example: with the Cultist out, four hands held blue cards and only one a lone red card. Four hands failed, so each failing player loses 4.",

	"rules.cards.title":        "Every card",
	"rules.cards.p1":           "Blue cards are sane, red cards are cursed. Every red card also carries a curse mark, so the colour is never the only clue.",
	"rules.cards.sane":         "sane",
	"rules.cards.cursed":       "cursed",
	"rules.cards.always":       "always in the deck",
	"rules.cards.choice":       "host's choice",
	"rules.cards.default":      "host's choice, in by default",
	"rules.cards.artifacts.t":  "Artifacts (15 in the deck)",
	"rules.cards.artifacts":    "Five artifacts, each printed three times: two sane copies and one cursed. They do nothing by themselves; they only decide who survives, as explained above. Discarded artifacts go on the play sheet, so everyone can tell which copies are still out there.",
	"rules.cards.events.t":     "Events (4 in the deck)",
	"rules.cards.events":       "An event acts when its holder takes a new card and throws the event away. One still in hand at the reveal is judged like any other sane card.",
	"rules.card.elder-sign":    "Throwing it away stops the round at once. The card you just took is the one judged.",
	"rules.card.gate":          "When a Gate is thrown away, whoever holds the Great Old One wakes it, even the player who just took it. The round ends with its effect instead of the usual reveal. If nobody holds it, nothing happens. The two Gates have different art and never count as a pair.",
	"rules.card.orb":           "Its discarder, alone, looks at the top card of the deck, then leaves it there or removes it from the round face down. The others only learn whether a card went. With an empty deck it does nothing.",
	"rules.card.trapezohedron": "Its discarder, alone, looks at the top card of the deck, which stays on top. A sane card gives them one sanity (up to 7), a cursed one costs them one, and the table sees which. Falling to zero this way ends the game immediately.",
	"rules.cards.characters.t": "Characters (2 in the deck)",
	"rules.cards.characters":   "Characters are sane and act at the reveal, on whoever holds them then. They do nothing when a Great Old One ended the round.",
	"rules.card.investigator":  "If its holder survives, they gain one sanity on top (up to 7).",
	"rules.card.student":       "Its holder never survives, but loses exactly one sanity whatever happened. They still count as a failure for everyone else's loss.",
	"rules.card.cultist":       "Turns the reveal upside down: red cards survive, blue ones fail, and the Cultist's holder fails with them.",
	"rules.card.professor":     "Anyone holding a card that is not an artifact fails, the Professor's holder too.",
	"rules.cards.oldones.t":    "Great Old Ones (1 in the deck)",
	"rules.cards.oldones":      "Great Old Ones are cursed. One wakes when a Gate is thrown away while it is held: the round ends, the usual reveal is skipped and its effect is applied instead. The usual amount means one point per failing hand, or the Doom Track's value when it is on. Whenever an effect compares sanity, dummies are left out.",
	"rules.card.cthulhu":       "Every other player loses as many points as there are hands at the table, minus one. Dummies count as hands.",
	"rules.card.nyarlathotep":  "Whoever else has the most sanity fails (every one of them, on a tie) and loses the usual amount. The holder then gains everything they actually lost, up to 7.",
	"rules.card.yogsothoth":    "If one player alone has the least sanity (the holder counts in the comparison), everyone but that player and the holder falls to zero. If the least is shared, the holder drops to 1 and everyone else loses one.",
	"rules.card.hastur":        "Everyone holding an artifact fails, dummies included. Each loses the usual amount plus one for every red card held around the table, Hastur and dummies' cards included.",
	"rules.card.mystery":       "A promotional card that takes the Great Old One's place. When a Gate wakes it, one of the four Great Old Ones is picked at random, as part of that round's fair shuffle, and acts as if the Mystery Card's holder held it.",

	"rules.doom.title": "The Doom Track (optional)",
	"rules.doom.p1":    "Switch it on in the lobby for a game that tightens as it goes. Failing players no longer lose one point per failure: they lose whatever the track shows. It starts at 1 and climbs by one after every round, however that round ended, until it reaches 7, where it stays. Wherever a card speaks of the usual amount, read the track's value.",

	"rules.variant.title": "Winning, and the competitive variant",
	"rules.variant.p1":    "Standard: when the game ends, everyone with sanity left wins together. If nobody has any left, nobody wins.",
	"rules.variant.p2":    "Competitive: only the player with the most sanity left wins; players tied for the most share the win. Pick it in the lobby.",

	"rules.talk.title": "Table talk",
	"rules.talk.p1":    "Talk, hint, bluff and tease as much as you like in the table chat: it is half the game. Two things are off limits:",
	"rules.talk.l1":    "naming someone's card, or saying its colour;",
	"rules.talk.l2":    "saying what the face-down card on its way round is.",

	"rules.app.title": "How this app settles the fine print",
	"rules.app.p1":    "Where the rulebook leaves room, the app decides as follows.",
	"rules.app.l1":    "You are never shown your own card. A guest's browser is not even sent it, so peeking is impossible and the rulebook's penalty for it never applies.",
	"rules.app.l2":    "A card the Orb removes leaves face down: only the player who used the Orb ever saw it.",
	"rules.app.l3":    "Dummies are left out whenever sanity is compared (most or least, as for Nyarlathotep and Yog-Sothoth, and for who starts a round), but they count as players and as failures.",
	"rules.app.l4":    "A dummy can hold the Great Old One: a Gate still wakes it with the dummy as its holder, and anything it would do to the dummy itself does nothing. A dummy holding the Cultist or the Mad Professor still changes the reveal.",
	"rules.app.l5":    "Nyarlathotep's holder gains what the victims really lost: someone at 1 can only lose 1.",
	"rules.app.l6":    "If the Trapezohedron ends the game mid-round, the cards are shown but nobody else loses anything.",
	"rules.app.l7":    "The Doom Track moves after every round and stops at 7.",
	"rules.app.l8":    "The first active player and the Mystery Card's pick come from the same shuffle every player helps to make and checks afterwards.",

	// Fair play.
	"fair.title": "Fair play",
	"fair.lead":  "Miskatonic has no game server. One player's browser, the host's, runs the game and everyone else connects straight to it. This page says plainly what that means for trust: what is protected, how, and what is not.",

	"fair.who.title":     "Who can see or change what",
	"fair.can":           "Can",
	"fair.cannot":        "Cannot",
	"fair.relay.t":       "The relay and the website",
	"fair.relay.can1":    "see that a table exists, when browsers connect to it and from which network addresses;",
	"fair.relay.can2":    "serve you the app itself: you trust the site you load it from to send the real one.",
	"fair.relay.cannot1": "read or alter the connection set-up, which is sealed with the table's key;",
	"fair.relay.cannot2": "see names, cards, moves or chat: once connected, the game goes straight between browsers.",
	"fair.guest.t":       "A guest, even with a modified app",
	"fair.guest.can1":    "see its own view: the other players' cards and whatever its own player drew or peeked at.",
	"fair.guest.cannot1": "see its own card or any other hidden card: the host never sends them;",
	"fair.guest.cannot2": "move out of turn or for another seat: the host checks every move against the rules;",
	"fair.guest.cannot3": "steer a shuffle: every player's share is sealed before any is revealed, so none can be picked after seeing another.",
	"fair.host.t":        "The host",
	"fair.host.can1":     "see every card, yours included: Arkham Ritual runs in the host's browser, and dealing that even the host cannot read is not built yet;",
	"fair.host.can2":     "walk away from a deal after seeing it, by closing the table or by holding back its own share so the deal starts again (every guest sees each restart counted, and a fourth fails the deal);",
	"fair.host.can3":     "stall the table, up to a point: a player's share of a shuffle that does not come within a minute gets their seat a stand-in bot until the shuffle is done, and a player whose connection is gone gets a countdown, after which the host may let a bot play for them; but a player who stays connected and does not move on their turn, or a host that stops answering, holds the game up.",
	"fair.host.cannot1":  "stack the deck, deal a card the shuffle did not, show you anything the rules hide, hide a move you may make, or skip a move in the record, without every guest catching it when the round is checked;",

	"fair.deal.title": "How a shuffle is made fair",
	"fair.deal.p1":    "Every round is shuffled by commit and reveal. Nobody has to trust anybody's luck:",
	"fair.deal.s1":    "The host draws a secret random number and first sends only its fingerprint (a SHA-256 commitment). The fingerprint pins the secret down without giving it away, and it is tied to this table, this round, the seated players and the cards in the deck.",
	"fair.deal.s2":    "Each player's browser, the host's own included, draws a fresh random number and first sends only a signed fingerprint of it, made with an identity key that browser keeps for itself (Ed25519). The host passes on the complete set of fingerprints; your browser checks that every seated player, you included, is in it and that the players are the ones the lobby showed you. Only then does it send its number.",
	"fair.deal.s3":    "The deck order, and every other random pick of the round (such as the first player), comes from all of those numbers mixed together (HKDF-SHA-256, then a fixed Fisher–Yates shuffle driven by ChaCha8). The host committed before seeing a single number, and every number was pinned down by its fingerprint before any was shown, so nobody can choose or predict the order. A deal is started again only when a player rejoins with a new key (a change you were shown, once per change, never for the host's own seat) or when a number is never revealed; each restart is counted on screen.",
	"fair.deal.s4":    "When the round is over the host reveals its secret. Your browser checks it against the fingerprint, rebuilds the shuffle itself, replays every move of the round up to the next deal, checks that each move was signed by the player who made it, and compares each view it was shown, with the moves it offered you and the game's status, with what the rules say.",

	"fair.sealed.title": "Secret choices made at the same time",
	"fair.sealed.p1":    "Some games ask everyone to choose at once and reveal together (in Rituals of Madness, the cultists you send out). Your browser first sends only a signed fingerprint of your choice, never the choice itself. The host passes on the complete set of fingerprints, one for every player choosing, the host's own included; only when your browser holds that set, with your fingerprint in it unchanged, does it reveal your choice.",
	"fair.sealed.p2":    "So nobody, the host included, sees a choice before every choice is pinned down, and nobody can change theirs after seeing the others': the host refuses a reveal that does not match its fingerprint, and every guest's check at the end of the round fails if a choice was played that is not the one committed to. Bots' choices are committed by the host when the choosing starts.",
	"fair.check.title":  "Each round is checked after it ends",
	"fair.check.p1":     "The check runs by itself in every guest's browser at the end of every round and takes well under a tenth of a second. It only says verified once the replay has reached the end of the round; if a move is missing, your browser asks the host for it by number. When it passes, the round's result says (with how many views were checked):",
	"fair.check.p2":     "Your browser will not add its number to a new shuffle until the previous round has been checked, so a host cannot simply skip a reveal and carry on. Verdicts are kept in your browser's storage: reloading the page, a new game or a welcome to another table never turns a failure back into a pass, and a deal that was never checked counts as failed.",
	"fair.check.note":   "Checking happens after the round, not during it: a dishonest host is caught, not stopped. The proof is what lets you stop playing with them.",

	"fair.fail.title":   "If a check fails",
	"fair.fail.p1":      "The round's result then says the deal did not verify and names the mismatch, like this:",
	"fair.fail.l0":      "Other reasons it can give:",
	"fair.fail.l1":      "a player's share of the shuffle was left out, changed, not the one they sealed, or not signed by them; or the deal left your seat out or named other players than the lobby;",
	"fair.fail.l2":      "a view, the moves you were offered or the game's status differ from what the deal and the rules say you should have seen;",
	"fair.fail.l3":      "the host started the next deal without revealing this one, withheld a move of the round (after half a minute of asking), or played a move a player never signed;",
	"fair.fail.l4":      "the host never revealed the deal once the game was over (the app waits half a minute), or restarted it more than three times.",
	"fair.fail.p2":      "From then on your browser refuses to help shuffle another round, so the game cannot go on. It is not a glitch to click away: either the host's app was tampered with or something sent you false information.",
	"fair.fail.example": "the revealed secret does not match the commitment",

	"fair.limits.title":   "What the host can still do",
	"fair.limits.see.t":   "See every card.",
	"fair.limits.see":     "Our app never shows the host anything the rules hide, but in Arkham Ritual the cards are in the host's browser and a modified copy could reveal them. Host with people you would trust to deal a paper deck. Dealing that even the host cannot read is planned, not built.",
	"fair.limits.abort.t": "Walk away from a deal.",
	"fair.limits.abort":   "The host learns the shuffle as soon as it is made, before anyone plays, and so does a player who holds back its share after seeing everyone else's. Either can refuse to go on: the host by closing the table or by never revealing its own share, which makes the deal start again; a player by never revealing theirs, or by sealing a new one, which is charged to that player: after a minute, or a second time, a stand-in bot takes their seat until the deal is done, and the game goes on without them. Restarts are counted on screen, and a fourth for the same cause fails the deal; a table that keeps collapsing tells its own story.",
	"fair.limits.relay.t": "Stall.",
	"fair.limits.relay":   "Players' moves and chat lines are signed, and your browser drops a chat line its player did not sign, so the host cannot speak or move for anyone, and a hello is tied to the encrypted link it was made on, so nobody can take your seat by passing your hello along. A player whose connection is gone is waited for only until a countdown runs out, and a shuffle waits only a minute for a player's share; but a player who stays connected and simply does not move on their turn, or a host that stops answering, still holds the game up. The length of each encrypted message is visible to anyone on the network path, so messages are padded: every view sent at one moment of the game has the same length whoever it is for, and every other message is rounded up to a fixed size, so lengths say nothing about anyone's cards.",
	"fair.limits.solo":    "Against bots your own browser is the host, and nothing leaves it.",

	"fair.link.title": "Invite links and connecting",
	"fair.link.p1":    "An invite link ends in #/join/ followed by the table's name and a secret. Everything after the # is the link's fragment, which browsers keep to themselves: neither the website nor the relay ever receives the secret. Anyone holding the link can take a seat, so share it only with your players.",
	"fair.link.p2":    "To find each other, browsers swap a few connection set-up messages through a small relay. Each one is sealed with AES-256-GCM under a key derived from the link's secret with HKDF-SHA-256, so the relay can neither read them nor change them; a changed set-up could otherwise let it sit in the middle of the game. Each sealed message is also numbered and tied to its direction and to one connection attempt, so it cannot be replayed.",
	"fair.link.p3":    "Once connected, the game travels directly between browsers over WebRTC, which encrypts it end to end. A public STUN server helps browsers learn their network addresses; it sees your address, nothing of the game.",
	"fair.code.t":     "Connecting by copy-paste or QR code",
	"fair.code.p1":    "For places with no relay, such as a local network without internet, the app's connection layer can also swap set-up codes by copy-paste or QR code (“Connect a device without the internet” in the lobby, “Join with a code” on the other device). Each code is sealed under a pass of thirteen letters and digits (65 bits) shown beside it, stretched by a deliberately slow, memory-hungry key derivation (Argon2id). That makes a code posted in the wrong place useless to a passer-by, and guessing 65 bits is out of reach even for someone who captures a code; still, hand codes over through a channel you trust, or in person.",
}

// pageKeyClashes lists keys of enPages that en already had; a test insists it stays empty, since
// a clash would silently replace a screen's message.
var pageKeyClashes []string

func init() {
	for k, v := range enPages {
		if _, ok := en[k]; ok {
			pageKeyClashes = append(pageKeyClashes, k)
			continue
		}
		en[k] = v
	}
}
