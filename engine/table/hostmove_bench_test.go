package table

// The host page's CPU per move, stage by stage (issue 26): what the page that hosts a
// 3-person open Arkham Ritual table spends on one move, measured as this thread's CPU time so
// a loaded machine does not inflate it. The go-app board update is in
// app/ui/arkhamboard's BenchmarkGuestUpdate (boardtest.BenchUpdate), the host-blind steps in
// engine/blindtable's BenchmarkSteps.

import (
	"runtime"
	"sync"
	"testing"
	"time"

	"miskatonic/engine"
	"miskatonic/engine/arkham"
	"miskatonic/engine/fair"
	"miskatonic/engine/wire"
	"miskatonic/internal/sigcheck"
)

// hostGame is one finished 3-person Arkham game: the host's state at its end and every frame
// the host's own seat (seat 0, signing as the host) received.
type hostGame struct {
	host   *Host // a copy of the fields the stages read, off the match goroutine
	frames [][]byte
}

var (
	hostGameOnce sync.Once
	hostGameRec  hostGame
)

func recordedHostGame(b testing.TB) hostGame {
	hostGameOnce.Do(func() {
		c := &Host{}
		frames := recordSeat0(b, tableOpts{rules: arkham.Rules{}, guests: 3, seed: 26, tick: time.Second, hostSeat: true}, func(h *Host) {
			c.rules, c.cfg, c.table, c.maxSeats, c.options, c.started, c.config = h.rules, h.cfg, h.table, h.maxSeats, h.options, h.started, h.config
			c.seats, c.moves, c.sigs, c.deals, c.match, c.nonces, c.standIns = h.seats, h.moves, h.sigs, h.deals, h.match, h.nonces, h.standIns
		})
		hostGameRec = hostGame{host: c, frames: frames}
	})
	return hostGameRec
}

