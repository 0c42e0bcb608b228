package fair_test

import (
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/fair"
	"miskatonic/engine/fair/toy"
	"miskatonic/engine/rng"
)

func seq32(start byte) [32]byte {
	var b [32]byte
	for i := range b {
		b[i] = start + byte(i)
	}
	return b
}

func identities(n int) []fair.Identity {
	ids := make([]fair.Identity, n)
	for i := range ids {
		ids[i] = fair.NewIdentity(seq32(byte(100 + i)))
	}
	return ids
}

func roster(ids []fair.Identity) [][]byte {
	r := make([][]byte, len(ids))
	for i, id := range ids {
		r[i] = id.Public()
	}
	return r
}

// TestGolden pins the whole deal: context bytes, commitment, signatures, key and order. These
// values must be the same natively and under GOOS=js GOARCH=wasm, in every Go release.
func TestGolden(t *testing.T) {
	ids := identities(3)
	tbl := seq32(0)
	cx := fair.Context{Game: "arkham", Table: tbl[:16], Epoch: 1, Deal: "round 1", Roster: roster(ids)}
	cx.Roster[1] = nil // a bot seat contributes nothing
	ctx := cx.Bytes()
	h := seq32(1)
	c := fair.Commit(ctx, h)
	var shares []fair.Share
	for _, s := range cx.Contributors() {
		shares = append(shares, ids[s].Contribute(ctx, c, s, seq32(byte(50+s))))
	}
	if err := fair.CheckShares(cx, ctx, c, shares); err != nil {
		t.Fatal(err)
	}
	k := fair.Key(ctx, h, shares)
	got := map[string]string{
		"ctx":   hex.EncodeToString(ctx[len(ctx)-40:]),
		"c":     hex.EncodeToString(c[:]),
		"sig0":  hex.EncodeToString(shares[0].Sig[:16]),
		"key":   hex.EncodeToString(k[:]),
		"order": fmt.Sprint(fair.Order(k, "deck", 22)),
	}
	want := map[string]string{
		"ctx":   "0000000000000020ce92398c8247149756f2c7f7483a8be4820f44c49ed0c3644eb71a6490fb04a8",
		"c":     "ecf9b027f2d8d14b1791f8d08a8ca1a6c0df1219e03c888f09fc1398ae68654a",
		"sig0":  "36327e4a48eb18acf53c9b48b052172f",
		"key":   "000f63f479b4d3c4d7063a290e1f1855b046ff8653c7792846dd9b3cb9054307",
		"order": "[12 10 15 6 5 13 9 7 0 16 14 19 20 2 11 1 21 4 17 8 18 3]",
	}
	for name, w := range want {
		if got[name] != w {
			t.Errorf("%s = %s, want %s", name, got[name], w)
		}
	}
}

func TestCommitAndShares(t *testing.T) {
	ids := identities(3)
	cx := fair.Context{Game: "toy", Table: make([]byte, 16), Epoch: 2, Deal: "d", Roster: roster(ids)}
	ctx := cx.Bytes()
	h := seq32(9)
	c := fair.Commit(ctx, h)
	good := func() []fair.Share {
		var sh []fair.Share
		for i, id := range ids {
			sh = append(sh, id.Contribute(ctx, c, engine.Seat(i), seq32(byte(i))))
		}
		return sh
	}
	otherC := fair.Commit(ctx, seq32(10))
	cases := []struct {
		name  string
		edit  func([]fair.Share) []fair.Share
		wantE string
	}{
		{"honest", func(s []fair.Share) []fair.Share { return s }, ""},
		{"missing share", func(s []fair.Share) []fair.Share { return s[:2] }, "2 shares for 3"},
		{"duplicate share", func(s []fair.Share) []fair.Share { s[2] = s[1]; return s }, "want seat 2"},
		{"share altered", func(s []fair.Share) []fair.Share { s[0].S[0] ^= 1; return s }, "not signed"},
		{"signed over another commitment", func(s []fair.Share) []fair.Share {
			s[1] = ids[1].Contribute(ctx, otherC, 1, s[1].S)
			return s
		}, "seat 1's share is not signed"},
		{"signed by another key", func(s []fair.Share) []fair.Share {
			s[2] = ids[0].Contribute(ctx, c, 2, s[2].S)
			return s
		}, "seat 2's share"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			err := fair.CheckShares(cx, ctx, c, tc.edit(good()))
			if tc.wantE == "" && err != nil || tc.wantE != "" && (err == nil || !strings.Contains(err.Error(), tc.wantE)) {
				t.Fatalf("err = %v, want %q", err, tc.wantE)
			}
		})
	}
	if !fair.CheckCommit(ctx, c, h) || fair.CheckCommit(ctx, c, seq32(10)) {
		t.Fatal("CheckCommit")
	}
	cx2 := cx
	cx2.Epoch = 3
	if fair.CheckCommit(cx2.Bytes(), c, h) {
		t.Fatal("commitment must bind the epoch")
	}
	if fair.Key(ctx, h, good()) == fair.Key(ctx, seq32(10), good()) {
		t.Fatal("key must depend on h")
	}
}

