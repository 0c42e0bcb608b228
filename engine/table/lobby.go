package table

// The lobby: who joins (a challenged hello proves an identity key), who sits where, bots,
// options, the start and a rematch.

import (
	"bytes"
	"encoding/hex"
	"fmt"
	"io"
	"strings"
	"time"
	"unicode"

	"miskatonic/engine"
	"miskatonic/engine/fair"
	"miskatonic/engine/wire"
)

// AddGuest starts serving a new connection: it is challenged to prove an identity key, then
// seated (or given its seat back).
func (h *Host) AddGuest(c Conn) error {
	var err error = errClosedHost
	defer func() {
		if err != nil {
			c.Close()
		}
	}()
	h.do(func() {
		if len(h.peers) >= h.cfg.MaxLinks && !h.evictSilent() {
			err = engine.Errorf(wire.KindFlood, "table: host", "%d connections already", len(h.peers))
			return
		}
		err = nil
		p := newPeer(h, h.nextPeer, c)
		h.nextPeer++
		h.peers[p.id] = p
		p.start()
		nonce := make([]byte, wire.SecretSize)
		if _, e := io.ReadFull(h.cfg.Rand, nonce); e != nil {
			err = engine.Errorf(engine.KindBadConfig, "table: host", "random source: %v", e)
			h.dropPeer(p, nil)
			return
		}
		p.nonce, p.table = nonce, h.table
		h.send(p, &wire.Challenge{Nonce: nonce, Game: h.rules.Name(), Rules: h.rules.Version(), Table: h.table})
		h.send(p, h.preview()) // what the invite page shows before the name box (watch.go)
		p.helloTimer = time.AfterFunc(h.cfg.HelloTimeout, func() {
			select {
			case h.events <- event{call: func() {
				if !p.welcomed {
					h.dropPeer(p, &wire.Bye{Kind: wire.KindAuth, Code: wire.ByeAuth})
				}
			}, reply: make(chan struct{})}:
			case <-h.quit:
			}
		})
	})
	return err
}

// evictSilent closes the oldest link that has not proved an identity yet, to make room for a
// new one; false if every link has. Links that never say hello must not fill MaxLinks and lock
// out a player whose link dropped: an honest hello comes within a round trip, so the oldest
// silent link is the one least likely to be anyone's.
func (h *Host) evictSilent() bool {
	var oldest *peer
	for _, p := range h.peers {
		if !p.welcomed && (oldest == nil || p.id < oldest.id) {
			oldest = p
		}
	}
	if oldest == nil {
		return false
	}
	h.logf("table: all %d links taken; closing guest %d, which never said hello", len(h.peers), oldest.id)
	h.dropPeer(oldest, &wire.Bye{Kind: wire.KindAuth, Code: wire.ByeAuth})
	return true
}

// AddBot seats a bot (before the start).
func (h *Host) AddBot(name, level string, fn BotFunc) (engine.Seat, error) {
	seat, err := engine.Seat(-1), error(errClosedHost)
	h.do(func() {
		switch {
		case fn == nil:
			err = engine.Errorf(engine.KindBadConfig, "table: add bot", "no bot function")
		case h.started:
			err = engine.Errorf(wire.KindState, "table: add bot", "the game has started")
		case len(h.seats) >= h.maxSeats:
			err = engine.Errorf(engine.KindBadConfig, "table: add bot", "the table is full")
		default:
			h.seats = append(h.seats, &seatState{Name: h.uniqueName(cleanName(name), engine.Seat(len(h.seats))), Bot: true, Level: level, Ready: true, botFn: fn})
			seat, err = engine.Seat(len(h.seats)-1), nil
			h.broadcastLobby()
		}
	})
	return seat, err
}

// SetBot gives a resumed bot seat its function back (Resume does it itself when HostConfig.Bots
// is set).
func (h *Host) SetBot(seat engine.Seat, fn BotFunc) error {
	err := error(errClosedHost)
	h.do(func() {
		if !seat.Valid(len(h.seats)) || !h.seats[seat].Bot || fn == nil {
			err = engine.Errorf(engine.KindBadSeat, "table: set bot", "seat %d is not a bot seat", seat)
			return
		}
		h.seats[seat].botFn, err = fn, nil
		h.advance()
	})
	return err
}

