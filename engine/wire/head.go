package wire

// THead is the host's signed head of the game's hash chain (engine/fair SignedHead), sent with
// every commitment to a deal and at the game's end, and in every welcome. New in protocol version 3.
const THead Type = "head"

func init() { register(func() Message { return &Head{} }) }

// Head is the host's signature on the chain head after game seq Seq; the guest checks it
// against the record it was shown, and derives the table code from it.
type Head struct {
	Seq int `json:"seq"`
	// Epoch is the deal committed to and not yet applied that the head covers (0: none).
	Epoch int `json:"epoch,omitempty"`
	// Round is the head's round at Seq (fair.SignedHead.Round): one more for each time the
	// pending deal was committed again.
	Round int    `json:"round,omitempty"`
	H     []byte `json:"h"`
	Key   []byte `json:"key"`
	Sig   []byte `json:"sig"`
}

func (*Head) Type() Type { return THead }
func (m *Head) Check() error {
	if m.Seq < 0 || m.Epoch < 0 || m.Round < 0 || m.Round > 1<<16 {
		return bad(THead, "negative seq or epoch, or round out of range")
	}
	if err := checkLen(THead, "h", m.H, SecretSize); err != nil {
		return err
	}
	if err := checkLen(THead, "key", m.Key, KeySize); err != nil {
		return err
	}
	return checkLen(THead, "sig", m.Sig, SigSize)
}
