//go:build browser

package e2e

import (
	"context"
	"strings"
	"testing"
	"time"

	"miskatonic/app/i18n"
	"miskatonic/app/rtc"
	"miskatonic/app/signal"
	"miskatonic/engine"
	"miskatonic/engine/games"
	"miskatonic/engine/table"
	"miskatonic/engine/table/tabletest"
	"miskatonic/engine/wire"
)

// stackedRules is a dishonest host's game: it deals its own key for the first deal instead of
// the one every player's share makes, so what it shows is not the deal it committed to. The
// rest is the real game and the real table.
type stackedRules struct{ engine.Rules }

func (r stackedRules) New(cfg engine.Config) (engine.Game, error) {
	g, err := r.Rules.New(cfg)
	if err != nil {
		return nil, err
	}
	return &stackedGame{Game: g}, nil
}

type stackedGame struct{ engine.Game }

func (g *stackedGame) Apply(m engine.Move) error {
	if st := g.Game.Status(); m.Kind == engine.KindDeal && st.Deal != nil && st.Deal.Epoch == 1 {
		m = engine.DealMove([32]byte{6, 6, 6})
	}
	return g.Game.Apply(m)
}

func (g *stackedGame) Clone() engine.Game { return &stackedGame{Game: g.Game.Clone()} }

// dishonestHost opens a table of game in this process (the real table.Host over real WebRTC
// through the app's relay) with bots in every seat but one, and returns its invite link.
func dishonestHost(t *testing.T, srvURL, game string, opts map[string]string) (*table.Host, string) {
	t.Helper()
	rules, ok := games.Lookup(game)
	if !ok {
		t.Fatalf("no game %s", game)
	}
	lo, _ := rules.Seats()
	var bots []string
	for i := 0; i < max(lo, 3)-1; i++ {
		bots = append(bots, []string{"Ann", "Bob", "Cy"}[i%3])
	}
	h := tabletest.NewHost(t, stackedRules{rules}, table.HostConfig{Options: opts, BotDelay: 30 * time.Millisecond}, bots...)
	inv, err := signal.NewInvite()
	if err != nil {
		t.Fatal(err)
	}
	seatNativeGuests(t, srvURL, inv, h, nil)
	return h, inv.Guest().Link(srvURL)
}

