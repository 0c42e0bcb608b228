package blindtable

import (
	"slices"
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/bot"
	"miskatonic/engine/mask"
)

// TestShiftedTokenOnKnownCard: a page checks a public opening of a card it knows already with
// every proof and against that card (mask.Opening.AddKnown). A host that sequences tokens shifted
// to show another card without checking them (the attacker's one change: it skips its own State)
// still gets the first token's author named by that page — and by a page that does not know the
// card, which proves every token on receipt. Two holders shifting by opposite amounts open the
// right card by the tokens' sum, so only their proofs can name them. An honest page's entries
// pass either way (the game before it).
func TestShiftedTokenOnKnownCard(t *testing.T) {
	for _, c := range []struct {
		name  string
		liars []engine.Seat // the first shifts by +(P0−P1); a second by the opposite
	}{
		{"one holder shifts", []engine.Seat{1}},
		{"two holders shift by opposite amounts", []engine.Seat{1, 2}},
	} {
		t.Run(c.name, func(t *testing.T) { shiftOnKnownCard(t, c.liars) })
	}
}

func shiftOnKnownCard(t *testing.T, liars []engine.Seat) {
	f := newFixture(t, 31, 4, []engine.Seat{0, 1, 2, 3}, nil)
	f.level = bot.LevelRandom
	pages := map[engine.Seat]*Page{}
	for s := range engine.Seat(4) {
		p, err := NewPage(f.pageConfig(s, 0))
		if err != nil {
			t.Fatal(err)
		}
		pages[s] = p
	}
	liar := liars[0]
	for range 100000 {
		progressed := false
		for s := range engine.Seat(4) {
			p := pages[s]
			ins, err := p.Outbox()
			if err != nil {
				t.Fatal(err)
			}
			for _, in := range ins {
				if n, ok := p.st.Head(); ok && in.Kind == KindTokens && s == liar && n.Public {
					knows, blind := engine.Seat(-1), engine.Seat(-1)
					for q := range engine.Seat(4) {
						if slices.Contains(liars, q) {
							continue
						}
						if pages[q].know.Card(pages[q].st.b, n.Handle) != 0 {
							knows = q
						} else {
							blind = q
						}
					}
					fresh := true // no liar's honest token is in yet
					for _, l := range liars {
						fresh = fresh && !pages[0].st.Posted(l)
					}
					if knows >= 0 && blind >= 0 && fresh {
						var tb Tokens
						_ = decode(in, &tb)
						seq := p.st.seq
						var bad []Entry
						for i, l := range liars {
							lp := pages[l]
							tok, _ := lp.key.Token(lp.cfg.Rand, lp.st.d.sc, lp.st.Final()[n.Handle], n.Handle, n.Purpose)
							plus, minus := lp.st.deck.Point(0), lp.st.deck.Point(1)
							if i == 1 {
								plus, minus = minus, plus
							}
							shifted, _ := mask.AddPoints(tok.T, plus)
							tok.T, _ = mask.SubPoints(shifted, minus)
							lb := tb
							lb.Out.Public = &tok
							e := Entry{Seq: seq, In: resign(lp, in, lb)}
							seq++
							if _, err := f.host.Submit(e.In); err == nil {
								t.Fatalf("the honest host sequenced seat %d's shifted public token", l)
							}
							bad = append(bad, e)
						}
						// The dishonest host sends them anyway; then the other holders' tokens.
						for _, e := range bad {
							for q := range engine.Seat(4) {
								_ = pages[q].Apply(e)
							}
						}
						for q := range engine.Seat(4) {
							if slices.Contains(liars, q) || pages[knows].st.Posted(q) {
								continue
							}
							qp := pages[q] // its honest token (its own page has stopped at the verdict)
							tok, _ := qp.key.Token(qp.cfg.Rand, qp.st.d.sc, qp.st.Final()[n.Handle], n.Handle, n.Purpose)
							o := must(Sign(f.ids[q], ConfigID(f.cfg), q, KindTokens, Tokens{Deal: tb.Deal, Need: n.ID, Out: mask.Outgoing{Public: &tok}}))
							e := Entry{Seq: seq, In: o}
							seq++
							for r := range engine.Seat(4) {
								_ = pages[r].Apply(e)
							}
						}
						for _, q := range []engine.Seat{knows, blind} {
							v := pages[q].Verdict()
							if v == nil || v.Seat != liar || v.Code != CodeToken {
								t.Fatalf("page %d (knows the card: %v): verdict %+v, want seat %d's token", q, q == knows, v, liar)
							}
							t.Logf("page %d (knows the card: %v): %v", q, q == knows, v)
						}
						return
					}
				}
				e, err := f.host.Submit(in)
				if err != nil {
					t.Fatal(err)
				}
				for q := range engine.Seat(4) {
					if err := pages[q].Apply(e); err != nil {
						t.Fatalf("page %d: %v", q, err)
					}
				}
				progressed = true
			}
		}
		if pages[0].st.b.Status().Over {
			t.Fatal("no public opening of a card a page knew")
		}
		if !progressed {
			t.Fatal("stalled")
		}
	}
}
