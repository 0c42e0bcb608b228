package blindtable

import (
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/bot"
	"miskatonic/engine/mask"
)

// TestShiftedTokenOnKnownCard: a page checks a public opening of a card it knows already with
// every proof and against that card (mask.Opening.AddKnown). A host that sequences a token shifted to show
// another card without checking it (the attacker's one change: it skips its own State) still
// gets the token's author named by that page — and by a page that does not know the card, which
// proves every token on receipt. An honest page's entries pass either way (the game before it).
func TestShiftedTokenOnKnownCard(t *testing.T) {
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
	const liar = engine.Seat(1)
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
						if pages[q].know.Card(pages[q].st.b, n.Handle) != 0 {
							knows = q
						} else if q != liar {
							blind = q
						}
					}
					if knows >= 0 && knows != liar && blind >= 0 {
						tok, _ := p.key.Token(p.cfg.Rand, p.st.d.sc, p.st.Final()[n.Handle], n.Handle, n.Purpose)
						shifted, _ := mask.AddPoints(tok.T, p.st.deck.Point(0))
						tok.T, _ = mask.SubPoints(shifted, p.st.deck.Point(1))
						var tb Tokens
						_ = decode(in, &tb)
						tb.Out.Public = &tok
						bad := Entry{Seq: p.st.seq, In: resign(p, in, tb)}
						if _, err := f.host.Submit(bad.In); err == nil {
							t.Fatal("the honest host sequenced a shifted public token")
						}
						// The dishonest host sends it anyway; then the other holders' tokens.
						for q := range engine.Seat(4) {
							_ = pages[q].Apply(bad)
						}
						seq := bad.Seq + 1
						for q := range engine.Seat(4) {
							if q == liar || pages[knows].st.Posted(q) {
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
