package table

import (
	"bytes"
	"encoding/json"
	"slices"

	"miskatonic/engine"
	"miskatonic/engine/wire"
)

// snapshot is the whole table as bytes: roster, options, the full record and every deal's
// secrets. It is the host's private state (it holds unrevealed deal secrets): the app keeps it in
// the host's own browser storage and never sends it anywhere.
type snapshot struct {
	V        int               `json:"v"`
	Game     string            `json:"game"`
	Rules    int               `json:"rules,omitempty"` // rules version (0: before versions, 1)
	Table    []byte            `json:"table"`
	MaxSeats int               `json:"maxSeats"`
	Options  map[string]string `json:"options"`
	Started  bool              `json:"started"`
	Config   engine.Config     `json:"config"`
	Seats    []*seatState      `json:"seats"`
	Moves    []engine.Move     `json:"moves"`
	Sigs     [][]byte          `json:"sigs,omitempty"`
	Deals    []*dealState      `json:"deals"`
	Match    int               `json:"match,omitempty"`
	Nonces   map[int][]byte    `json:"nonces,omitempty"` // openings of sealed moves, by seq
	// Sealed is the open sealed round: the commitments received and the bots' choices with
	// their nonces, so a reload neither draws the bots' choices again nor forgets a guest's.
	Sealed   *sealedRound `json:"sealed,omitempty"`
	StandIns map[int]bool `json:"standIns,omitempty"` // seqs of moves stand-ins played
	// Ask is "ask me before someone joins" (nil in tables saved before it was kept: the
	// host's config then says). Admitted are the identity keys of watchers the host agreed to
	// seat at the next game, Banned those it refused for good; both sorted.
	Ask      *bool    `json:"ask,omitempty"`
	Admitted [][]byte `json:"admitted,omitempty"`
	Banned   [][]byte `json:"banned,omitempty"`
	// Beside: a host-blind game is played beside the lobby (beside.go), so a newcomer who
	// connects after a reload, before the app has resumed that game, still waits at the door.
	Beside bool `json:"beside,omitempty"`
}

const snapshotVersion = 1

// Snapshot captures the table so that Resume can continue it in another process.
func (h *Host) Snapshot() ([]byte, error) {
	var b []byte
	err := error(errClosedHost)
	h.do(func() { b, err = h.snapshot() })
	return b, err
}

func (h *Host) snapshot() ([]byte, error) {
	ask := h.ask
	return json.Marshal(snapshot{V: snapshotVersion, Game: h.rules.Name(), Rules: h.rules.Version(), Table: h.table, MaxSeats: h.maxSeats, Options: h.options,
		Started: h.started, Config: h.config, Seats: h.seats, Moves: h.moves, Sigs: h.sigs, Deals: h.deals, Match: h.match, Nonces: h.nonces, Sealed: h.sealed, StandIns: h.standIns,
		Ask: &ask, Admitted: keyList(h.admitted), Banned: keyList(h.banned), Beside: h.beside.on})
}

