package replay

import (
	"math/rand/v2"
	"strings"
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/arkham"
	"miskatonic/engine/fair"
)

// The forger (issue 23, item 5): someone who holds a genuine proven record (a real table's
// game, engine/table's TestProvenRecordVerifies) but none of the players' or the host's private
// keys, and wants a record that says something else. Every forgery below must not verify.

// forgerID is a key the forger owns (a fixed seed: the tests are reproducible).
func forgerID(n byte) fair.Identity {
	var seed [32]byte
	seed[0], seed[31] = 0xf0, n
	return fair.NewIdentity(seed)
}

// playOut plays g to its end with seeded random legal moves, appending them to rec and, for
// a seat the forger holds a key for, signing them as that key. A deal the game asks for is
// made from the forger's own secrets, with the forger's keys (ids) as its roster.
func playOut(t *testing.T, r engine.Rules, g engine.Game, rec *engine.Record, ids map[engine.Seat]fair.Identity, rng *rand.Rand) {
	t.Helper()
	roster := make([][]byte, rec.Config.Seats)
	for s := range roster {
		if id, ok := ids[engine.Seat(s)]; ok {
			roster[s] = id.Public()
		}
	}
	for n := 0; !g.Status().Over; n++ {
		if n > 20000 {
			t.Fatal("the forged game never ends")
		}
		var m engine.Move
		if d := g.Status().Deal; d != nil {
			var h [32]byte
			h[0], h[1] = 0x66, byte(d.Epoch)
			cx := fair.Context{Game: r.Name(), Table: rec.Proof.Table, Epoch: d.Epoch, Deal: d.Context, Roster: roster}
			ctx := cx.Bytes()
			c := fair.Commit(ctx, h)
			dp := engine.DealProof{Epoch: d.Epoch, Context: d.Context, Roster: roster, C: c[:], H: h[:]}
			var shares []fair.Share
			for _, s := range cx.Contributors() {
				var sec [32]byte // one array per share: the proof keeps a slice of it
				sec[0], sec[1] = byte(s), byte(d.Epoch)
				id := ids[s]
				sl, sh := id.SealShare(ctx, c, s, sec), id.Contribute(ctx, c, s, sec)
				dp.Seals = append(dp.Seals, engine.ShareProof{Seat: s, S: sl.SC[:], Sig: sl.Sig})
				dp.Shares = append(dp.Shares, engine.ShareProof{Seat: s, S: sec[:], Sig: sh.Sig})
				shares = append(shares, sh)
			}
			rec.Proof.Deals = append(rec.Proof.Deals, dp)
			m = engine.DealMove(fair.Key(ctx, h, shares))
		} else {
			var legal []engine.Move
			for _, s := range g.Status().Active {
				legal = append(legal, g.Legal(s)...)
			}
			if len(legal) == 0 {
				t.Fatalf("no legal move at %+v", g.Status())
			}
			m = legal[rng.IntN(len(legal))]
		}
		if err := g.Apply(m); err != nil {
			t.Fatal(err)
		}
		rec.Moves = append(rec.Moves, m)
		var sig []byte
		if id, ok := ids[m.Seat]; ok && m.Kind != engine.KindDeal {
			sig = id.SignMove(rec.Proof.Table, len(rec.Moves), m)
		}
		rec.Proof.Sigs = append(rec.Proof.Sigs, sig)
	}
}

// lastDeal is the index of the record's last deal move.
func lastDeal(rec engine.Record) int {
	last := -1
	for i, m := range rec.Moves {
		if m.Kind == engine.KindDeal {
			last = i
		}
	}
	return last
}

// TestForgedKeysAndMoves: the forger puts its own keys at every seat, rewrites every move after
// the last deal (the deals stay genuine: it cannot redo their shares), signs them with its own
// keys and sets the winner it wants.
func TestForgedKeysAndMoves(t *testing.T) {
	for _, r := range allRules {
		t.Run(r.Name(), func(t *testing.T) {
			rec := clone(load(t, r.Name()))
			forged := map[engine.Seat]fair.Identity{}
			p := rec.Proof
			p.Keys = append([][]byte(nil), p.Keys...)
			for s := range p.Keys {
				if len(p.Keys[s]) > 0 {
					forged[engine.Seat(s)] = forgerID(byte(s))
					p.Keys[s] = forged[engine.Seat(s)].Public()
				}
			}
			cut := lastDeal(rec) + 1
			rec.Moves, p.Sigs = rec.Moves[:cut], p.Sigs[:min(cut, len(p.Sigs))]
			g, err := engine.Replay(r, Fill(r, rec))
			if err != nil {
				t.Fatal(err)
			}
			playOut(t, r, g, &rec, forged, rand.New(rand.NewPCG(23, 5)))
			if v := Verify(r, rec); v.Verified {
				t.Fatalf("a record re-signed under the forger's keys verifies: %+v", v)
			}
		})
	}
}

