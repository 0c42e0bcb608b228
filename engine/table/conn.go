package table

// Conn is a reliable, ordered, message-oriented link to one peer: an in-memory pipe in tests, a
// WebRTC data channel in the app (app/rtc). Each Send is one frame; Recv returns frames in the
// order they were sent, or an error once the link is closed or broken. Close unblocks Recv.
type Conn interface {
	Send(frame []byte) error
	Recv() ([]byte, error)
	Close() error
}
