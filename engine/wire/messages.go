package wire

import (
	"bytes"
	"encoding/json"
	"unicode/utf8"

	"miskatonic/engine"
)

// Message types. Guest → host: hello, ready, move, say, contrib, resync.
// Host → guest: challenge, welcome, lobby, log, view, reject, commit, contribs, reveal, chat, bye.
const (
	THello     Type = "hello"
	TReady     Type = "ready"
	TMove      Type = "move"
	TSay       Type = "say"
	TContrib   Type = "contrib"
	TResync    Type = "resync"
	TChallenge Type = "challenge"
	TWelcome   Type = "welcome"
	TLobby     Type = "lobby"
	TLog       Type = "log"
	TView      Type = "view"
	TReject    Type = "reject"
	TCommit    Type = "commit"
	TContribs  Type = "contribs"
	TReveal    Type = "reveal"
	TChat      Type = "chat"
	TBye       Type = "bye"
	TNeed      Type = "need"
	TSeal      Type = "seal"
	TSeals     Type = "seals"
)

func init() {
	register(func() Message { return &Hello{} })
	register(func() Message { return &Ready{} })
	register(func() Message { return &Move{} })
	register(func() Message { return &Say{} })
	register(func() Message { return &Contrib{} })
	register(func() Message { return &Resync{} })
	register(func() Message { return &Challenge{} })
	register(func() Message { return &Welcome{} })
	register(func() Message { return &Lobby{} })
	register(func() Message { return &Log{} })
	register(func() Message { return &View{} })
	register(func() Message { return &Reject{} })
	register(func() Message { return &Commit{} })
	register(func() Message { return &Contribs{} })
	register(func() Message { return &Reveal{} })
	register(func() Message { return &Chat{} })
	register(func() Message { return &Bye{} })
	register(func() Message { return &Need{} })
	register(func() Message { return &Seal{} })
	register(func() Message { return &Seals{} })
}

// Sizes of keys and signatures (Ed25519) and secrets (32 bytes).
const (
	KeySize    = 32
	SigSize    = 64
	SecretSize = 32
	TableIDLen = 16
)

// Hello answers the host's Challenge: the guest names itself and proves its identity key by
// signing the challenge (see fair.SignHello). Token is the seat token of an earlier Welcome, the
// fallback when the identity key was lost.
type Hello struct {
	Rules int    `json:"rules,omitempty"` // the guest's version of the challenge's game rules
	Name  string `json:"name"`
	Key   []byte `json:"key"`
	Sig   []byte `json:"sig"`
	Token string `json:"token,omitempty"`
}

func (*Hello) Type() Type { return THello }
func (m *Hello) Check() error {
	if err := checkText(THello, "name", m.Name, MaxName); err != nil {
		return err
	}
	if err := checkLen(THello, "key", m.Key, KeySize); err != nil {
		return err
	}
	if err := checkLen(THello, "sig", m.Sig, SigSize); err != nil {
		return err
	}
	return checkText(THello, "token", m.Token, MaxToken)
}

// Ready marks the guest ready (or not) to start, in the lobby.
type Ready struct {
	Ready bool `json:"ready"`
}

func (*Ready) Type() Type   { return TReady }
func (*Ready) Check() error { return nil }

// Move asks the host to apply a move. BasedOn is the game seq of the view the guest decided on:
// a move based on an older view is refused as stale, so a replayed or delayed move never lands
// on a position its sender did not see.
// Sig is the seat's signature on the move at game seq BasedOn+1 (fair.Identity.SignMove).
type Move struct {
	BasedOn int         `json:"basedOn"`
	Move    engine.Move `json:"move"`
	Sig     []byte      `json:"sig,omitempty"`
}

func (*Move) Type() Type { return TMove }
func (m *Move) Check() error {
	if m.BasedOn < 0 {
		return bad(TMove, "negative basedOn")
	}
	if err := checkSig(TMove, m.Sig); err != nil {
		return err
	}
	if err := checkSeat(TMove, m.Move.Seat); err != nil {
		return err
	}
	return checkMove(TMove, m.Move)
}

