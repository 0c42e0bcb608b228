// Package latency measures where a move's time goes on its way through a real table: guests on
// real pion data channels (loopback, host candidates, set up through an in-process relay) and
// the host's own seat over an in-memory pipe, as in the app. Every link is wrapped so each frame
// is timestamped where it leaves and where it arrives; the move path then splits into stages:
//
//	sign+send   Guest.Send: sign the move, encode it, hand it to the data channel
//	to host     the move frame crossing the channel (pion, SCTP, the rtc reorder buffer)
//	host        the host's reader decoding it, the match goroutine verifying the signature,
//	            applying it and building, encoding and queueing every seat's view
//	to guest    each view frame crossing back (slowest seat)
//	guest       the guest's reader, ordering, auditing and State() decoding the view
//
// Beside it, a raw message over the same kind of rtc.Conn (half a round trip) is the floor.
// Moves are made one at a time (the next only once every seat has seen the last), so stages
// do not queue behind each other; every seat is played by the random bot.
package latency

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"time"

	"miskatonic/engine"
	"miskatonic/engine/bot"
	"miskatonic/engine/fair"
	"miskatonic/engine/games"
	"miskatonic/engine/table"
	"miskatonic/engine/wire"
)

// Config says what to measure.
type Config struct {
	Game   string // a game of engine/games (default "arkham")
	Guests int    // seats over pion besides the host's own seat over a pipe (default 2)
	Moves  int    // moves to measure (default 200; games are replayed until there are enough)
	Pings  int    // raw messages to measure (default 200)
	// PingBytes is the size of a raw message (default 64; a view frame is about 2 KB).
	PingBytes int
	Seed      uint64
}

// Stage names, in path order (measured for moves of seats other than the host's own).
var Stages = []string{"sign+send", "to host", "host", "to guest", "guest"}

// Report is what one Measure run saw.
type Report struct {
	Raw       []time.Duration            // half a round trip of a bare rtc.Conn message
	PingBytes int                        // its size
	Total     []time.Duration            // Send called → every seat's State shows the move
	Stage     map[string][]time.Duration // per Stages, for moves by seats over pion
	Views     []int                      // bytes of each view frame sent
	Games     int
	Movers    map[string]int // measured moves by the host's own seat ("own") and the others ("guest")
}

// frame is one timestamped frame on a link.
type frame struct {
	at   time.Time
	link int  // seat index of the guest at the end of the link
	host bool // recorded at the host's end
	sent bool
	msg  wire.Message
	size int
}

type recorder struct {
	mu  sync.Mutex
	raw []rawFrame
}

type rawFrame struct {
	frame
	b []byte
}

func (r *recorder) add(at time.Time, link int, host, sent bool, b []byte) {
	r.mu.Lock()
	r.raw = append(r.raw, rawFrame{frame{at: at, link: link, host: host, sent: sent, size: len(b)}, b})
	r.mu.Unlock()
}

// decode turns what was recorded into messages (after the game, off the measured path).
func (r *recorder) decode() []frame {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := make([]frame, 0, len(r.raw))
	for _, f := range r.raw {
		if _, m, err := wire.Decode(f.b); err == nil {
			f.frame.msg = m
			out = append(out, f.frame)
		}
	}
	r.raw = nil
	return out
}

// traced wraps a table.Conn and timestamps every frame. It passes the channel binding on, so
// the host still checks hellos against it.
type traced struct {
	table.Conn
	rec  *recorder
	link int
	host bool
}

func (c *traced) Send(b []byte) error {
	c.rec.add(time.Now(), c.link, c.host, true, b)
	return c.Conn.Send(b)
}

func (c *traced) Recv() ([]byte, error) {
	b, err := c.Conn.Recv()
	if err == nil {
		c.rec.add(time.Now(), c.link, c.host, false, b)
	}
	return b, err
}

func (c *traced) Binding() []byte {
	if b, ok := c.Conn.(table.Bound); ok {
		return b.Binding()
	}
	return nil
}

// seat is one player's guest and what it has seen.
type seat struct {
	g    *table.Guest
	mu   sync.Mutex
	st   table.GuestState
	seen map[int]time.Time // when State first showed each seq
}

