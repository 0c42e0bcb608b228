package table

// Conn is a reliable, ordered, message-oriented link to one peer: an in-memory pipe in tests, a
// WebRTC data channel in the app (app/rtc). Each Send is one frame; Recv returns frames in the
// order they were sent, or an error once the link is closed or broken. Close unblocks Recv.
type Conn interface {
	Send(frame []byte) error
	Recv() ([]byte, error)
	Close() error
}

// Reliable is a Conn that loses no frame while it is open and keeps their order (app/rtc: a
// data channel, and the relayed path, which sends a lost chunk again until it is acknowledged).
// On such a link a guest sends each message once per link, and asks for frames again only
// on a gap: a quiet spell means the host or the path is slow, never that a frame was lost,
// and copies sent every tick (each answered with a refusal, or with frames sent again) would
// queue on the very path the answers wait on — over a slow broker, for tens of seconds.
type Reliable interface {
	Reliable() bool
}

// reliable reports whether c says it loses no frame.
func reliable(c Conn) bool {
	r, ok := c.(Reliable)
	return ok && r.Reliable()
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