func TestHello(t *testing.T) {
	id := identities(1)[0]
	nonce, tbl := seq32(1), seq32(2)
	table := tbl[:16]
	sig := id.SignHello(nonce[:], table)
	if !fair.VerifyHello(id.Public(), nonce[:], table, sig) {
		t.Fatal("honest hello refused")
	}
	other := seq32(3)
	if fair.VerifyHello(id.Public(), other[:], table, sig) {
		t.Fatal("hello replayed on another challenge accepted")
	}
	if fair.NewIdentity(id.Seed()).Public() == nil || string(fair.NewIdentity(id.Seed()).Public()) != string(id.Public()) {
		t.Fatal("identity does not survive its seed")
	}
}

// deal plays one honest deal of the toy game and returns everything a guest sees of it.
type dealt struct {
	cx     fair.Context
	c, h   [32]byte
	shares []fair.Share
	seals  []fair.Seal
	key    [32]byte
}

func sealAll(ids []fair.Identity, ctx []byte, c [32]byte, shares []fair.Share) []fair.Seal {
	var out []fair.Seal
	for _, sh := range shares {
		out = append(out, ids[sh.Seat].SealShare(ctx, c, sh.Seat, sh.S))
	}
	return out
}

func honestDeal(ids []fair.Identity, r *rng.Rand, epoch int, ctxName string) dealt {
	cx := fair.Context{Game: "toy", Table: make([]byte, 16), Epoch: epoch, Deal: ctxName, Roster: roster(ids)}
	ctx := cx.Bytes()
	h := r.Seed()
	c := fair.Commit(ctx, h)
	var sh []fair.Share
	for i, id := range ids {
		sh = append(sh, id.Contribute(ctx, c, engine.Seat(i), r.Seed()))
	}
	return dealt{cx: cx, c: c, h: h, shares: sh, seals: sealAll(ids, ctx, c, sh), key: fair.Key(ctx, h, sh)}
}

// playToy plays a whole toy game with random moves, feeding auditors of every seat as an honest
// host would, and lets cheat alter what is shown. It returns each seat's verdicts.
func playToy(t *testing.T, seed uint64, seats int, cheat func(epoch int, d *dealt, m *engine.Move)) [][]fair.Result {
	t.Helper()
	r := rng.FromInt(seed)
	ids := identities(seats)
	cfg := engine.Config{Seats: seats, Options: map[string]string{"rounds": "3"}}
	g, _ := toy.Rules{}.New(cfg)
	auds := make([]*fair.Auditor, seats)
	res := make([][]fair.Result, seats)
	for i := range auds {
		auds[i], _ = fair.NewAuditor(toy.Rules{}, cfg, engine.Seat(i))
	}
	show := func(seq int, m *engine.Move) {
		for i, a := range auds {
			if m != nil {
				if err := a.Move(seq, *m); err != nil {
					t.Fatal(err)
				}
			}
			v, _ := json.Marshal(g.View(engine.Seat(i)))
			if err := a.View(seq, fair.Shown{View: v, Legal: g.Legal(engine.Seat(i)), Status: g.Status()}); err != nil {
				t.Fatal(err)
			}
		}
	}
	show(0, nil)
	seq, open := 0, []dealt{}
	reveal := func() {
		for _, d := range open {
			for i, a := range auds {
				res[i] = append(res[i], a.Reveal(d.cx.Epoch, d.h))
			}
		}
		open = nil
	}
	for !g.Status().Over {
		st := g.Status()
		var m engine.Move
		if st.Deal != nil {
			reveal()
			d := honestDeal(ids, r, st.Deal.Epoch, st.Deal.Context)
			for _, a := range auds {
				if err := a.Commit(d.cx, d.c); err != nil {
					t.Fatal(err)
				}
				if err := a.Seals(d.cx.Epoch, d.seals, nil); err != nil {
					t.Fatal(err)
				}
				if err := a.Shares(d.cx.Epoch, d.shares); err != nil {
					t.Fatal(err)
				}
			}
			m = engine.DealMove(d.key)
			if cheat != nil {
				cheat(st.Deal.Epoch, &d, &m)
			}
			open = append(open, d)
		} else {
			l := g.Legal(st.Active[0])
			m = l[r.Intn(len(l))]
		}
		if err := g.Apply(m); err != nil {
			t.Fatal(err)
		}
		seq++
		show(seq, &m)
	}
	reveal()
	return res
}