// TestForgedFromNothing: a record made up from scratch: the victims' names, every seat
// keyless (so no signature is asked for), deals the forger "commits" to with its own secrets,
// unsealed or sealed with the forger's own key. At best it is a game nobody is shown to have
// played: unproven, never "verified".
func TestForgedFromNothing(t *testing.T) {
	for _, r := range allRules {
		t.Run(r.Name(), func(t *testing.T) {
			real := load(t, r.Name())
			host := forgerID(99)
			for _, c := range []struct {
				name   string
				host   *fair.Identity
				reason string
			}{{"unsealed", nil, ReasonUnsealed}, {"sealed by the forger", &host, ReasonNoKeys}} {
				rec := forgeFromNothing(t, r, real, nil, c.host)
				v := Verify(r, rec)
				if v.Verified || v.Kind != Unproven || v.Reason != c.reason || v.Deals == 0 {
					t.Fatalf("%s: a keyless record made from nothing: %+v, want unproven (%s)", c.name, v, c.reason)
				}
			}
		})
	}
}

// TestForgedFromNothingWithKeys is the limit of any offline check: a forger who makes up a
// whole game with keys of its own at every seat, and seals it as a host holding one of them,
// has a record that checks out. What it cannot have is anyone's fingerprint or the table code
// the real players saw: the replay shows them, so no player recognises it as their game.
func TestForgedFromNothingWithKeys(t *testing.T) {
	for _, r := range allRules {
		t.Run(r.Name(), func(t *testing.T) {
			real := load(t, r.Name())
			ids := map[engine.Seat]fair.Identity{}
			for s := range real.Proof.Keys {
				if len(real.Proof.Keys[s]) > 0 {
					ids[engine.Seat(s)] = forgerID(byte(s))
				}
			}
			host := ids[0]
			rec := forgeFromNothing(t, r, real, ids, &host)
			v, genuine := Verify(r, rec), Verify(r, real)
			if !v.Verified {
				t.Fatalf("the forger's own game does not check out (the test is wrong): %+v", v)
			}
			if v.Code == genuine.Code {
				t.Fatalf("the forged game shows the real table code %s", v.Code)
			}
			for s, k := range rec.Proof.Keys {
				for _, g := range real.Proof.Keys {
					if len(k) > 0 && fair.Fingerprint(k) == fair.Fingerprint(g) {
						t.Fatalf("seat %d of the forged game shows a real player's fingerprint", s)
					}
				}
			}
		})
	}
}

// forgeFromNothing makes a whole record: the real record's game, setup and names, a table id
// of the forger's, deals from the forger's secrets, random legal play to the end. With ids
// given, every non-bot seat of real gets one of the forger's keys and signs; with host given,
// the forger seals it as the host (Seal).
func forgeFromNothing(t *testing.T, r engine.Rules, real engine.Record, ids map[engine.Seat]fair.Identity, host *fair.Identity) engine.Record {
	t.Helper()
	rec := engine.Record{Game: real.Game, Version: real.Version, Config: real.Config, Names: append([]string(nil), real.Names...),
		Proof: &engine.Proof{Table: []byte("the forger's own table id......")}}
	roster := make([][]byte, real.Config.Seats)
	for s := range roster {
		if id, ok := ids[engine.Seat(s)]; ok {
			roster[s] = id.Public()
		}
	}
	rec.Proof.Keys = roster
	g, err := r.New(rec.Config)
	if err != nil {
		t.Fatal(err)
	}
	playOut(t, r, g, &rec, ids, rand.New(rand.NewPCG(23, 6)))
	if host != nil {
		Seal(*host, &rec)
	}
	return rec
}

