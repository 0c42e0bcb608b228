//go:build browser

package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// langOf is the language the page says it is in (<html lang>, set by the app).
func langOf(b *Browser) string {
	l, _ := Eval[string](b, `document.documentElement.lang`)
	return l
}

// waitLang waits until b's page is in language l.
func waitLang(t *testing.T, b *Browser, l string) {
	t.Helper()
	if err := b.Try(poll(fmt.Sprintf(`document.documentElement.lang === %q`, l), 20*time.Millisecond)); err != nil {
		b.Screenshot("lang-" + l)
		t.Fatalf("%s: page language %q, want %q", b.Name, langOf(b), l)
	}
}

// preferLanguages makes b's browser ask for these languages (navigator.languages and the
// Accept-Language header), as a browser set up in that language would on a first visit.
func preferLanguages(t *testing.T, b *Browser, accept string) {
	t.Helper()
	ua, err := Eval[string](b, `navigator.userAgent`)
	if err != nil {
		t.Fatalf("%s: user agent: %v", b.Name, err)
	}
	b.Do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetUserAgentOverride,
			emulation.SetUserAgentOverrideParams{UserAgent: ua, AcceptLanguage: accept})
		return err
	}))
}

// overflowJS lists what spills out of its box: the page scrolling sideways, and buttons or
// headings whose text is wider than they are (clipped or overflowing). Empty when all fits.
const overflowJS = `(() => {
  const out = [];
  const de = document.documentElement;
  if (de.scrollWidth > window.innerWidth + 1) out.push('page scrolls sideways: ' + de.scrollWidth + ' > ' + window.innerWidth);
  document.querySelectorAll('button, .btn, .mk-btn, h1, h2, h3, .seat-name, .badge, label, select').forEach(e => {
    if (!e.offsetParent) return;
    if (e.scrollWidth > e.clientWidth + 2 && getComputedStyle(e).overflowX !== 'visible') out.push('clipped ' + e.tagName + ' "' + e.textContent.trim().slice(0, 40) + '"');
    const r = e.getBoundingClientRect();
    if (r.right > window.innerWidth + 1) out.push('off screen ' + e.tagName + ' "' + e.textContent.trim().slice(0, 40) + '" right=' + Math.round(r.right));
  });
  // A numbered list in a box that clips (a scroll box) needs room at its left for its widest
  // number: "12." showed as "2." in the history and the log once a game ran past nine lines.
  document.querySelectorAll('ol').forEach(o => {
    const first = o.children[0];
    if (!o.offsetParent || !first) return;
    const cs = getComputedStyle(o);
    if (cs.listStyleType !== 'decimal' || cs.listStylePosition !== 'outside') return;
    let box = o;
    while (box && box !== document.body && getComputedStyle(box).overflowX === 'visible') box = box.parentElement;
    if (!box || box === document.body) return;
    const n = o.reversed ? o.children.length : o.start + o.children.length - 1;
    const ctx = document.createElement('canvas').getContext('2d');
    ctx.font = getComputedStyle(first).font;
    const need = ctx.measureText(n + '. ').width;
    const room = first.getBoundingClientRect().left - box.getBoundingClientRect().left - box.clientLeft;
    if (need > room + 1) out.push('list number "' + n + '." clipped: needs ' + Math.round(need) + ' px, has ' + Math.round(room));
  });
  // A table wider than the box holding it sticks out past the panel's edge and padding (unless
  // that box scrolls sideways on purpose, as the replay's round-by-round table does).
  document.querySelectorAll('table').forEach(e => {
    if (!e.offsetParent) return;
    const p = e.parentElement, cs = getComputedStyle(p);
    if (cs.overflowX !== 'visible') return;
    const inner = p.getBoundingClientRect().right - parseFloat(cs.paddingRight) - parseFloat(cs.borderRightWidth);
    const over = e.getBoundingClientRect().right - inner;
    if (over > 1) out.push('table wider than its box by ' + Math.round(over) + ' px: "' + e.textContent.trim().slice(0, 40) + '"');
  });
  return out.join('\n');
})()`

// shotBoth screenshots b's page at phone and at laptop size, checking each for overflow, and
// puts b back at its own size.
func shotBoth(t *testing.T, b *Browser, own Viewport, name string) {
	t.Helper()
	for _, vp := range []struct {
		tag string
		vp  Viewport
	}{{"phone", Phone}, {"laptop", Laptop}} {
		b.Do(chromedp.EmulateViewport(vp.vp.Width, vp.vp.Height, chromedp.EmulateScale(vp.vp.Scale)))
		time.Sleep(150 * time.Millisecond) // let the layout settle
		b.Screenshot(name + "-" + langOf(b) + "-" + vp.tag)
		if bad, _ := Eval[string](b, overflowJS); bad != "" {
			t.Errorf("%s %s at %s size (%s):\n%s", b.Name, name, vp.tag, langOf(b), bad)
		}
	}
	opts := []chromedp.EmulateViewportOption{chromedp.EmulateScale(own.Scale)}
	if own.Mobile {
		opts = append(opts, chromedp.EmulateMobile)
	}
	b.Do(chromedp.EmulateViewport(own.Width, own.Height, opts...))
}