func TestAuditHonestGames(t *testing.T) {
	for seed := uint64(1); seed <= 30; seed++ {
		res := playToy(t, seed, 2+int(seed%5), nil)
		for s, rs := range res {
			if len(rs) != 3 {
				t.Fatalf("seed %d seat %d: %d verdicts, want 3", seed, s, len(rs))
			}
			for _, r := range rs {
				if !r.Verified || r.Checked == 0 {
					t.Fatalf("seed %d seat %d: %+v", seed, s, r)
				}
			}
		}
	}
}

func TestAuditDetectsDishonestHost(t *testing.T) {
	cases := []struct {
		name  string
		cheat func(epoch int, d *dealt, m *engine.Move)
		want  string
	}{
		{"stacked deck: key not from the deal", func(e int, d *dealt, m *engine.Move) {
			if e == 2 {
				*m = engine.DealMove(seq32(42))
			}
		}, "differs from the deal"},
		{"secret changed after commitment", func(e int, d *dealt, m *engine.Move) {
			if e == 2 {
				d.h[0] ^= 1
			}
		}, "does not match the commitment"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res := playToy(t, 7, 4, tc.cheat)
			for s, rs := range res {
				if !rs[0].Verified {
					t.Fatalf("seat %d: honest deal 1 refused: %+v", s, rs[0])
				}
				if rs[1].Verified || !strings.Contains(rs[1].Problem, tc.want) {
					t.Fatalf("seat %d: deal 2 verdict %+v, want %q", s, rs[1], tc.want)
				}
				if rs[2].Verified {
					t.Fatalf("seat %d: deal 3 verified after a failure", s)
				}
			}
		})
	}
}

func TestAuditRefusesTwoStories(t *testing.T) {
	a, _ := fair.NewAuditor(toy.Rules{}, engine.Config{Seats: 2}, 0)
	if err := a.Move(1, engine.Move{Seat: 0, Kind: "hold"}); err != nil {
		t.Fatal(err)
	}
	if err := a.Move(1, engine.Move{Seat: 0, Kind: "show"}); err == nil {
		t.Fatal("second story about seq 1 accepted")
	}
	if err := a.View(3, fair.Shown{View: []byte(`{"a":1}`)}); err != nil {
		t.Fatal(err)
	}
	if err := a.View(3, fair.Shown{View: []byte(`{"a":2}`)}); err == nil {
		t.Fatal("second view for seq 3 accepted")
	}
	cx := fair.Context{Game: "toy", Epoch: 1}
	if err := a.Commit(cx, seq32(1)); err != nil {
		t.Fatal(err)
	}
	if err := a.Commit(cx, seq32(2)); err == nil {
		t.Fatal("second commitment accepted")
	}
}

// Shares are sealed before any is revealed: the sealed set must cover every contributor, hold
// this seat's own seal, and every revealed share must open its seal.
func TestSeals(t *testing.T) {
	r := rng.FromInt(5)
	ids := identities(3)
	d := honestDeal(ids, r, 1, "round 1")
	ctx := d.cx.Bytes()
	if err := fair.CheckSeals(d.cx, ctx, d.c, d.seals); err != nil {
		t.Fatal(err)
	}
	if err := fair.CheckSeals(d.cx, ctx, d.c, d.seals[1:]); err == nil {
		t.Fatal("a sealed set without seat 0 accepted")
	}
	if err := fair.CheckOpens(ctx, d.c, d.seals, d.shares); err != nil {
		t.Fatal(err)
	}
	ground := append([]fair.Share(nil), d.shares...)
	ground[0] = ids[0].Contribute(ctx, d.c, 0, seq32(77)) // a share chosen after the seals
	if err := fair.CheckOpens(ctx, d.c, d.seals, ground); err == nil || !strings.Contains(err.Error(), "not the one it sealed") {
		t.Fatalf("a share other than the sealed one: %v", err)
	}
	a, _ := fair.NewAuditor(toy.Rules{}, engine.Config{Seats: 3}, 1)
	if err := a.Commit(d.cx, d.c); err != nil {
		t.Fatal(err)
	}
	if err := a.Shares(1, d.shares); err == nil {
		t.Fatal("shares accepted before the sealed set")
	}
	other := ids[1].SealShare(ctx, d.c, 1, seq32(9))
	if err := a.Seals(1, d.seals, &other); err == nil {
		t.Fatal("a sealed set without this seat's own seal accepted")
	}
	own := d.seals[1]
	if err := a.Seals(1, d.seals, &own); err != nil {
		t.Fatal(err)
	}
	if err := a.Shares(1, ground); err == nil {
		t.Fatal("a ground share accepted")
	}
}