// keyList is a set of identity keys in a stable order (bytewise: strings sort as bytes.Compare
// would). Sorted as strings, since the wasm has that sort already; a SortFunc over [][]byte
// would link another copy of pdqsort (~29 KB, issue 26).
func keyList(set map[string]bool) [][]byte {
	var keys []string
	for k, on := range set {
		if on {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	var out [][]byte
	for _, k := range keys {
		out = append(out, []byte(k))
	}
	return out
}

// keySet is keyList's inverse (nil for none).
func keySet(keys [][]byte) map[string]bool {
	if len(keys) == 0 {
		return nil
	}
	set := make(map[string]bool, len(keys))
	for _, k := range keys {
		set[string(k)] = true
	}
	return set
}

// persist hands the table to HostConfig.Persist. It runs before anything that depends on the
// new state is sent, so a host that dies and resumes never contradicts what guests were told.
func (h *Host) persist() {
	if h.cfg.Persist == nil {
		return
	}
	b, err := h.snapshot()
	if err != nil {
		h.logf("table: snapshot: %v", err)
		return
	}
	h.cfg.Persist(b)
}

// Resume rebuilds a host from a Snapshot. Guests reconnect with their identity keys (or seat
// tokens) and get their seats and views back; a move or share they had in flight is resent by
// them. Bot seats get their functions from cfg.Bots (or SetBot).
func Resume(rules engine.Rules, data []byte, cfg HostConfig) (*Host, error) {
	var s snapshot
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		return nil, engine.Errorf(engine.KindMalformed, "table: resume", "%v", err)
	}
	if s.V != snapshotVersion || s.Game != rules.Name() || len(s.Table) == 0 {
		return nil, engine.Errorf(engine.KindMalformed, "table: resume", "snapshot v%d of %q does not fit %q", s.V, s.Game, rules.Name())
	}
	if cfg.Seats <= 0 {
		cfg.Seats = s.MaxSeats
	}
	if at, err := engine.RulesAt(rules, s.Rules); s.Started && err == nil {
		rules = at // a game saved under older rules goes on under them (its guests are told the version)
	}
	h, err := newHost(rules, cfg)
	if err != nil {
		return nil, err
	}
	h.table, h.options, h.started, h.config, h.seats, h.moves, h.deals = s.Table, s.Options, s.Started, s.Config, s.Seats, s.Moves, s.Deals
	h.sigs = s.Sigs
	for len(h.sigs) < len(h.moves) {
		h.sigs = append(h.sigs, nil)
	}
	h.sigs = h.sigs[:len(h.moves)]
	h.match, h.nonces, h.standIns = s.Match, s.Nonces, s.StandIns
	if s.Ask != nil {
		h.ask = *s.Ask
	}
	h.admitted, h.banned = keySet(s.Admitted), keySet(s.Banned)
	h.beside.on = s.Beside
	if r := s.Sealed; r != nil && s.Started && r.Base == len(s.Moves) {
		if r.Pledges == nil {
			r.Pledges = map[engine.Seat]*wire.Pledge{}
		}
		if r.Opens == nil {
			r.Opens = map[engine.Seat]*wire.Open{}
		}
		h.sealed = r
	}
	if h.options == nil {
		h.options = map[string]string{}
	}
	for _, st := range h.seats {
		if st == nil {
			return nil, engine.Errorf(engine.KindMalformed, "table: resume", "empty seat")
		}
		st.peer = nil
		if (st.Bot || st.StandIn) && cfg.Bots != nil {
			st.botFn = cfg.Bots(st.Level)
		}
	}
	// A started game has one seat per player for good, and each of its deals one roster entry
	// per seat: a save that says otherwise was damaged, and would resume into a table that
	// can only stall (a player with no seat, a deal nobody can verify).
	if h.started && len(h.seats) != s.Config.Seats {
		return nil, engine.Errorf(engine.KindMalformed, "table: resume", "%d seats for a game of %d", len(h.seats), s.Config.Seats)
	}
	applied := 0
	for _, d := range h.deals {
		if d == nil || len(d.H) != 32 || len(d.C) != 32 || h.started && len(d.Roster) != len(h.seats) {
			return nil, engine.Errorf(engine.KindMalformed, "table: resume", "bad deal")
		}
		if d.Shares == nil {
			d.Shares = map[int]*wire.Share{}
		}
		d.resumeChain()
		if d.Applied {
			applied++
		}
	}
	if h.started {
		g, err := engine.Replay(rules, engine.Record{Game: s.Game, Version: s.Rules, Config: s.Config, Moves: s.Moves})
		if err != nil {
			return nil, engine.Errorf(engine.KindMalformed, "table: resume", "%v", err)
		}
		h.game = g
		deals := 0
		for _, m := range h.moves {
			if m.Kind == engine.KindDeal {
				deals++
			}
		}
		if deals != applied {
			return nil, engine.Errorf(engine.KindMalformed, "table: resume", "%d deal moves but %d applied deals", deals, applied)
		}
	}
	h.run()
	h.do(func() {
		if n := len(h.deals); n > 0 && h.deals[n-1].SealsSent && !h.deals[n-1].Applied {
			h.awaitShares(h.deals[n-1]) // its share deadline died with the page that reloaded
		}
		h.advance()
	})
	return h, nil
}