// TestForgedSwappedNames: the same game, with two players' names swapped: the loser becomes
// the winner.
func TestForgedSwappedNames(t *testing.T) {
	for _, r := range allRules {
		t.Run(r.Name(), func(t *testing.T) {
			rec := clone(load(t, r.Name()))
			rec.Names = append([]string(nil), rec.Names...)
			rec.Names[0], rec.Names[1] = rec.Names[1], rec.Names[0]
			if v := Verify(r, rec); v.Verified {
				t.Fatalf("a record with two names swapped verifies: %+v", v)
			}
		})
	}
}

// TestForgedOptions: the same moves under another setup, wherever the rules still accept them.
func TestForgedOptions(t *testing.T) {
	tried := 0
	for _, r := range allRules {
		base := load(t, r.Name())
		for _, o := range r.Options() {
			for _, choice := range o.Choices {
				was, ok := base.Config.Options[o.Key]
				if !ok {
					was = o.Default
				}
				if choice == was {
					continue
				}
				rec := clone(base)
				rec.Config.Options = map[string]string{}
				for k, v := range base.Config.Options {
					rec.Config.Options[k] = v
				}
				rec.Config.Options[o.Key] = choice
				if _, err := engine.Replay(r, rec); err != nil {
					continue // the rules refuse these moves under that setup anyway
				}
				tried++
				if v := Verify(r, rec); v.Verified {
					t.Errorf("%s: the record verifies with option %s=%s (was %s): %+v", r.Name(), o.Key, choice, base.Config.Options[o.Key], v)
				}
			}
		}
	}
	if tried == 0 {
		t.Fatal("no option change replays: nothing was tried")
	}
	t.Logf("%d option changes that still replay tried", tried)
}

// TestForgedReseal: the forger takes a genuine record, changes the names (or nothing), and
// seals it again with its own key. Sealed by a key that held no seat, it is unproven; put at
// a seat to look seated, that seat's players' signatures no longer match.
func TestForgedReseal(t *testing.T) {
	for _, r := range allRules {
		t.Run(r.Name(), func(t *testing.T) {
			host := forgerID(77)
			rec := clone(load(t, r.Name()))
			rec.Names = append([]string(nil), rec.Names...)
			rec.Names[0], rec.Names[1] = rec.Names[1], rec.Names[0]
			Seal(host, &rec)
			if v := Verify(r, rec); v.Verified || v.Kind != Unproven || v.Reason != ReasonHostUnseated {
				t.Fatalf("re-sealed by an unseated key: %+v", v)
			}
			rec.Proof.Keys = append([][]byte(nil), rec.Proof.Keys...)
			rec.Proof.Keys[0] = host.Public()
			Seal(host, &rec)
			if v := Verify(r, rec); v.Verified || v.Kind == Verified {
				t.Fatalf("re-sealed by a key put at seat 0: %+v", v)
			}
			// At a bot's seat, with the bot's (public) moves signed afresh by the forger.
			rec = clone(load(t, r.Name()))
			bot := -1
			for s, k := range rec.Proof.Keys {
				if len(k) == 0 {
					bot = s
				}
			}
			if bot < 0 {
				return // no bot at this table
			}
			rec.Names = append([]string(nil), rec.Names...)
			rec.Names[0], rec.Names[bot] = rec.Names[bot], rec.Names[0]
			rec.Proof.Keys = append([][]byte(nil), rec.Proof.Keys...)
			rec.Proof.Keys[bot] = host.Public()
			for i, m := range rec.Moves {
				if m.Seat == engine.Seat(bot) && m.Kind != engine.KindDeal {
					rec.Proof.Sigs[i] = host.SignMove(rec.Proof.Table, i+1, m)
				}
			}
			Seal(host, &rec)
			if v := Verify(r, rec); v.Verified || v.Kind == Verified {
				t.Fatalf("re-sealed by a key put at the bot's seat %d: %+v", bot, v)
			}
		})
	}
}