// Say is a chat line from a guest: N numbers its lines, Sig signs it (fair.Identity.SignChat).
type Say struct {
	Text string `json:"text"`
	N    int    `json:"n,omitempty"`
	Sig  []byte `json:"sig,omitempty"`
}

func (*Say) Type() Type { return TSay }
func (m *Say) Check() error {
	if m.Text == "" {
		return bad(TSay, "empty chat line")
	}
	if m.N < 0 {
		return bad(TSay, "negative line number")
	}
	if err := checkSig(TSay, m.Sig); err != nil {
		return err
	}
	return checkText(TSay, "text", m.Text, MaxChat)
}

// Contrib is a guest's share of one deal's randomness, signed with its identity key over the
// deal context, the host's commitment, the seat and the share (fair.SignContribution).
type Contrib struct {
	Epoch int         `json:"epoch"`
	Seat  engine.Seat `json:"seat"`
	S     []byte      `json:"s"`
	Sig   []byte      `json:"sig"`
}

func (*Contrib) Type() Type { return TContrib }
func (m *Contrib) Check() error {
	if m.Epoch < 1 {
		return bad(TContrib, "epoch must be at least 1")
	}
	if m.Seat < 0 || m.Seat >= MaxSeats {
		return bad(TContrib, "seat %d out of range", m.Seat)
	}
	if err := checkLen(TContrib, "s", m.S, SecretSize); err != nil {
		return err
	}
	return checkLen(TContrib, "sig", m.Sig, SigSize)
}

// Seal is a guest's sealed share of one deal (fair.Seal): SC commits to the share it will
// reveal only once the host has relayed every contributor's seal.
type Seal struct {
	Epoch int         `json:"epoch"`
	Seat  engine.Seat `json:"seat"`
	SC    []byte      `json:"sc"`
	Sig   []byte      `json:"sig"`
}

func (*Seal) Type() Type { return TSeal }
func (m *Seal) Check() error {
	return (&Contrib{Epoch: m.Epoch, Seat: m.Seat, S: m.SC, Sig: m.Sig}).Check()
}

// Seals relays the complete set of a deal's seals, in seat order, before any share is revealed.
type Seals struct {
	Epoch int     `json:"epoch"`
	Seals []Share `json:"seals"` // S holds the seal (fair.Seal.SC)
}

func (*Seals) Type() Type { return TSeals }
func (m *Seals) Check() error {
	return (&Contribs{Epoch: m.Epoch, Shares: m.Seals}).Check()
}

// Resync asks the host to send again every message of this connection from seq Next on: the
// guest saw a gap, or heard nothing for a while. It doubles as a keep-alive.
type Resync struct {
	Next uint64 `json:"next"`
}

func (*Resync) Type() Type   { return TResync }
func (*Resync) Check() error { return nil }

// Need asks the host for the public moves of the game from index From on (game seq From+1),
// answered with a Log. A guest whose replay of a revealed deal stops at a move it was never told
// sends it; a host that never answers is reported as withholding that move.
type Need struct {
	From int `json:"from"`
}

func (*Need) Type() Type { return TNeed }
func (m *Need) Check() error {
	if m.From < 0 {
		return bad(TNeed, "negative index")
	}
	return nil
}

// Challenge is the host's first message on a connection: a fresh nonce the guest signs.
type Challenge struct {
	Nonce []byte `json:"nonce"`
	Game  string `json:"game"`
	Rules int    `json:"rules,omitempty"` // the rules version the table plays (Rules.Version)
	Table []byte `json:"table"`
}

func (*Challenge) Type() Type { return TChallenge }
func (m *Challenge) Check() error {
	if err := checkLen(TChallenge, "nonce", m.Nonce, SecretSize); err != nil {
		return err
	}
	if err := checkLen(TChallenge, "table", m.Table, TableIDLen); err != nil {
		return err
	}
	return checkText(TChallenge, "game", m.Game, MaxOptionLen)
}

