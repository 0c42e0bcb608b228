package blindtable

// A page on its Conn: it says hello with how much of the log it holds, folds every entry in
// order, and sends what it owes after each one. Duplicate entries are ignored; a gap ends the
// link (the Conn is reliable and ordered, so a gap is the host's doing) with a verdict.

import (
	"errors"

	"miskatonic/engine"
)

// ErrReplaced: the page goes on over a newer link (Connect again), not this client's.
var ErrReplaced = errors.New("blindtable: the page is driven over a newer link")

// Client drives one Page over one Conn. The page's lock (Page.drive) guards the page and this
// client's own fields: a page that goes on over a new link is handed from client to client.
type Client struct {
	p       *Page
	c       Conn
	synced  bool
	updates chan struct{}
	done    chan struct{}
	rejects []string
}

// Connect starts p on c: hello, then the log. A page already driven by a Client (its link was
// lost, or replaced) is taken from it: that client touches the page no more and ends at its
// next frame, so the old link's frames still queued are never folded beside the new link's.
func Connect(p *Page, c Conn) (*Client, error) {
	cl := &Client{p: p, c: c, updates: make(chan struct{}, 1), done: make(chan struct{})}
	return cl, cl.start()
}

func (cl *Client) start() error {
	cl.p.drive.Lock()
	defer cl.p.drive.Unlock()
	// The old client's reader may be folding a frame its link had queued right now (the app's
	// link queue hands them out after a close): both would write the page's state, sent inputs
	// and box key's cache at once. Under the page's lock it sees it was replaced and stops.
	cl.p.driver = cl
	// What was sent on an earlier link and never sequenced is owed again: the page works out
	// from the log what it still owes (what is in the log already, the host refuses as a repeat).
	clear(cl.p.sent)
	b, err := EncodeFrame(Frame{Hello: &Hello{Seat: cl.p.cfg.Seat, From: cl.p.st.Seq()}})
	if err != nil {
		return err
	}
	if err := cl.c.Send(b); err != nil {
		return err
	}
	go cl.run()
	return nil
}

// Updates has a value after the page changed.
func (cl *Client) Updates() <-chan struct{} { return cl.updates }

// Done is closed once the link ends.
func (cl *Client) Done() <-chan struct{} { return cl.done }

// Do runs f on the page under the page's lock.
func (cl *Client) Do(f func(p *Page)) {
	cl.p.drive.Lock()
	defer cl.p.drive.Unlock()
	f(cl.p)
}

// Rejects are the host's refusals of this page's inputs, in order.
func (cl *Client) Rejects() []string {
	cl.p.drive.Lock()
	defer cl.p.drive.Unlock()
	return append([]string(nil), cl.rejects...)
}

// Play sends the person's move (a page played by hand).
func (cl *Client) Play(m engine.Move) error {
	cl.p.drive.Lock()
	defer cl.p.drive.Unlock()
	if cl.p.driver != cl {
		return ErrReplaced
	}
	in, err := cl.p.Play(m)
	if err != nil {
		return err
	}
	return cl.send(in)
}

// Close ends the link.
func (cl *Client) Close() error { return cl.c.Close() }

func (cl *Client) send(in Input) error {
	b, err := EncodeFrame(Frame{Input: &in})
	if err != nil {
		return err
	}
	return cl.c.Send(b)
}

func (cl *Client) run() {
	defer close(cl.done)
	for {
		b, err := cl.c.Recv()
		if err != nil {
			return
		}
		f, err := DecodeFrame(b)
		if err != nil {
			continue // refused whole: nothing changes
		}
		cl.p.drive.Lock()
		if cl.p.driver != cl { // the page went on over a newer link (Connect)
			cl.p.drive.Unlock()
			return
		}
		switch {
		case f.Entry != nil:
			if f.Entry.Seq >= cl.p.st.Seq() {
				_ = cl.p.Apply(*f.Entry) // a refusal is the page's verdict
			}
		case f.Synced != nil:
			if *f.Synced < cl.p.st.Seq() && cl.p.verdict == nil {
				// The host lost entries this page applied (its log forked): what it sequences
				// next cannot be this page's log.
				cl.p.verdict = &Verdict{Seat: cl.p.st.cfg.Host, Code: CodeHost, Detail: "the host's log lost entries this page applied"}
			}
			cl.synced = true
		case f.Reject != "":
			cl.rejects = append(cl.rejects, f.Reject)
		}
		if cl.synced {
			cl.flush()
		}
		cl.p.drive.Unlock()
		select {
		case cl.updates <- struct{}{}:
		default:
		}
	}
}

// flush sends what the page owes now.
func (cl *Client) flush() {
	ins, err := cl.p.Outbox()
	if err != nil {
		return
	}
	for _, in := range ins {
		if cl.send(in) != nil {
			return
		}
	}
}
