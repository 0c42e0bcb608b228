package wire

// A view frame's bulk is the seat's view, which the host has just produced with json.Marshal.
// Marshalling the View message around it would scan and copy those bytes once more
// (encoding/json compacts every RawMessage it writes): on the host page that was most of the
// JSON time per move, spent before the views go out. A view set with SetView is spliced into
// the message as it is.

import (
	"encoding/json"

	"miskatonic/engine"
)

// SetView sets the seat's view from b, which must be the output of json.Marshal (valid,
// compact JSON): Encode then writes it without scanning it again. Setting View directly still
// works, and is checked as before.
func (m *View) SetView(b []byte) {
	m.View = b
	m.marshalled = true
}

// viewHead and viewTail are View's fields before and after "view", in View's order, so the
// spliced message is byte for byte what json.Marshal of the View writes.
type viewHead struct {
	Seq     int          `json:"seq"`
	Move    *engine.Move `json:"move,omitempty"`
	Sig     []byte       `json:"sig,omitempty"`
	Nonce   []byte       `json:"nonce,omitempty"`
	StandIn bool         `json:"standIn,omitempty"`
}

type viewTail struct {
	Legal  []engine.Move `json:"legal"`
	Status engine.Status `json:"status"`
}

// marshal is json.Marshal(m), splicing a view set by SetView in unscanned.
func (m *View) marshal() ([]byte, error) {
	if !m.marshalled || len(m.View) == 0 {
		return json.Marshal(m)
	}
	head, err := json.Marshal(viewHead{m.Seq, m.Move, m.Sig, m.Nonce, m.StandIn})
	if err != nil {
		return nil, err
	}
	tail, err := json.Marshal(viewTail{m.Legal, m.Status})
	if err != nil {
		return nil, err
	}
	out := make([]byte, 0, len(head)+len(m.View)+len(tail)+8)
	out = append(out, head[:len(head)-1]...) // without its closing brace
	out = append(out, `,"view":`...)
	out = append(out, m.View...)
	out = append(out, ',')
	out = append(out, tail[1:]...) // without its opening brace
	return out, nil
}