// Welcome gives a guest its seat (engine.Observer for a spectator) and a token to reclaim it.
type Welcome struct {
	Seat    engine.Seat   `json:"seat"`
	Token   string        `json:"token,omitempty"`
	Game    string        `json:"game"`
	Table   []byte        `json:"table"`
	Config  engine.Config `json:"config"`
	Started bool          `json:"started"`
	// Match counts the games played at this table before this one (0 for the first): a welcome
	// with a higher Match after a game over is the host's rematch, on the same links and seats.
	Match int `json:"match,omitempty"`
}

func (*Welcome) Type() Type { return TWelcome }
func (m *Welcome) Check() error {
	if m.Seat < engine.Observer || m.Seat >= MaxSeats {
		return bad(TWelcome, "seat %d out of range", m.Seat)
	}
	if err := checkText(TWelcome, "token", m.Token, MaxToken); err != nil {
		return err
	}
	if err := checkText(TWelcome, "game", m.Game, MaxOptionLen); err != nil {
		return err
	}
	if err := checkLen(TWelcome, "table", m.Table, TableIDLen); err != nil {
		return err
	}
	if m.Match < 0 {
		return bad(TWelcome, "negative match")
	}
	if m.Config.Seats < 0 || m.Config.Seats > MaxSeats {
		return bad(TWelcome, "config seats %d out of range", m.Config.Seats)
	}
	return checkOptions(TWelcome, m.Config.Options)
}

// SeatInfo is one lobby seat as every guest sees it.
type SeatInfo struct {
	Seat      engine.Seat `json:"seat"`
	Name      string      `json:"name"`
	Key       []byte      `json:"key,omitempty"` // identity key; empty for a bot
	Bot       bool        `json:"bot,omitempty"`
	Level     string      `json:"level,omitempty"` // bot level
	Connected bool        `json:"connected"`
	Ready     bool        `json:"ready"`
	Host      bool        `json:"host,omitempty"` // the host's own player
	// StandIn: the player is away and a bot of the host's plays the seat (Level) until they
	// come back. Public: every view says so, and the seat has no key in a deal meanwhile.
	StandIn bool `json:"standIn,omitempty"`
}

// Lobby is the table's roster and options; sent on every change.
type Lobby struct {
	Seats   []SeatInfo        `json:"seats"`
	Options map[string]string `json:"options,omitempty"`
	Started bool              `json:"started"`
}

func (*Lobby) Type() Type { return TLobby }
func (m *Lobby) Check() error {
	if err := checkMax(TLobby, "seats", len(m.Seats), MaxSeats); err != nil {
		return err
	}
	for _, s := range m.Seats {
		if err := checkSeat(TLobby, s.Seat); err != nil {
			return err
		}
		if err := checkText(TLobby, "name", s.Name, MaxName); err != nil {
			return err
		}
		if err := checkText(TLobby, "level", s.Level, MaxOptionLen); err != nil {
			return err
		}
		if len(s.Key) != 0 && len(s.Key) != KeySize {
			return bad(TLobby, "key must be empty or %d bytes", KeySize)
		}
	}
	return checkOptions(TLobby, m.Options)
}

// Log carries public moves From, From+1, … (game seqs From+1 …). A deal move's Seed is empty
// until its deal is revealed. Sent on (re)connection, in chunks.
// Sigs, when present, holds each move's signature by its seat (empty for deals and bots).
type Log struct {
	From  int           `json:"from"`
	Moves []engine.Move `json:"moves"`
	Sigs  [][]byte      `json:"sigs,omitempty"`
	// Nonces open the sealed moves among Moves (empty for any other), like View.Nonce.
	Nonces [][]byte `json:"nonces,omitempty"`
	// StandIns are the indexes in Moves of moves a bot played for an absent player (unsigned).
	StandIns []int `json:"standIns,omitempty"`
}

