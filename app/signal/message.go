package signal

import (
	"encoding/json"
	"fmt"
)

// Message kinds exchanged (sealed) between a guest and the host while setting up a connection.
const (
	KindOffer     = "offer"     // guest → host: SDP offer and the guest's display name
	KindAnswer    = "answer"    // host → guest: SDP answer (the host accepted)
	KindCandidate = "candidate" // both ways: one trickled ICE candidate
	KindRefuse    = "refuse"    // host → guest: not admitted; Reason says why
	KindBye       = "bye"       // either side: giving up on this session
)

// Reasons a host refuses a joiner.
const (
	ReasonFull    = "full"    // every seat is taken
	ReasonKicked  = "kicked"  // the host said no
	ReasonClosed  = "closed"  // the host is no longer hosting
	ReasonTimeout = "timeout" // the host did not answer in time
)

// Candidate mirrors an ICE candidate init (kept free of pion types so this package stays small).
type Candidate struct {
	Candidate        string  `json:"candidate"`
	SDPMid           *string `json:"sdpMid,omitempty"`
	SDPMLineIndex    *uint16 `json:"sdpMLineIndex,omitempty"`
	UsernameFragment *string `json:"usernameFragment,omitempty"`
}

// Message is the clear text inside one sealed payload.
type Message struct {
	Kind      string     `json:"kind"`
	Name      string     `json:"name,omitempty"`
	SDP       string     `json:"sdp,omitempty"`
	Candidate *Candidate `json:"candidate,omitempty"`
	Reason    string     `json:"reason,omitempty"`
	// Key and Sig: the host's public key and its signature (see SignHost) on answers,
	// refusals and goodbyes.
	Key []byte `json:"key,omitempty"`
	Sig []byte `json:"sig,omitempty"`
	// DH: a relayed link's key agreement (relayed.go): the guest's X25519 key on KindRelayAsk,
	// the host's followed by the guest's on KindRelayed.
	DH []byte `json:"dh,omitempty"`
}

// MaxMessage bounds a clear message (SDP with candidates is a few KiB at most).
const MaxMessage = 16 << 10

// MaxName bounds a display name in bytes.
const MaxName = 64

// Encode marshals m.
func (m Message) Encode() ([]byte, error) {
	b, err := json.Marshal(m)
	if err != nil {
		return nil, err
	}
	if len(b) > MaxMessage {
		return nil, fmt.Errorf("%w: message of %d bytes exceeds %d", ErrFraming, len(b), MaxMessage)
	}
	return b, nil
}

// DecodeMessage parses and checks a clear message.
func DecodeMessage(b []byte) (Message, error) {
	var m Message
	if len(b) > MaxMessage {
		return m, fmt.Errorf("%w: too long", ErrFraming)
	}
	if err := json.Unmarshal(b, &m); err != nil {
		return m, fmt.Errorf("%w: %v", ErrFraming, err)
	}
	switch m.Kind {
	case KindOffer, KindAnswer:
		if m.SDP == "" {
			return m, fmt.Errorf("%w: %s without sdp", ErrFraming, m.Kind)
		}
	case KindCandidate:
		if m.Candidate == nil {
			return m, fmt.Errorf("%w: candidate missing", ErrFraming)
		}
	case KindRefuse, KindBye:
	case KindRelayAsk:
		if len(m.DH) != 32 {
			return m, fmt.Errorf("%w: relay request without a key", ErrFraming)
		}
	case KindRelayed:
		if len(m.DH) != 64 {
			return m, fmt.Errorf("%w: relayed without both keys", ErrFraming)
		}
	default:
		return m, fmt.Errorf("%w: unknown kind %q", ErrFraming, m.Kind)
	}
	if len(m.Key) > 32 || len(m.Sig) > 64 || len(m.DH) > 64 {
		return m, fmt.Errorf("%w: key or signature too long", ErrFraming)
	}
	if len(m.Name) > MaxName {
		return m, fmt.Errorf("%w: name too long", ErrFraming)
	}
	return m, nil
}
