package wire

import "miskatonic/engine"

// Ready marks the guest ready (or not) to start, in the lobby.
type Ready struct {
	Ready bool `json:"ready"`
}

func (*Ready) Type() Type   { return TReady }
func (*Ready) Check() error { return nil }

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