// TestForgedSeal: edits to the seal itself and to what it covers, the final head included.
func TestForgedSeal(t *testing.T) {
	for _, r := range allRules {
		base := load(t, r.Name())
		// rechain sets Seq and Head to the chain of the record as it now is (the forger can
		// compute a head; it cannot sign one).
		rechain := func(rec *engine.Record) {
			sig := rec.Proof.Seal
			Seal(forgerID(1), rec)
			rec.Proof.Host, rec.Proof.Seal = base.Proof.Host, sig
		}
		cases := []struct {
			name string
			edit func(rec *engine.Record)
			kind Kind
			want string
		}{
			{"the head covers one move fewer", func(rec *engine.Record) { rec.Proof.Seq-- }, Failed, "sealed a game of"},
			{"the head covers one move more", func(rec *engine.Record) { rec.Proof.Seq++ }, Failed, "sealed a game of"},
			{"the last move cut, the head recomputed", func(rec *engine.Record) {
				rec.Moves = rec.Moves[:len(rec.Moves)-1]
				rec.Proof.Sigs = rec.Proof.Sigs[:len(rec.Moves)]
				rechain(rec)
			}, Failed, "not finished"},
			{"a move added after the end, the head recomputed", func(rec *engine.Record) {
				rec.Moves = append(rec.Moves, rec.Moves[len(rec.Moves)-1])
				rec.Proof.Sigs = append(rec.Proof.Sigs, rec.Proof.Sigs[len(rec.Proof.Sigs)-1])
				rechain(rec)
			}, Failed, ""},
			{"the head changed", func(rec *engine.Record) {
				rec.Proof.Head = append([]byte(nil), rec.Proof.Head...)
				rec.Proof.Head[3] ^= 1
			}, Failed, "not the ones the host sealed"},
			{"the host key changed", func(rec *engine.Record) { rec.Proof.Host = forgerID(5).Public() }, Failed, ""},
			{"the seal signature dropped", func(rec *engine.Record) { rec.Proof.Seal = nil }, Failed, "no host's seal"},
			{"a signed move marked as a stand-in's, the signature dropped", func(rec *engine.Record) {
				i := firstMove(t, *rec, 0)
				rec.Proof.Sigs[i] = nil
				rec.Proof.StandIns = []int{i + 1}
			}, Failed, "seal does not cover"},
			{"a deal marked as a stand-in's", func(rec *engine.Record) { rec.Proof.StandIns = []int{dealAt(*rec, 1) + 1} }, Failed, "no seat made it"},
			{"a key changed at a bot's or player's seat", func(rec *engine.Record) {
				rec.Proof.Keys = append([][]byte(nil), rec.Proof.Keys...)
				rec.Proof.Keys[len(rec.Proof.Keys)-1] = forgerID(6).Public()
			}, Failed, ""},
			{"a seat's key dropped (made a bot)", func(rec *engine.Record) {
				rec.Proof.Keys = append([][]byte(nil), rec.Proof.Keys...)
				rec.Proof.Keys[1] = nil
			}, Failed, "seal does not cover"},
			{"the whole seal stripped", func(rec *engine.Record) {
				p := rec.Proof
				p.Host, p.Seal, p.Head, p.Seq, p.StandIns = nil, nil, nil, 0, nil
			}, Unproven, "before signed rosters"},
		}
		for _, c := range cases {
			t.Run(r.Name()+"/"+c.name, func(t *testing.T) {
				rec := clone(base)
				c.edit(&rec)
				v := Verify(r, rec)
				if v.Verified || v.Kind != c.kind || !strings.Contains(v.Problem, c.want) {
					t.Fatalf("verdict %+v, want %s saying %q", v, c.kind, c.want)
				}
			})
		}
	}
}

// TestPlayersShowWhoSealed: the page's list of who sat where names each seat's fingerprint,
// marks the host's seat and the table code, all only as the verdict found them.
func TestPlayersShowWhoSealed(t *testing.T) {
	rec := load(t, "arkham")
	w := Players(rec, Verify(arkham.Rules{}, rec))
	if w.Code == "" || w.Host == "" || len(w.Seats) != rec.Config.Seats || !w.Seats[0].Host || w.Seats[1].Host {
		t.Fatalf("%+v", w)
	}
	if w.Seats[0].Fingerprint != w.Host || len(w.Host) != 11 || w.Seats[0].Name != rec.Names[0] {
		t.Fatalf("host %q, seat 0 %+v", w.Host, w.Seats[0])
	}
	bots := 0
	for s, sw := range w.Seats {
		if len(rec.Proof.Keys[s]) == 0 {
			bots++
			if sw.Fingerprint != "" {
				t.Fatalf("a bot's seat with a fingerprint: %+v", sw)
			}
		}
	}
	if bots == 0 {
		t.Fatal("the fixture has no bot: nothing shows a keyless seat")
	}
	old := load(t, "arkham-v1")
	if w := Players(old, Verify(arkham.Rules{}, old)); w.Code != "" || w.Host != "" {
		t.Fatalf("an unsealed record shows a code or a host: %+v", w)
	}
}