// TestDishonestHostStopsTheTable: for every game, a host whose deal is not the one it committed
// to plays with an honest guest in a browser until the deal is revealed (a round's end or the
// game's); the guest's screen stops the table with a red banner that says, in the guest's
// language, that the deal failed, whose fault it is, and offers the proof and the way out.
func TestDishonestHostStopsTheTable(t *testing.T) {
	srv := StartApp(t)
	cases := []struct {
		game string
		lang i18n.Lang
		vp   Viewport
		opts map[string]string
		step func(t *testing.T, b *Browser) string
	}{
		{game: "highcard", lang: i18n.English, vp: Laptop, step: hcStep},
		{game: "arkham", lang: i18n.English, vp: Phone, step: playStep},
		{game: "rituals", lang: i18n.Japanese, vp: Laptop, step: func(_ *testing.T, b *Browser) string { return ritStep(b) }},
		{game: "shadows", lang: i18n.French, vp: Phone, opts: map[string]string{"length": "short"},
			step: func(_ *testing.T, b *Browser) string { return shStep(b) }},
	}
	for _, c := range cases {
		t.Run(c.game, func(t *testing.T) {
			h, link := dishonestHost(t, srv.URL, c.game, c.opts)
			b := NewBrowser(t, "guest-"+c.game, c.vp)
			if c.lang != i18n.English {
				region := map[i18n.Lang]string{i18n.Japanese: "ja-JP", i18n.French: "fr-FR"}[c.lang]
				preferLanguages(t, b, region+","+string(c.lang)+";q=0.9,en;q=0.5")
			}
			joinTable(t, b, link, "Dee")
			for end := time.Now().Add(30 * time.Second); ; time.Sleep(100 * time.Millisecond) {
				if err := h.Start(); err == nil {
					break
				} else if time.Now().After(end) {
					t.Fatalf("the table never started: %v", err)
				}
			}
			// The guest plays as any player would until its page finds the deal was not fair.
			for end := time.Now().Add(6 * time.Minute); ; time.Sleep(40 * time.Millisecond) {
				if failed, _ := Eval[bool](b, `!!document.querySelector('#deal-failed')`); failed {
					break
				}
				if time.Now().After(end) {
					b.Screenshot(c.game + "-no-verdict")
					t.Fatal("the failed deal was never shown")
				}
				c.step(t, b)
			}
			time.Sleep(300 * time.Millisecond) // the banner's own drawing settles
			b.Screenshot(c.game + "-deal-failed")
			text := b.Text("#deal-failed")
			for _, w := range []string{i18n.In(c.lang, "frame.stop_title"), i18n.Why(c.lang, wire.DealMismatch, nil, ""),
				i18n.In(c.lang, "frame.fault_host"), i18n.In(c.lang, "frame.export"), i18n.In(c.lang, "frame.leave")} {
				if !strings.Contains(text, w) {
					t.Errorf("the banner lacks %q: %s", w, text)
				}
			}
			if kind, _ := Eval[string](b, `document.querySelector('#deal-failed').dataset.kind`); kind != wire.DealMismatch {
				t.Errorf("failure kind %q", kind)
			}
			// It stays: the table is stopped (no move offered), with the banner on screen.
			time.Sleep(2 * time.Second)
			if n, _ := Eval[int](b, `document.querySelectorAll('#deal-failed').length`); n != 1 {
				t.Error("the banner went away")
			}
			if stopped, _ := Eval[string](b, `document.querySelector('#frame').dataset.stopped`); stopped != "yes" {
				t.Errorf("the table is not stopped: %q", stopped)
			}
			if href, _ := Eval[string](b, `document.querySelector('#proof-export').getAttribute('href')`); !strings.HasPrefix(href, "data:application/json;base64,") {
				t.Errorf("no proof to save: %.60q", href)
			}
			// It outlives the page: reloaded, the page stops the table again, the banner in view
			// without scrolling, on a phone as on a laptop.
			b.Reload()
			b.WaitVisible("#deal-failed")
			if top, _ := Eval[float64](b, `document.querySelector('#deal-failed').getBoundingClientRect().top`); top < 0 || top > 400 {
				t.Errorf("the banner is out of view after a reload (top %v)", top)
			}
			b.Screenshot(c.game + "-deal-failed-reloaded")
		})
	}
}

// hcStep keeps a high card and swaps a low one (High Card's board).
func hcStep(_ *testing.T, b *Browser) string {
	st, _ := Eval[string](b, `(() => {
	  const keep = document.querySelector('#hc-keep'), swap = document.querySelector('#hc-swap');
	  if (!keep || !swap) return 'wait';
	  const own = parseInt(document.querySelector('#hc-prompt').textContent.match(/\d+/)[0], 10);
	  (own > 5 ? keep : swap).click();
	  return 'moved';
	})()`)
	return st
}

// seatNativeGuests hands every guest who answers inv on the relay at srvURL to the native host
// h, each link through wrap (nil: as it is) — the attacker's change, where a test has one.
func seatNativeGuests(t *testing.T, srvURL string, inv signal.Invite, h *table.Host, wrap func(table.Conn) table.Conn) {
	t.Helper()
	relay, err := signal.RelayURL(srvURL)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	l, err := rtc.Listen(ctx, relay, inv, rtc.Config{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	go func() {
		for j := range l.Joiners() {
			go func(j *rtc.Joiner) {
				actx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
				defer cancel()
				c, err := j.Accept(actx)
				if err != nil {
					return
				}
				var g table.Conn = c
				if wrap != nil {
					g = wrap(c)
				}
				if err := h.AddGuest(g); err != nil {
					c.Close()
				}
			}(j)
		}
	}()
}
