package blindtable

// The host of a host-blind table: sequencer and relay. It applies each input to its own public
// State first (no secrets: it refuses exactly what an honest page would), appends it to the log
// and sends the entry to every page. It never opens an envelope and holds no seat's secret.

import (
	"crypto/ed25519"
	"errors"
	"fmt"
	"slices"
	"sync"

	"miskatonic/engine"
)

// Host sequences a host-blind table's log over Conns.
type Host struct {
	mu    sync.Mutex
	st    *State
	log   []Entry
	peers []*hostPeer
	id    ed25519.PrivateKey
	// Persist, when set, saves each entry before any page is sent it (the host page's storage),
	// so after a reload no page is ahead of the host's saved log (Resume). An error refuses
	// the input.
	Persist func(e Entry) error
}

type hostPeer struct {
	c    Conn
	live bool // said hello: sent the log, gets every new entry
}

// NewHost starts the sequencer of table cfg; id is the host seat's identity key (it signs
// stand-in marks, and its page signs the bots' and stand-ins' moves).
func NewHost(cfg Config, id ed25519.PrivateKey) (*Host, error) {
	st, err := NewState(cfg)
	if err != nil {
		return nil, err
	}
	if !slices.Equal(id.Public().(ed25519.PublicKey), cfg.Identities[cfg.Host]) {
		return nil, fmt.Errorf("%w: the host's key is not seat %d's", ErrMalformed, cfg.Host)
	}
	return &Host{st: st, id: id}, nil
}

// Resume restarts a host from its saved log (a host reload): every entry is checked again.
func Resume(cfg Config, id ed25519.PrivateKey, log []Entry) (*Host, error) {
	h, err := NewHost(cfg, id)
	if err != nil {
		return nil, err
	}
	for _, e := range log {
		if err := h.st.Apply(e); err != nil {
			return nil, fmt.Errorf("saved log, entry %d: %w", e.Seq, err)
		}
		h.log = append(h.log, e)
	}
	return h, nil
}

// AddPage serves one page's Conn until it closes.
func (h *Host) AddPage(c Conn) {
	p := &hostPeer{c: c}
	h.mu.Lock()
	h.peers = append(h.peers, p)
	h.mu.Unlock()
	go h.serve(p)
}

func (h *Host) serve(p *hostPeer) {
	defer func() {
		h.mu.Lock()
		h.peers = slices.DeleteFunc(h.peers, func(q *hostPeer) bool { return q == p })
		h.mu.Unlock()
	}()
	for {
		b, err := p.c.Recv()
		if err != nil {
			return
		}
		f, err := DecodeFrame(b)
		switch {
		case err != nil:
			h.reply(p, Frame{Reject: err.Error()})
		case f.Hello != nil:
			h.hello(p, *f.Hello)
		case f.Input != nil:
			if _, err := h.Submit(*f.Input); err != nil {
				h.reply(p, Frame{Reject: err.Error()})
			}
		default:
			h.reply(p, Frame{Reject: "a page sends hellos and inputs only"})
		}
	}
}

func (h *Host) reply(p *hostPeer, f Frame) {
	if b, err := EncodeFrame(f); err == nil {
		_ = p.c.Send(b)
	}
}

// hello sends the log from the entry the page asks for, then every new one.
func (h *Host) hello(p *hostPeer, hi Hello) {
	h.mu.Lock()
	defer h.mu.Unlock()
	from := min(max(hi.From, 0), len(h.log))
	for _, e := range h.log[from:] {
		h.reply(p, Frame{Entry: &e})
	}
	n := len(h.log)
	h.reply(p, Frame{Synced: &n})
	p.live = true
}

// Submit sequences one input: refused (and nothing changes) unless the host's own public
// State accepts it; otherwise logged and sent to every page.
func (h *Host) Submit(in Input) (Entry, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	e := Entry{Seq: len(h.log), In: in}
	if err := h.st.Apply(e); err != nil {
		var v *Verdict
		if errors.As(err, &v) {
			return Entry{}, fmt.Errorf("%w: %v", ErrCheat, v)
		}
		return Entry{}, err
	}
	if h.Persist != nil {
		if err := h.Persist(e); err != nil {
			// The state took the entry already: rebuild it from the log (rare: storage failed).
			st, _ := NewState(h.st.cfg)
			for _, x := range h.log {
				_ = st.Apply(x)
			}
			h.st = st
			return Entry{}, fmt.Errorf("%w: saving entry %d: %v", ErrOrder, e.Seq, err)
		}
	}
	h.log = append(h.log, e)
	for _, p := range h.peers {
		if p.live {
			h.reply(p, Frame{Entry: &e})
		}
	}
	return e, nil
}

// StandIn seats a stand-in for vanished key holder x: the other holders publish their escrow
// shares of its key and σ, and the round goes on; the host's page plays the seat meanwhile.
func (h *Host) StandIn(x engine.Seat) error { return h.mark(KindStandIn, x) }

// Absent says key holder x is away (seats.go): while the next deal is made, or mid-round at a
// table of two key holders, its seat is dealt as a bot seat and the deal made again.
func (h *Host) Absent(x engine.Seat) error { return h.mark(KindAbsent, x) }

// Back gives seat x back to its returning player: at once if stood in, else from the next deal.
func (h *Host) Back(x engine.Seat) error { return h.mark(KindBack, x) }

func (h *Host) mark(kind string, x engine.Seat) error {
	h.mu.Lock()
	deal := 0
	if h.st.d != nil {
		deal = h.st.d.n
	}
	// Read under the lock: Submit replaces h.st when storage fails.
	seat, table := h.st.cfg.Host, h.st.id
	h.mu.Unlock()
	in, err := Sign(h.id, table, seat, kind, SeatBody{Deal: deal, Seat: x})
	if err != nil {
		return err
	}
	_, err = h.Submit(in)
	return err
}

// Log is a copy of the log (the host's saved table, and the proven record's inputs).
func (h *Host) Log() []Entry {
	h.mu.Lock()
	defer h.mu.Unlock()
	return slices.Clone(h.log)
}

// State runs f on the host's public state under its lock.
func (h *Host) State(f func(*State)) {
	h.mu.Lock()
	defer h.mu.Unlock()
	f(h.st)
}
