package fair_test

import (
	"encoding/json"
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/arkham"
	"miskatonic/engine/fair"
	"miskatonic/engine/rng"
	"miskatonic/internal/sigcheck"
)

// The cost of one deal at a full table (7 seats, 6 guests contributing), for the host (commit,
// check each seal and share, combine) and for one guest (seal and sign its share, check
// everyone's seals and shares).
func BenchmarkDealHost(b *testing.B) {
	ids := identities(6)
	r := rng.FromInt(1)
	cx := fair.Context{Game: "arkham", Table: make([]byte, 16), Epoch: 1, Deal: "round 1", Roster: append(roster(ids), nil)}
	ctx := cx.Bytes()
	c := fair.Commit(ctx, r.Seed())
	shares := make([]fair.Share, len(ids))
	for i, id := range ids {
		shares[i] = id.Contribute(ctx, c, engine.Seat(i), r.Seed())
	}
	seals := make([]fair.Seal, len(ids))
	for i, id := range ids {
		seals[i] = id.SealShare(ctx, c, engine.Seat(i), shares[i].S)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		sigcheck.Forget() // every check a first one, as on a page that never saw these signatures
		h := r.Seed()
		ctx := cx.Bytes()
		fair.Commit(ctx, h)
		for _, sl := range seals {
			fair.VerifySeal(cx.Roster[sl.Seat], ctx, c, sl)
		}
		for _, sh := range shares {
			fair.VerifyContribution(cx.Roster[sh.Seat], ctx, c, sh)
		}
		if err := fair.CheckOpens(ctx, c, seals, shares); err != nil {
			b.Fatal(err)
		}
		fair.Key(ctx, h, shares)
	}
}

func BenchmarkDealGuest(b *testing.B) {
	ids := identities(6)
	r := rng.FromInt(1)
	cx := fair.Context{Game: "arkham", Table: make([]byte, 16), Epoch: 1, Deal: "round 1", Roster: append(roster(ids), nil)}
	ctx := cx.Bytes()
	c := fair.Commit(ctx, r.Seed())
	shares := make([]fair.Share, len(ids))
	for i, id := range ids {
		shares[i] = id.Contribute(ctx, c, engine.Seat(i), r.Seed())
	}
	seals := make([]fair.Seal, len(ids))
	for i, id := range ids {
		seals[i] = id.SealShare(ctx, c, engine.Seat(i), shares[i].S)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		sigcheck.Forget() // every check a first one, as on a page that never saw these signatures
		s := r.Seed()
		ids[0].SealShare(cx.Bytes(), c, 0, s)
		if err := fair.CheckSeals(cx, ctx, c, seals); err != nil {
			b.Fatal(err)
		}
		ids[0].Contribute(cx.Bytes(), c, 0, s)
		if err := fair.CheckShares(cx, ctx, c, shares); err != nil {
			b.Fatal(err)
		}
		if err := fair.CheckOpens(ctx, c, seals, shares); err != nil {
			b.Fatal(err)
		}
	}
}

// arkhamGame is one random 7-player Arkham Ritual game as a guest at seat 0 sees it.
type arkhamGame struct {
	cfg    engine.Config
	moves  []engine.Move
	views  []fair.Shown
	deals  []dealt
	rounds int
}

func playArkham(b *testing.B, seed uint64) arkhamGame {
	r := rng.FromInt(seed)
	ids := identities(7)
	cfg := engine.Config{Seats: 7}
	g, err := arkham.Rules{}.New(cfg)
	if err != nil {
		b.Fatal(err)
	}
	out := arkhamGame{cfg: cfg}
	view := func() {
		v, _ := json.Marshal(g.View(0))
		out.views = append(out.views, fair.Shown{View: v, Legal: g.Legal(0), Status: g.Status()})
	}
	view()
	for !g.Status().Over {
		st := g.Status()
		var m engine.Move
		if st.Deal != nil {
			d := honestDeal(ids, r, st.Deal.Epoch, st.Deal.Context)
			d.cx.Game = "arkham"
			d.c = fair.Commit(d.cx.Bytes(), d.h)
			for i, id := range ids {
				d.shares[i] = id.Contribute(d.cx.Bytes(), d.c, engine.Seat(i), d.shares[i].S)
			}
			d.seals = sealAll(ids, d.cx.Bytes(), d.c, d.shares)
			d.key = fair.Key(d.cx.Bytes(), d.h, d.shares)
			out.deals = append(out.deals, d)
			m = engine.DealMove(d.key)
		} else {
			l := g.Legal(st.Active[0])
			m = l[r.Intn(len(l))]
		}
		if err := g.Apply(m); err != nil {
			b.Fatal(err)
		}
		out.moves = append(out.moves, m)
		view()
	}
	out.rounds = len(out.deals)
	return out
}

// The cost of verifying a whole Arkham Ritual game as a guest: for each round, check the
// commitment, recompute the key and replay the round comparing every view (reported per round).
func BenchmarkVerifyArkham(b *testing.B) {
	game := playArkham(b, 3)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		sigcheck.Forget() // every check a first one, as on a page that never saw these signatures
		a, _ := fair.NewAuditor(arkham.Rules{}, game.cfg, 0)
		for s, m := range game.moves {
			a.Move(s+1, m)
		}
		for s, v := range game.views {
			a.View(s, v)
		}
		for _, d := range game.deals {
			a.Commit(d.cx, d.c)
			a.Seals(d.cx.Epoch, d.seals, nil)
			a.Shares(d.cx.Epoch, d.shares)
		}
		b.StartTimer()
		for _, d := range game.deals {
			if r := a.Reveal(d.cx.Epoch, d.h); !r.Verified {
				b.Fatalf("%+v", r)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*game.rounds), "ns/round")
	b.ReportMetric(float64(len(game.moves))/float64(game.rounds), "moves/round")
}