func (s *seat) watch(ctx context.Context) {
	for {
		st := s.g.State()
		now := time.Now()
		s.mu.Lock()
		s.st = st
		if st.HasView {
			if _, ok := s.seen[st.Seq]; !ok {
				s.seen[st.Seq] = now
			}
		}
		s.mu.Unlock()
		select {
		case <-ctx.Done():
			return
		case <-s.g.Updates():
		}
	}
}

func (s *seat) state() table.GuestState {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.st
}

func (s *seat) seenAt(seq int) (time.Time, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for q, at := range s.seen {
		if q >= seq {
			return at, true
		}
	}
	return time.Time{}, false
}

// sent is one measured move.
type sent struct {
	mover    int
	based    int
	t0, t1   time.Time // Send called, Send returned
	complete time.Time // the last seat's State showed it
}

// linker connects seat i (named name) to host: it adds the host's end, wrapped by wrap, and
// returns the guest's end.
type linker func(ctx context.Context, host *table.Host, i int, name string, wrap func(table.Conn, bool) table.Conn) (table.Conn, error)

func defaults(cfg *Config) {
	if cfg.Game == "" {
		cfg.Game = "arkham"
	}
	if cfg.Guests <= 0 {
		cfg.Guests = 2
	}
	if cfg.Moves <= 0 {
		cfg.Moves = 200
	}
	if cfg.Pings <= 0 {
		cfg.Pings = 200
	}
	if cfg.PingBytes <= 0 {
		cfg.PingBytes = 64
	}
}

// run plays games over the links link makes until cfg.Moves moves are measured.
func run(ctx context.Context, cfg Config, link func(seed uint64) (linker, func(), error), rep *Report) error {
	rules, ok := games.Lookup(cfg.Game)
	if !ok {
		return fmt.Errorf("latency: no game %q", cfg.Game)
	}
	for n := 0; len(rep.Total) < cfg.Moves; n++ {
		if n > 50 {
			return fmt.Errorf("latency: %d moves measured in %d games", len(rep.Total), n)
		}
		l, done, err := link(cfg.Seed + uint64(n))
		if err != nil {
			return err
		}
		err = playOne(ctx, l, rules, cfg, cfg.Seed+uint64(n), rep)
		done()
		if err != nil {
			return err
		}
		rep.Games++
	}
	return nil
}

// pipes links every seat over an in-memory pipe (the host's own seat's kind of link).
func pipes(ctx context.Context, host *table.Host, i int, name string, wrap func(table.Conn, bool) table.Conn) (table.Conn, error) {
	a, b := table.Pipe()
	if err := host.AddGuest(wrap(a, true)); err != nil {
		return nil, err
	}
	return b, nil
}

// MeasurePipes is Measure with every seat over an in-memory pipe: the table's own cost with
// no network at all (it runs in wasm too, to see what the browser's CPU adds).
func MeasurePipes(ctx context.Context, cfg Config) (*Report, error) {
	defaults(&cfg)
	rep := &Report{Stage: map[string][]time.Duration{}, Movers: map[string]int{}}
	err := run(ctx, cfg, func(uint64) (linker, func(), error) { return pipes, func() {}, nil }, rep)
	return rep, err
}