func (*Log) Type() Type { return TLog }
func (m *Log) Check() error {
	if m.From < 0 {
		return bad(TLog, "negative from")
	}
	if len(m.Sigs) != 0 && len(m.Sigs) != len(m.Moves) {
		return bad(TLog, "%d signatures for %d moves", len(m.Sigs), len(m.Moves))
	}
	for _, s := range m.Sigs {
		if err := checkSig(TLog, s); err != nil {
			return err
		}
	}
	if len(m.Nonces) != 0 && len(m.Nonces) != len(m.Moves) {
		return bad(TLog, "%d nonces for %d moves", len(m.Nonces), len(m.Moves))
	}
	for _, n := range m.Nonces {
		if len(n) != 0 {
			if err := checkLen(TLog, "nonce", n, SecretSize); err != nil {
				return err
			}
		}
	}
	if err := checkMax(TLog, "moves", len(m.Moves), MaxLogMoves); err != nil {
		return err
	}
	for _, i := range m.StandIns {
		if i < 0 || i >= len(m.Moves) {
			return bad(TLog, "stand-in index %d out of range", i)
		}
	}
	for _, mv := range m.Moves {
		if err := checkSeat(TLog, mv.Seat); err != nil {
			return err
		}
		if err := checkMove(TLog, mv); err != nil {
			return err
		}
	}
	return nil
}

// View is sent to every seat after every accepted move: the move just applied (Seq is its game
// seq, the number of moves applied so far; Move is nil at seq 0 and a deal move's Seed is
// withheld), the seat's view as JSON, its legal moves (the UI never computes rules) and the
// public status.
type View struct {
	Seq  int          `json:"seq"`
	Move *engine.Move `json:"move,omitempty"`
	Sig  []byte       `json:"sig,omitempty"` // the mover's signature on Move, if a player's
	// Nonce opens the mover's pledge when Move was a sealed choice (see Pledge).
	Nonce []byte `json:"nonce,omitempty"`
	// StandIn: Move was played by a bot standing in for its absent player (so it is unsigned).
	StandIn bool            `json:"standIn,omitempty"`
	View    json.RawMessage `json:"view"`
	Legal   []engine.Move   `json:"legal"`
	Status  engine.Status   `json:"status"`
}

func (*View) Type() Type { return TView }
func (m *View) Check() error {
	if m.Seq < 0 {
		return bad(TView, "negative seq")
	}
	if err := checkSig(TView, m.Sig); err != nil {
		return err
	}
	if len(m.Nonce) != 0 {
		if err := checkLen(TView, "nonce", m.Nonce, SecretSize); err != nil {
			return err
		}
	}
	if (m.Seq == 0) != (m.Move == nil) {
		return bad(TView, "a move comes with every seq but 0")
	}
	if m.Move != nil {
		if err := checkSeat(TView, m.Move.Seat); err != nil {
			return err
		}
		if err := checkMove(TView, *m.Move); err != nil {
			return err
		}
	}
	if err := checkMax(TView, "view bytes", len(m.View), MaxView); err != nil {
		return err
	}
	if len(m.View) == 0 {
		return bad(TView, "missing view")
	}
	if err := checkMax(TView, "legal moves", len(m.Legal), MaxLegal); err != nil {
		return err
	}
	for _, mv := range m.Legal {
		if err := checkSeat(TView, mv.Seat); err != nil {
			return err
		}
		if err := checkMove(TView, mv); err != nil {
			return err
		}
	}
	if err := checkMax(TView, "active seats", len(m.Status.Active), MaxSeats); err != nil {
		return err
	}
	if d := m.Status.Deal; d != nil {
		if d.Epoch < 1 {
			return bad(TView, "deal epoch must be at least 1")
		}
		if err := checkText(TView, "deal context", d.Context, MaxContext); err != nil {
			return err
		}
	}
	return nil
}

// normalize compacts the raw view, so that decoding then encoding is the identity and every
// guest hashes the same bytes the host produced.
func (m *View) normalize() {
	m.View = Compact(m.View)
}