// BenchmarkHostMove replays one recorded game through the host's per-move work, stage by
// stage, and reports each stage's CPU per move (one op is one whole game):
//   - deal-checks: the host's checks of every seat's seal and share of each deal
//   - heads: the host signing the heads of its chain (one or two a deal)
//   - verify: the host's check of a guest move's signature (fair.VerifyMoveNow)
//   - apply: the game's Apply
//   - views: the per-seat wire.View for each of the 3 seats (status, legal moves, view JSON)
//   - pad: the public view's frame size every view is padded to (once per move)
//   - encode: wire.EncodePadded of each seat's view
//   - snapshot: the host's whole-table snapshot the page saves after every change
//   - own-guest: the host's own seat's guest taking its view frame (checks and audit included)
func BenchmarkHostMove(b *testing.B) {
	hg := recordedHostGame(b)
	src := hg.host
	rules := src.rules
	seats := len(src.seats)
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var heads []*wire.Head
	for _, f := range hg.frames {
		if _, msg, _ := wire.Decode(f); msg != nil && msg.Type() == wire.THead {
			heads = append(heads, msg.(*wire.Head))
		}
	}
	var tDeal, tHeads, tVerify, tApply, tViews, tPad, tEncode, tSnap, tGuest time.Duration
	var moves, verifies, guestViews int
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		// Every check in this iteration is a first one: nothing this process saw before (the
		// recording included) is remembered; the page's own second checks then hit what the
		// host's first ones remembered, as they do in the page.
		sigcheck.Forget()
		t0 := threadCPU()
		for _, d := range src.deals {
			cx := d.context(rules.Name(), src.table).Bytes()
			c := [32]byte(d.C)
			for seat, sl := range d.Seals {
				if !fair.VerifySeal(d.Roster[seat], cx, c, fair.Seal{Seat: engine.Seat(seat), SC: [32]byte(sl.S), Sig: sl.Sig}) {
					b.Fatalf("deal %d: seat %d's seal", d.Epoch, seat)
				}
			}
			for seat, sh := range d.Shares {
				if !fair.VerifyContribution(d.Roster[seat], cx, c, fair.Share{Seat: engine.Seat(seat), S: [32]byte(sh.S), Sig: sh.Sig}) {
					b.Fatalf("deal %d: seat %d's share", d.Epoch, seat)
				}
			}
		}
		t1 := threadCPU()
		for _, hd := range heads {
			sh := identity(0).SignHeadRound(src.table, hd.Seq, [32]byte(hd.H), hd.Round)
			if string(sh.Sig) != string(hd.Sig) {
				b.Fatalf("head %d: signed differently", hd.Seq)
			}
		}
		tDeal += t1 - t0
		tHeads += threadCPU() - t1
		g, err := rules.New(src.config)
		if err != nil {
			b.Fatal(err)
		}
		h := &Host{rules: rules, cfg: src.cfg, table: src.table, maxSeats: src.maxSeats, options: src.options, started: true, config: src.config,
			seats: src.seats, deals: src.deals, match: src.match, nonces: src.nonces, standIns: src.standIns, game: g}
		var out uint64
		for k, m := range src.moves {
			if sig := src.sigs[k]; sig != nil && m.Seat.Valid(seats) {
				t0 = threadCPU()
				if !fair.VerifyMoveNow(src.seats[m.Seat].Key, src.table, k+1, m, sig) {
					b.Fatalf("move %d: bad signature", k+1)
				}
				tVerify += threadCPU() - t0
				verifies++
			}
			t0 = threadCPU()
			if err := g.Apply(m); err != nil {
				b.Fatalf("move %d: %v", k+1, err)
			}
			tApply += threadCPU() - t0
			h.moves, h.sigs = src.moves[:k+1], src.sigs[:k+1]
			t0 = threadCPU()
			snap, err := h.snapshot()
			tSnap += threadCPU() - t0
			if err != nil || len(snap) == 0 {
				b.Fatal(err)
			}
			out++
			for s := 0; s < seats; s++ {
				t0 = threadCPU()
				v := h.viewFor(engine.Seat(s), &m)
				t1 := threadCPU()
				size := h.viewSize(v)
				t2 := threadCPU()
				if _, err := wire.EncodePadded(out, v, size); err != nil {
					b.Fatal(err)
				}
				t3 := threadCPU()
				tViews += t1 - t0
				tPad += t2 - t1
				tEncode += t3 - t2
			}
			moves++
		}
		gu, err := NewGuest(newSink(), GuestConfig{Name: "p0", Identity: identity(0), Rand: newRand(7), Rules: lookup, Tick: time.Hour, Save: func([]byte) {}})
		if err != nil {
			b.Fatal(err)
		}
		for _, f := range hg.frames {
			t0 = threadCPU()
			due := gu.handle(inFrame{gen: gu.gen, frame: f})
			if due {
				gu.auditLater(false)
			}
			d := threadCPU() - t0
			if _, msg, _ := wire.Decode(f); msg != nil && msg.Type() == wire.TView {
				guestViews++
			}
			tGuest += d
		}
		gu.Close()
	}
	ms := func(t time.Duration, n int) float64 { return float64(t.Nanoseconds()) / 1e6 / float64(max(n, 1)) }
	// Every stage per applied move (verify too: it is what a move costs the host on average).
	b.ReportMetric(ms(tDeal, moves), "ms/deal-checks")
	b.ReportMetric(ms(tHeads, moves), "ms/heads")
	b.ReportMetric(ms(tVerify, moves), "ms/verify")
	b.ReportMetric(ms(tApply, moves), "ms/apply")
	b.ReportMetric(ms(tViews, moves), "ms/views")
	b.ReportMetric(ms(tPad, moves), "ms/pad")
	b.ReportMetric(ms(tEncode, moves), "ms/encode")
	b.ReportMetric(ms(tSnap, moves), "ms/snapshot")
	b.ReportMetric(ms(tGuest, moves), "ms/own-guest")
	b.ReportMetric(ms(tDeal+tHeads+tVerify+tApply+tViews+tPad+tEncode+tSnap+tGuest, moves), "ms/move")
	b.ReportMetric(float64(moves)/float64(b.N), "moves/game")
	b.ReportMetric(float64(guestViews)/float64(b.N), "views/game")
}