func playOne(ctx context.Context, link linker, rules engine.Rules, cfg Config, seed uint64, rep *Report) error {
	ctx, cancel := context.WithTimeout(ctx, 3*time.Minute)
	defer cancel()
	src := rand.NewChaCha8([32]byte{byte(seed), byte(seed >> 8), 'l'})
	seats := cfg.Guests + 1
	host, err := table.NewHost(rules, table.HostConfig{Rand: src, Seats: seats})
	if err != nil {
		return err
	}
	defer host.Close()
	rec := &recorder{}
	ss := make([]*seat, seats)
	for i := range ss {
		gc := table.GuestConfig{
			Name:     fmt.Sprint("seat", i),
			Identity: fair.NewIdentity([32]byte{byte(seed), byte(seed >> 8), byte(i), 'k'}),
			Rand:     rand.NewChaCha8([32]byte{byte(seed), byte(seed >> 8), byte(i), 'g'}),
			Rules:    games.Lookup,
		}
		lk := link
		if i == 0 {
			lk = pipes // the host's own seat, as in the app
		}
		c, err := lk(ctx, host, i, gc.Name, func(c table.Conn, atHost bool) table.Conn {
			return &traced{Conn: c, rec: rec, link: i, host: atHost}
		})
		if err != nil {
			return fmt.Errorf("latency: seat %d: %w", i, err)
		}
		g, err := table.NewGuest(&traced{Conn: c, rec: rec, link: i}, gc)
		if err != nil {
			return err
		}
		defer g.Close()
		ss[i] = &seat{g: g, seen: map[int]time.Time{}}
		go ss[i].watch(ctx)
	}
	// Seat everyone, then start.
	if err := until(ctx, func() bool {
		for _, s := range ss {
			if st := s.state(); !st.Connected || st.Seat < 0 {
				return false
			}
		}
		return len(host.State().Seats) == seats
	}); err != nil {
		return fmt.Errorf("latency: seating: %w", err)
	}
	for _, s := range ss {
		s.g.SetReady(true)
	}
	if err := until(ctx, func() bool { return host.Start() == nil }); err != nil {
		return fmt.Errorf("latency: start: %w", err)
	}

	bots := make([]bot.Func, seats)
	for i := range bots {
		bots[i] = bot.Random(seed*100 + uint64(i))
	}
	var moves []sent
	for {
		hs := host.State()
		if hs.Status.Over {
			break
		}
		// Quiet: every seat has seen the host's latest seq and nothing of ours is in flight.
		var movers []int
		quiet := true
		for i, s := range ss {
			st := s.state()
			if !st.HasView || st.Seq != hs.Seq || st.Waiting {
				quiet = false
				break
			}
			if len(st.Legal) > 0 {
				movers = append(movers, i)
			}
		}
		if !quiet || len(movers) == 0 {
			if err := ctx.Err(); err != nil {
				return fmt.Errorf("latency: game stuck at seq %d: %w", hs.Seq, err)
			}
			time.Sleep(200 * time.Microsecond)
			continue
		}
		if hs.Status.Sealed {
			for _, i := range movers { // sealed rounds are not measured: every seat chooses
				st := ss[i].state()
				m, err := bots[i](st.View, st.Legal)
				if err == nil {
					_ = ss[i].g.Send(m)
				}
			}
			waitSeq(ctx, ss, hs.Seq+1)
			continue
		}
		i := movers[0]
		st := ss[i].state()
		m, err := bots[i](st.View, st.Legal)
		if err != nil {
			return err
		}
		mv := sent{mover: i, based: st.Seq, t0: time.Now()}
		if err := ss[i].g.Send(m); err != nil {
			continue
		}
		mv.t1 = time.Now()
		if waitSeq(ctx, ss, st.Seq+1) {
			for _, s := range ss {
				at, _ := s.seenAt(st.Seq + 1)
				if at.After(mv.complete) {
					mv.complete = at
				}
			}
			moves = append(moves, mv)
		}
	}
	analyse(rec.decode(), moves, rep)
	if afterGame != nil {
		gs := make([]*table.Guest, len(ss))
		for i, s := range ss {
			gs[i] = s.g
		}
		afterGame(host, gs)
	}
	return nil
}

// afterGame, when set (by tests), sees the table of each game before it closes.
var afterGame func(host *table.Host, guests []*table.Guest)

// waitSeq waits until every seat's State has shown seq (false after 10 s).
func waitSeq(ctx context.Context, ss []*seat, seq int) bool {
	end := time.Now().Add(10 * time.Second)
	for time.Now().Before(end) && ctx.Err() == nil {
		all := true
		for _, s := range ss {
			if _, ok := s.seenAt(seq); !ok {
				all = false
				break
			}
		}
		if all {
			return true
		}
		time.Sleep(50 * time.Microsecond)
	}
	return false
}

func until(ctx context.Context, ok func() bool) error {
	for !ok() {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(5 * time.Millisecond):
		}
	}
	return nil
}