// TestArkhamThreeLanguages: a host reading Japanese, a guest whose browser prefers French and a
// guest in English play one game together. Each page follows its own player's language from the
// first screen to the game over, the switcher changes it without losing the seat, and every
// milestone is photographed at phone and laptop size and checked for text spilling out.
func TestArkhamThreeLanguages(t *testing.T) {
	srv := StartApp(t)
	host := NewBrowser(t, "ja-host", Laptop)
	bea := NewBrowser(t, "fr-bea", Phone)
	cy := NewBrowser(t, "en-cy", Laptop)
	players := []*Browser{host, bea, cy}
	sizes := map[*Browser]Viewport{host: Laptop, bea: Phone, cy: Laptop}
	preferLanguages(t, bea, "fr-FR,fr;q=0.9,en;q=0.5")

	// The host picks Japanese with the switcher on the create-table page.
	host.Open(srv.URL + "/new?game=arkham")
	host.WaitApp()
	chooseOpenDealing(t, host) // the deal checks shown here are engine/table's
	host.WaitVisible("#new-table")
	waitLang(t, host, "en")
	setSelect(host, "#lang-select", "ja")
	waitLang(t, host, "ja")
	host.WaitText("#new-table h1", "テーブルを作る")
	if saved, _ := Eval[string](host, `localStorage.getItem('miskatonic.lang')`); saved != "ja" {
		t.Fatalf("the choice was not remembered: %q", saved)
	}
	typeInto(host, "#player-name", "安")
	host.Click("#open-table")
	host.WaitVisible("#invite-link")
	link, err := Eval[string](host, `document.querySelector('#invite-link').value`)
	if err != nil || !strings.Contains(link, "#/join/") {
		t.Fatalf("invite link %q (%v)", link, err)
	}

	// The French guest is in French from the first screen, without touching anything.
	bea.Open(link)
	bea.WaitApp()
	bea.WaitVisible("#join")
	waitLang(t, bea, "fr")
	bea.WaitText("#join h1", "Vous êtes invité")
	typeInto(bea, "#player-name", "Béa")
	bea.ClickJoin()
	bea.WaitVisible("#lobby")
	joinTable(t, cy, link, "Cy")
	waitLang(t, cy, "en")

	host.WaitText("#lobby .lobby-seats h2", "7席中3人")
	bea.WaitText("#lobby .lobby-seats h2", "3 sur 7")
	cy.WaitText("#lobby .lobby-seats h2", "3 of 7")
	bea.WaitText("#lobby", "joueurs fictifs") // plural: two dummy hands at three players

	// Switching language at the table redraws the page and keeps the seat and the connection.
	setSelect(cy, "#lang-select", "ja")
	waitLang(t, cy, "ja")
	cy.WaitText("#lobby .lobby-seats h2", "7席中3人")
	setSelect(cy, "#lang-select", "en")
	waitLang(t, cy, "en")
	cy.WaitText("#lobby .lobby-seats h2", "3 of 7")

	for _, b := range players {
		shotBoth(t, b, sizes[b], "lobby")
	}
	host.Click("#start")
	for _, b := range players {
		b.WaitVisible(".ark")
		watch(t, b)
	}
	host.WaitText(".ark", "第1ラウンド")
	bea.WaitText(".ark", "Round 1")

	shots := map[string]bool{}
	moves := 0
	deadline := time.Now().Add(12 * time.Minute)
	lastProgress := time.Now()
	for over := 0; time.Now().Before(deadline) && over < len(players); {
		over = 0
		for _, b := range players {
			st := playStepThen(t, b, func(st string) {
				if st == "click:#continue" && !shots["round-end-"+b.Name] {
					shots["round-end-"+b.Name] = true
					shotBoth(t, b, sizes[b], "round-end")
				}
			})
			switch {
			case st == "over":
				over++
			case strings.HasPrefix(st, "click:"):
				moves++
				lastProgress = time.Now()
			}
		}
		if moves >= 4 && !shots["table"] {
			shots["table"] = true
			for _, b := range players {
				shotBoth(t, b, sizes[b], "table")
			}
		}
		if time.Since(lastProgress) > 25*time.Second {
			stuck(t, players)
		}
		checkNoLeak(t, players...)
		time.Sleep(20 * time.Millisecond)
	}
	want := map[*Browser][2]string{
		host: {"儀式は終わった", "新しいラウンドが始まります"},
		bea:  {"Le rituel est terminé", "Un nouveau round commence"},
		cy:   {"The ritual is over", "A new round begins"},
	}
	for _, b := range players {
		b.WaitVisible("#game-over")
		shotBoth(t, b, sizes[b], "game-over")
		if txt := b.Text("#game-over"); !strings.Contains(txt, want[b][0]) {
			t.Errorf("%s: game over reads %q, want %q", b.Name, txt, want[b][0])
		}
		// The log is rendered by each reader from the same events, in the reader's language.
		if txt := b.Text(".log"); !strings.Contains(txt, want[b][1]) {
			t.Errorf("%s: log reads %q, want it to contain %q", b.Name, txt, want[b][1])
		}
	}
	checkNoLeak(t, players...)

	// The remembered language holds on a fresh load of every other page: home, how to play,
	// fair play, not found.
	titles := map[*Browser]string{host: "アーカムリチュアルの遊び方", bea: "Comment jouer à Arkham Ritual", cy: "How to play Arkham Ritual"}
	for _, b := range players {
		l := langOf(b)
		for _, p := range []struct{ path, id string }{{"/", "#home"}, {"/rules/arkham", "#rules"}, {"/fair", "#fair"}, {"/no-such-page", "#notfound"}} {
			b.Open(srv.URL + p.path)
			b.WaitApp()
			b.WaitVisible(p.id)
			waitLang(t, b, l)
			shotBoth(t, b, sizes[b], strings.TrimPrefix(p.id, "#"))
		}
		b.Open(srv.URL + "/rules/arkham")
		b.WaitApp()
		b.WaitText("#rules h1", titles[b])
	}
}
