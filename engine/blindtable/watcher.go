package blindtable

// A watcher: a seatless page. Someone who arrives at a host-blind table after its game began
// folds the same signed log every page gets into the public State alone — it holds no key, so
// no token sealed to a seat opens for it, and no entry is sealed to it — and shows the public
// table live. It checks every entry as any page does, and stops with the verdict when the log
// breaks (a refused entry, a gap, a host that lost entries it was sent). It never sends an
// input: it says hello and reads.

import (
	"errors"
	"sync"

	"miskatonic/engine"
)

// Watcher folds a host-blind table's log over one Conn, without a seat.
type Watcher struct {
	mu      sync.Mutex
	st      *State
	c       Conn
	verdict *Verdict
	updates chan struct{}
	done    chan struct{}
}

// Watch starts watching table cfg over c: hello from the first entry, then the log.
func Watch(cfg Config, c Conn) (*Watcher, error) {
	st, err := NewState(cfg)
	if err != nil {
		return nil, err
	}
	w := &Watcher{st: st, c: c, updates: make(chan struct{}, 1), done: make(chan struct{})}
	b, err := EncodeFrame(Frame{Hello: &Hello{Seat: engine.Observer}})
	if err != nil {
		return nil, err
	}
	if err := c.Send(b); err != nil {
		return nil, err
	}
	go w.run()
	return w, nil
}

// Updates has a value after the public state changed.
func (w *Watcher) Updates() <-chan struct{} { return w.updates }

// Done is closed once the link ends.
func (w *Watcher) Done() <-chan struct{} { return w.done }

// Close ends the link.
func (w *Watcher) Close() error { return w.c.Close() }

// Do runs f on the public state under the watcher's lock (read only).
func (w *Watcher) Do(f func(st *State)) {
	w.mu.Lock()
	defer w.mu.Unlock()
	f(w.st)
}

// Verdict is the broken rule the watcher found, nil while the table keeps the protocol.
func (w *Watcher) Verdict() *Verdict {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.verdict != nil {
		return w.verdict
	}
	return w.st.Verdict()
}

func (w *Watcher) run() {
	defer close(w.done)
	for {
		b, err := w.c.Recv()
		if err != nil {
			return
		}
		f, err := DecodeFrame(b)
		if err != nil {
			continue // refused whole: nothing changes
		}
		w.mu.Lock()
		w.fold(f)
		w.mu.Unlock()
		select {
		case w.updates <- struct{}{}:
		default:
		}
	}
}

// fold takes one frame of the host's: an entry not behind the state is applied (a refusal is
// the host's verdict, or its author's when its own signed input convicts it).
func (w *Watcher) fold(f Frame) {
	if w.verdict != nil || w.st.Verdict() != nil {
		return
	}
	switch {
	case f.Entry != nil && f.Entry.Seq >= w.st.Seq():
		if err := w.st.Apply(*f.Entry); err != nil {
			var v *Verdict
			if !errors.As(err, &v) {
				v = &Verdict{Seat: w.st.cfg.Host, Code: CodeHost, Detail: "sequenced a refused input: " + err.Error()}
			}
			w.verdict = v
		}
	case f.Synced != nil && *f.Synced < w.st.Seq():
		w.verdict = &Verdict{Seat: w.st.cfg.Host, Code: CodeHost, Detail: "the host's log lost entries this page applied"}
	}
}
