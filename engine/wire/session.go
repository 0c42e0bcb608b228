package wire

import "miskatonic/engine"

// Hello answers the host's Challenge: the guest names itself and proves its identity key by
// signing the challenge (see fair.SignHello). Token is the seat token of an earlier Welcome, the
// fallback when the identity key was lost.
type Hello struct {
	Rules int    `json:"rules,omitempty"` // the guest's version of the challenge's game rules
	Name  string `json:"name"`
	Key   []byte `json:"key"`
	Sig   []byte `json:"sig"`
	Token string `json:"token,omitempty"`
	// Person and PersonSig: an extra seat of one person (a second character) names the key of
	// the person's first seat, which vouched for this seat's key (fair.SignPerson): the host
	// then takes the seats' players as one person (one away deadline, one stand-in choice).
	// Both or neither.
	Person    []byte `json:"person,omitempty"`
	PersonSig []byte `json:"personSig,omitempty"`
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
	if len(m.Person) != 0 || len(m.PersonSig) != 0 {
		if err := checkLen(THello, "person", m.Person, KeySize); err != nil {
			return err
		}
		if err := checkLen(THello, "personSig", m.PersonSig, SigSize); err != nil {
			return err
		}
	}
	return checkText(THello, "token", m.Token, MaxToken)
}

// Resync asks the host to send again every message of this connection from seq Next on: the
// guest saw a gap, or heard nothing for a while. It doubles as a keep-alive.
type Resync struct {
	Next uint64 `json:"next"`
	// Alive marks a keep-alive: the guest is live and asks for nothing (the host resends
	// nothing for it; frames still on their way would only go twice).
	Alive bool `json:"alive,omitempty"`
}

func (*Resync) Type() Type   { return TResync }
func (*Resync) Check() error { return nil }

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