// Remove frees a seat in the lobby (a guest that left, or a bot); later seats move up one.
func (h *Host) Remove(seat engine.Seat) error {
	err := error(errClosedHost)
	h.do(func() {
		if h.started || !seat.Valid(len(h.seats)) {
			err = engine.Errorf(engine.KindBadSeat, "table: remove", "cannot remove seat %d", seat)
			return
		}
		err = nil
		s := h.seats[seat]
		h.seats = append(h.seats[:seat], h.seats[seat+1:]...)
		if s.peer != nil {
			h.dropPeer(s.peer, &wire.Bye{Kind: wire.KindState, Code: wire.ByeKicked})
		}
		for i, o := range h.seats { // seats moved: tell their guests
			if o.peer != nil && int(seat) <= i {
				o.peer.seat = engine.Seat(i)
				h.welcome(o.peer)
			}
		}
		h.broadcastLobby()
	})
	return err
}

// SetOption changes a game option in the lobby.
func (h *Host) SetOption(key, value string) error {
	err := error(errClosedHost)
	h.do(func() {
		if h.started {
			err = engine.Errorf(wire.KindState, "table: option", "the game has started")
			return
		}
		for _, o := range h.rules.Options() {
			if o.Key != key {
				continue
			}
			for _, c := range o.Choices {
				if c == value {
					h.options[key] = value
					err = nil
					h.broadcastLobby()
					return
				}
			}
		}
		err = engine.Errorf(engine.KindBadConfig, "table: option", "%s=%s is not offered", key, value)
	})
	return err
}

// Start begins the game with the seated players once every human is connected and ready.
func (h *Host) Start() error {
	err := error(errClosedHost)
	h.do(func() { err = h.start() })
	return err
}

func (h *Host) start() error {
	if h.started {
		return engine.Errorf(wire.KindState, "table: start", "already started")
	}
	if h.beside.on {
		return engine.Errorf(wire.KindState, "table: start", "a game is played beside the lobby")
	}
	for i, s := range h.seats {
		if !s.Bot && (s.peer == nil || !s.Ready) {
			return engine.Errorf(wire.KindState, "table: start", "seat %d (%s) is not ready", i, s.Name)
		}
	}
	cfg := engine.Config{Seats: len(h.seats), Options: copyMap(h.options)}
	g, err := h.rules.New(cfg)
	if err != nil {
		return err
	}
	h.config, h.game, h.started = cfg, g, true
	for _, p := range h.peers {
		if p.welcomed {
			h.welcome(p)
		}
	}
	h.broadcastLobby()
	h.advance()
	return nil
}

// Rematch sets up another game at this table once the current one is over: everyone keeps
// their seat, identity key, seat token and connection, bots stay seated, and the table goes
// back to its lobby (Start begins the new game; ready flags carry over, so the host may start at
// once). Every deal of the finished game is revealed first, so guests verify it before anything
// of the new game reaches them. The new game gets a fresh table id: every deal context of
// it differs from the old game's, so no commitment, share or key can be carried across, and a
// guest that sees the new id in its Welcome starts a fresh record.
func (h *Host) Rematch() error {
	err := error(errClosedHost)
	h.do(func() { err = h.rematch() })
	return err
}

func (h *Host) rematch() error {
	if !h.started || !h.game.Status().Over {
		return engine.Errorf(wire.KindState, "table: rematch", "the game is not over")
	}
	h.revealOpen()
	for _, d := range h.deals {
		if !d.Revealed {
			return engine.Errorf(wire.KindState, "table: rematch", "deal %d is not revealed", d.Epoch)
		}
	}
	id := make([]byte, wire.TableIDLen)
	if _, err := io.ReadFull(h.cfg.Rand, id); err != nil {
		return engine.Errorf(engine.KindBadConfig, "table: rematch", "random source: %v", err)
	}
	if h.botTimer != nil {
		h.botTimer.Stop()
		h.botTimer = nil
	}
	h.table, h.match = id, h.match+1
	h.started, h.game, h.config, h.moves, h.sigs, h.deals = false, nil, engine.Config{}, nil, nil, nil
	h.sealed, h.nonces, h.standIns = nil, nil, nil
	h.stopAway()
	h.away, h.awayExpired = nil, false
	for _, s := range h.seats {
		if s.StandIn { // the game it stood in for is over
			s.StandIn, s.Level, s.botFn = false, "", nil
		}
	}
	h.botDue, h.overSent = false, false
	h.doneMu.Lock()
	h.done = make(chan struct{})
	h.doneMu.Unlock()
	for _, s := range h.seats {
		if !s.Bot && s.peer == nil {
			s.Ready = false // gone since: the lobby waits for them as for anyone
		}
	}
	h.seatAdmitted() // watchers the host agreed to play now (watch.go)
	h.persist()
	for _, p := range h.peers {
		if p.welcomed {
			h.welcome(p)
		}
	}
	h.changed()
	return nil
}

