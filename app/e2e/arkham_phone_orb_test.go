//go:build browser

package e2e

import (
	"strings"
	"testing"
	"time"
)

// orbInViewJS: when the page offers the Orb's choice (keep the top card or remove it), every
// one of its buttons and the peeked card lie wholly inside the phone's screen, and nothing
// scrolls sideways. It returns "" when there is no Orb choice, "ok", or what is wrong.
const orbInViewJS = `(() => {
  const btns = [...document.querySelectorAll('.actions button[data-move="orb"]')];
  if (!btns.length || document.querySelector('#continue')) return '';
  const W = document.documentElement.clientWidth, H = innerHeight, bad = [];
  const inside = (el, what) => { const r = el.getBoundingClientRect();
    if (r.left < -0.5 || r.top < -0.5 || r.right > W + 0.5 || r.bottom > H + 0.5) bad.push(what + ' outside ' + JSON.stringify([r.left, r.top, r.right, r.bottom])); };
  btns.forEach((b, i) => inside(b, 'orb button ' + i));
  const peek = document.querySelector('.dock .private.peek');
  if (peek) inside(peek, 'peeked card');
  const dock = document.querySelector('#ark-dock');
  if (dock.scrollWidth > dock.clientWidth + 1) bad.push('the dock scrolls sideways: ' + dock.scrollWidth + ' > ' + dock.clientWidth);
  if (document.documentElement.scrollWidth > W + 1) {
    const path = e => { const p = []; for (let x = e; x && x !== document.body; x = x.parentElement) p.unshift(x.tagName.toLowerCase() + '.' + [...x.classList].join('.')); return p.join('>'); };
    const wide = [...document.querySelectorAll('body *')].filter(e => !e.closest('#ark-dock') && e.getBoundingClientRect().right > W + 1)
      .slice(0, 3).map(e => path(e) + '→' + Math.round(e.getBoundingClientRect().right) + ' ' + e.textContent.slice(0, 40));
    bad.push('the page scrolls sideways (' + wide.join(', ') + ')');
  }
  return bad.length ? bad.join('; ') : 'ok';
})()`

// TestArkhamPhoneOrbInView: a phone (390×844) plays solo Arkham Ritual (in French, the longest
// button words) until it holds the Orb at a round's end; the Orb's two buttons and the peeked
// card are then wholly on screen in the dock, not cut by its edge.
func TestArkhamPhoneOrbInView(t *testing.T) {
	srv := StartApp(t)
	b := NewBrowser(t, "ark-orb", Phone)
	chooseLang(t, b, srv.URL, "fr")
	b.Open(srv.URL + "/solo?game=arkham&pace=fast")
	b.WaitApp()
	b.WaitVisible("#solo-setup")
	typeInto(b, "#player-name", "Annabelle-Marguerite")
	setSelect(b, "#solo-players", "3")
	b.Click("#solo-start")
	b.WaitVisible(".ark")
	orbs := 0
	for end := time.Now().Add(8 * time.Minute); time.Now().Before(end) && orbs < 2; time.Sleep(40 * time.Millisecond) {
		got, err := Eval[string](b, orbInViewJS)
		if err != nil {
			continue
		}
		switch got {
		case "":
		case "ok":
			orbs++
			b.Screenshot("ark-orb-phone")
		default:
			b.Screenshot("ark-orb-phone-cut")
			t.Fatalf("the Orb's choice on a phone: %s", got)
		}
		st := playStep(t, b)
		if st == "over" {
			b.WaitVisible("#play-again")
			b.Click("#play-again")
		}
		if strings.HasPrefix(st, "LEAK") {
			t.Fatal(st)
		}
	}
	if orbs == 0 {
		t.Fatal("never held the Orb at a round's end in 8 minutes")
	}
}