// Compact returns JSON without insignificant white space; b itself when it has none (the
// common case: every host sends compact JSON), so the check costs one byte scan.
func Compact(b []byte) []byte {
	if !bytes.ContainsAny(b, " \t\r\n") {
		return b
	}
	var c bytes.Buffer
	if json.Compact(&c, b) != nil {
		return b
	}
	return c.Bytes()
}

// Reject refuses one guest message; only its sender receives it. Ref is the refused message's
// seq (0 when the frame could not be read) and BasedOn its move's basedOn, if any. Kind is the
// whole reason: the reader words it (RefusedCode), the host logs its own detail.
type Reject struct {
	Kind engine.Kind `json:"kind"`
	// Msg is the English detail hosts before codes-only sent. Decode still reads it, so their
	// frames are not refused; Encode never writes it (see legacyText).
	Msg     string `json:"msg,omitempty"`
	Ref     uint64 `json:"ref"`
	BasedOn int    `json:"basedOn,omitempty"`
}

func (m *Reject) withoutText() Message {
	c := *m
	c.Msg = ""
	return &c
}

func (*Reject) Type() Type { return TReject }
func (m *Reject) Check() error {
	if m.Kind == "" {
		return bad(TReject, "missing kind")
	}
	if err := checkText(TReject, "kind", string(m.Kind), 32); err != nil {
		return err
	}
	return checkText(TReject, "msg", m.Msg, MaxReason)
}

// Commit opens a deal: the host's commitment C to its secret h, for the deal context made of the
// game, table, epoch, Context and Roster (identity key per seat, empty for bots).
type Commit struct {
	Epoch   int      `json:"epoch"`
	Context string   `json:"context"`
	Roster  [][]byte `json:"roster"`
	C       []byte   `json:"c"`
	// Cause, on a commitment that replaces one whose seals were all relayed with no seat
	// changed, is the seat's new seal that made the restart necessary (S holds the seal), signed
	// over the commitment it replaces: every guest charges the restart to that seat.
	Cause *Share `json:"cause,omitempty"`
}

func (*Commit) Type() Type { return TCommit }
func (m *Commit) Check() error {
	if m.Epoch < 1 {
		return bad(TCommit, "epoch must be at least 1")
	}
	if err := checkText(TCommit, "context", m.Context, MaxContext); err != nil {
		return err
	}
	if err := checkMax(TCommit, "roster", len(m.Roster), MaxSeats); err != nil {
		return err
	}
	for _, k := range m.Roster {
		if len(k) != 0 && len(k) != KeySize {
			return bad(TCommit, "roster key must be empty or %d bytes", KeySize)
		}
	}
	if m.Cause != nil {
		if err := (&Contrib{Epoch: m.Epoch, Seat: m.Cause.Seat, S: m.Cause.S, Sig: m.Cause.Sig}).Check(); err != nil {
			return bad(TCommit, "cause: %v", err)
		}
	}
	return checkLen(TCommit, "c", m.C, SecretSize)
}

// Share is one seat's contribution as the host relays it.
type Share struct {
	Seat engine.Seat `json:"seat"`
	S    []byte      `json:"s"`
	Sig  []byte      `json:"sig"`
}

// Contribs relays every contribution of a deal (one per seat with an identity key), sent once
// all are in and before the deal is applied.
type Contribs struct {
	Epoch  int     `json:"epoch"`
	Shares []Share `json:"shares"`
}

func (*Contribs) Type() Type { return TContribs }
func (m *Contribs) Check() error {
	if m.Epoch < 1 {
		return bad(TContribs, "epoch must be at least 1")
	}
	if err := checkMax(TContribs, "shares", len(m.Shares), MaxSeats); err != nil {
		return err
	}
	for _, s := range m.Shares {
		if s.Seat < 0 || s.Seat >= MaxSeats {
			return bad(TContribs, "seat %d out of range", s.Seat)
		}
		if err := checkLen(TContribs, "s", s.S, SecretSize); err != nil {
			return err
		}
		if err := checkLen(TContribs, "sig", s.Sig, SigSize); err != nil {
			return err
		}
	}
	return nil
}