// analyse matches each measured move with its frames and splits its time into stages.
func analyse(frames []frame, moves []sent, rep *Report) {
	for _, f := range frames {
		if v, ok := f.msg.(*wire.View); ok && f.host && f.sent && v != nil {
			rep.Views = append(rep.Views, f.size)
		}
	}
	for _, mv := range moves {
		rep.Total = append(rep.Total, mv.complete.Sub(mv.t0))
		if mv.mover == 0 {
			rep.Movers["own"]++
		} else {
			rep.Movers["guest"]++
		}
		var hostIn, hostOut time.Time
		guestIn := map[int]time.Time{}
		hostSent := map[int]time.Time{}
		for _, f := range frames {
			if f.at.Before(mv.t0) {
				continue
			}
			switch m := f.msg.(type) {
			case *wire.Move:
				if f.host && !f.sent && f.link == mv.mover && m.BasedOn == mv.based && hostIn.IsZero() {
					hostIn = f.at
				}
			case *wire.View:
				if m.Seq != mv.based+1 {
					continue
				}
				if f.host && f.sent {
					if _, ok := hostSent[f.link]; !ok {
						hostSent[f.link] = f.at
						if f.at.After(hostOut) {
							hostOut = f.at
						}
					}
				} else if !f.host && !f.sent {
					if _, ok := guestIn[f.link]; !ok {
						guestIn[f.link] = f.at
					}
				}
			}
		}
		if mv.mover == 0 || hostIn.IsZero() || hostOut.IsZero() {
			continue
		}
		var back, guest time.Duration
		for link, in := range guestIn {
			if link == 0 {
				continue // the pipe seat: no network on the way back
			}
			back = max(back, in.Sub(hostSent[link]))
			guest = max(guest, mv.complete.Sub(in))
		}
		rep.Stage["sign+send"] = append(rep.Stage["sign+send"], mv.t1.Sub(mv.t0))
		rep.Stage["to host"] = append(rep.Stage["to host"], hostIn.Sub(mv.t1))
		rep.Stage["host"] = append(rep.Stage["host"], hostOut.Sub(hostIn))
		rep.Stage["to guest"] = append(rep.Stage["to guest"], back)
		rep.Stage["guest"] = append(rep.Stage["guest"], guest)
	}
}

// Pct is the q-quantile of ds (0 when empty).
func Pct(ds []time.Duration, q float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[min(len(s)-1, int(q*float64(len(s))))]
}

// Lines is the report as the lines the CLI prints.
func (r *Report) Lines() []string {
	rnd := func(d time.Duration) time.Duration { return d.Round(time.Microsecond) }
	raw50, raw99 := Pct(r.Raw, .5), Pct(r.Raw, .99)
	t50, t99 := Pct(r.Total, .5), Pct(r.Total, .99)
	var out []string
	if len(r.Raw) > 0 {
		out = append(out, fmt.Sprintf("raw rtc message of %d B (half a round trip): n=%d p50=%v p99=%v", r.PingBytes, len(r.Raw), rnd(raw50), rnd(raw99)))
	}
	l := fmt.Sprintf("move → every seat's State: n=%d (%d games; movers %v) p50=%v p99=%v", len(r.Total), r.Games, r.Movers, rnd(t50), rnd(t99))
	if len(r.Raw) > 0 {
		l += fmt.Sprintf("; ×raw p50 %.1f p99 %.1f", float64(t50)/float64(max(raw50, 1)), float64(t99)/float64(max(raw99, 1)))
	}
	out = append(out, l)
	for _, s := range Stages {
		out = append(out, fmt.Sprintf("  stage %-10s p50=%-10v p99=%v", s, rnd(Pct(r.Stage[s], .5)), rnd(Pct(r.Stage[s], .99))))
	}
	sizes := make([]time.Duration, len(r.Views))
	for i, v := range r.Views {
		sizes[i] = time.Duration(v)
	}
	out = append(out, fmt.Sprintf("view frames: n=%d p50=%d B max=%d B", len(r.Views), Pct(sizes, .5), Pct(sizes, 1)))
	return out
}
