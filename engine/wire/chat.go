package wire

import "miskatonic/engine"

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