// Reveal opens the host's secret of a finished deal, so every guest can verify it.
type Reveal struct {
	Epoch int    `json:"epoch"`
	H     []byte `json:"h"`
}

func (*Reveal) Type() Type { return TReveal }
func (m *Reveal) Check() error {
	if m.Epoch < 1 {
		return bad(TReveal, "epoch must be at least 1")
	}
	return checkLen(TReveal, "h", m.H, SecretSize)
}

// Chat relays a chat line to everyone.
type Chat struct {
	From engine.Seat `json:"from"`
	Name string      `json:"name"`
	Text string      `json:"text"`
	N    int         `json:"n,omitempty"`
	Sig  []byte      `json:"sig,omitempty"` // the seat's signature (Say.Sig), relayed
	// Signed is set by the receiving guest, never sent: the line is signed by the key it was
	// shown at seat From.
	Signed bool `json:"-"`
}

func (*Chat) Type() Type { return TChat }
func (m *Chat) Check() error {
	if err := checkSeat(TChat, m.From); err != nil {
		return err
	}
	if err := checkSig(TChat, m.Sig); err != nil {
		return err
	}
	if err := checkText(TChat, "name", m.Name, MaxName); err != nil {
		return err
	}
	return checkText(TChat, "text", m.Text, MaxChat)
}

// ByeCode is the stable, machine-readable reason of a Bye: screens branch on it and word it in
// their reader's language (ByeReasonCode).
type ByeCode string

// Bye codes. A guest that does not know a code (a newer host) treats it as ByeDropped.
const (
	ByeFull      ByeCode = "full"      // every seat is taken
	ByeKicked    ByeCode = "kicked"    // the host removed this seat
	ByeClosed    ByeCode = "closed"    // the host closed the table
	ByeFlood     ByeCode = "flood"     // too many refused or too fast messages
	ByeAuth      ByeCode = "auth"      // no identity proof in time
	ByeElsewhere ByeCode = "elsewhere" // the same seat connected again on another link
	ByeDropped   ByeCode = "dropped"   // anything else (such as a host fault)
	// ByeVersion: the guest's build plays another version of the game's rules. Said by the host,
	// or noted by the guest itself on the challenge, before the game starts: an honest host
	// must not look dishonest because two builds disagree on the rules.
	ByeVersion ByeCode = "version"
)

// Bye tells a guest it is being disconnected, and why, as a code. Code is empty from hosts that
// predate it.
type Bye struct {
	Kind engine.Kind `json:"kind"`
	Code ByeCode     `json:"code,omitempty"`
	// Reason is the English sentence hosts before codes-only sent. Decode still reads it;
	// Encode never writes it (see legacyText).
	Reason string `json:"reason,omitempty"`
}

func (m *Bye) withoutText() Message {
	c := *m
	c.Reason = ""
	return &c
}

func (*Bye) Type() Type { return TBye }
func (m *Bye) Check() error {
	if err := checkText(TBye, "kind", string(m.Kind), 32); err != nil {
		return err
	}
	if err := checkText(TBye, "code", string(m.Code), 32); err != nil {
		return err
	}
	return checkText(TBye, "reason", m.Reason, MaxReason)
}

// checkSig allows no signature or one of the right size.
func checkSig(t Type, sig []byte) error {
	if len(sig) == 0 {
		return nil
	}
	return checkLen(t, "sig", sig, SigSize)
}

func checkText(t Type, field, s string, max int) error {
	if len(s) > max {
		return tooBig(t, field, len(s), max)
	}
	if !utf8.ValidString(s) {
		return bad(t, "%s is not UTF-8", field)
	}
	return nil
}

func checkOptions(t Type, opts map[string]string) error {
	if err := checkMax(t, "options", len(opts), 32); err != nil {
		return err
	}
	for k, v := range opts {
		if err := checkText(t, "option key", k, MaxOptionLen); err != nil {
			return err
		}
		if err := checkText(t, "option value", v, MaxOptionLen); err != nil {
			return err
		}
	}
	return nil
}
