package table

// Conn is a reliable, ordered, message-oriented link to one peer: an in-memory pipe in tests, a
// WebRTC data channel in the app (app/rtc). Each Send is one frame; Recv returns frames in the
// order they were sent, or an error once the link is closed or broken. Close unblocks Recv.
type Conn interface {
	Send(frame []byte) error
	Recv() ([]byte, error)
	Close() error
}

// Bound is a Conn that names the channel it runs on, the same bytes at both ends (app/rtc: a
// hash of both DTLS certificate fingerprints). A guest signs it into its hello and the host
// checks it against its own end, so a hello relayed from another link takes no seat.
type Bound interface {
	Binding() []byte
}

func binding(c Conn) []byte {
	if b, ok := c.(Bound); ok {
		return b.Binding()
	}
	return nil
}