func (h *Host) hello(p *peer, seq uint64, m *wire.Hello) {
	if !fair.VerifyHelloBound(m.Key, p.nonce, p.table, binding(p.conn), m.Sig) {
		h.refuse(p, seq, 0, engine.Errorf(wire.KindAuth, "table: hello", "the identity proof does not verify"), true)
		return
	}
	if len(m.Person) > 0 && !fair.VerifyPerson(m.Person, m.Key, m.PersonSig) {
		h.refuse(p, seq, 0, engine.Errorf(wire.KindAuth, "table: hello", "the claim to be one person's seat does not verify"), true)
		return
	}
	if p.welcomed {
		if string(p.key) == string(m.Key) {
			return // a retried hello
		}
		h.refuse(p, seq, 0, engine.Errorf(wire.KindAuth, "table: hello", "already seated with another key"), true)
		return
	}
	if m.Rules != h.rules.Version() {
		h.logf("table: guest %d plays %s rules version %d, this table %d", p.id, h.rules.Name(), m.Rules, h.rules.Version())
		h.dropPeer(p, &wire.Bye{Kind: wire.KindVersion, Code: wire.ByeVersion})
		return
	}
	if h.banned[string(m.Key)] {
		h.dropPeer(p, &wire.Bye{Kind: wire.KindAuth, Code: wire.ByeKicked})
		return
	}
	seat, rekey, back := engine.Observer, false, false
	for i, s := range h.seats {
		if !s.Bot && string(s.Key) == string(m.Key) {
			seat = engine.Seat(i)
		}
	}
	if seat == engine.Observer && m.Token != "" {
		for i, s := range h.seats {
			if !s.Bot && s.Token == m.Token && s.Benched == 0 {
				seat = engine.Seat(i)
				h.logf("table: seat %d reclaimed by token with a new identity key", i)
				h.seats[i].Key = append([]byte(nil), m.Key...)
				rekey = true
			}
		}
	}
	if seat == engine.Observer && !h.started && !h.askFirst(m.Key) {
		if len(h.seats) >= h.maxSeats {
			h.dropPeer(p, &wire.Bye{Kind: wire.KindState, Code: wire.ByeFull})
			return
		}
		tok := make([]byte, 16)
		if _, err := io.ReadFull(h.cfg.Rand, tok); err != nil {
			h.dropPeer(p, &wire.Bye{Kind: wire.KindState, Code: wire.ByeDropped})
			return
		}
		h.seats = append(h.seats, &seatState{Key: append([]byte(nil), m.Key...), Token: hex.EncodeToString(tok)})
		seat = engine.Seat(len(h.seats) - 1)
	}
	if seat.Valid(len(h.seats)) && (h.seats[seat].Benched != 0 || !h.seats[seat].StandIn && h.dealAlone(seat)) {
		// Benched for the open deal (charge.go): the seat is the stand-in's until it is dealt.
		// Or dealt since without this seat's share, and no stand-in (a host without
		// HostConfig.Bots) can finish it: the player may not play it (sideline.go), so the
		// seat waits for the host's stand-in, as for anyone away.
		h.dropPeer(p, &wire.Bye{Kind: wire.KindState, Code: wire.ByeDropped})
		return
	}
	if seat.Valid(len(h.seats)) {
		s := h.seats[seat]
		if s.peer != nil && s.peer != p {
			h.dropPeer(s.peer, &wire.Bye{Kind: wire.KindState, Code: wire.ByeElsewhere})
		}
		s.peer = p
		s.Person = bytes.Clone(m.Person) // this hello's word on whose seat it is, checked above
		if s.StandIn && !h.dealAlone(seat) {
			h.returned(seat)
			back = true
		} // else its stand-in finishes the deal in play, shuffled without them (sideline.go)
		if !h.started || s.Name == "" { // no renames once the game is on: the record names seats
			s.Name = h.uniqueName(cleanName(m.Name), seat)
		}
	}
	if seat == engine.Observer && h.observers() >= h.cfg.MaxObservers {
		h.dropPeer(p, &wire.Bye{Kind: wire.KindState, Code: wire.ByeFull})
		return
	}
	p.seat, p.key, p.welcomed = seat, append([]byte(nil), m.Key...), true
	h.welcome(p)
	if seat == engine.Observer {
		h.watching(p, m.Name)
		return // nothing any guest sees changed: no lobby to everyone for a watcher
	}
	h.broadcastLobby()
	if rekey {
		// After the lobby: guests accept a re-commitment only for a key change they were shown.
		h.rekey()
	} else if back {
		h.rosterChanged(seat)
	}
	if back {
		h.advance() // the game may wait for this seat, no longer the stand-in's
	} else if h.started || h.beside.on {
		h.checkAway()
	}
}

// welcome (re)starts a guest's picture of the table: seat, lobby, and once started the public
// log, every deal's messages and the current view.
func (h *Host) welcome(p *peer) {
	w := &wire.Welcome{Seat: p.seat, Game: h.rules.Name(), Table: h.table, Config: h.config, Started: h.started, Match: h.match}
	if p.seat.Valid(len(h.seats)) {
		w.Token = h.seats[p.seat].Token
	}
	h.send(p, w)
	h.send(p, h.lobby())
	h.sendChatLog(p)
	if !h.started {
		if h.away != nil { // a game beside the lobby waits for someone (beside.go)
			h.send(p, h.awayMsg())
		}
		return
	}
	for from := 0; from < len(h.moves); from += wire.MaxLogMoves {
		h.send(p, h.logChunk(from, min(from+wire.MaxLogMoves, len(h.moves))))
	}
	for _, d := range h.deals {
		h.sendDeal(p, d)
	}
	h.sendView(p, nil)
	h.sendHead(p)
	if r := h.sealed; r != nil && r.Base == len(h.moves) {
		if r.Relayed {
			h.send(p, h.pledgeSet())
		} else {
			h.send(p, h.locked())
		}
	}
	if h.away != nil {
		h.send(p, h.awayMsg())
	}
}

// cleanName strips what could make a name lie about itself: control and format characters
// (bidirectional overrides, zero-width marks) and surrounding space.
func cleanName(name string) string {
	name = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || unicode.Is(unicode.Cf, r) {
			return -1
		}
		return r
	}, name)
	return clipText(strings.TrimSpace(name), wire.MaxName)
}

// uniqueName makes name unique at the table (ignoring case) for seat, numbering a repeat, so
// no player can pass for another; an empty name becomes "Player N".
func (h *Host) uniqueName(name string, seat engine.Seat) string {
	if name == "" {
		name = fmt.Sprintf("Player %d", seat+1)
	}
	taken := func(n string) bool {
		for i, s := range h.seats {
			if engine.Seat(i) != seat && strings.EqualFold(s.Name, n) {
				return true
			}
		}
		return false
	}
	out := name
	for i := 2; taken(out); i++ {
		suffix := fmt.Sprintf(" %d", i)
		out = clipText(name, wire.MaxName-len(suffix)) + suffix
	}
	return out
}

func (h *Host) observers() int {
	n := 0
	for _, p := range h.peers {
		if p.welcomed && p.seat == engine.Observer {
			n++
		}
	}
	return n
}

// Ban refuses an identity key from now on: its connection is closed and its seat, if the game
// has not started, freed. (Once started, the seat stays: a bot can be seated there instead.)
func (h *Host) Ban(key []byte) error {
	err := error(errClosedHost)
	h.do(func() {
		err = nil
		if h.banned == nil {
			h.banned = map[string]bool{}
		}
		h.banned[string(key)] = true
		delete(h.admitted, string(key))
		h.persist()
		for _, p := range h.peers {
			if string(p.key) == string(key) {
				h.dropPeer(p, &wire.Bye{Kind: wire.KindAuth, Code: wire.ByeKicked})
			}
		}
		if h.started {
			return
		}
		for i, s := range h.seats {
			if !s.Bot && string(s.Key) == string(key) {
				h.seats = append(h.seats[:i], h.seats[i+1:]...)
				for j, o := range h.seats {
					if o.peer != nil && i <= j {
						o.peer.seat = engine.Seat(j)
						h.welcome(o.peer)
					}
				}
				h.broadcastLobby()
				return
			}
		}
	})
	return err
}
