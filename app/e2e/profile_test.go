//go:build browser

package e2e

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/profiler"
	"github.com/chromedp/chromedp"
)

// mutationCountJS counts the page's DOM changes by kind (attribute by element, its first class
// and the attribute's name, child lists by element and class, text), to see what each update of
// the table touches.
const mutationCountJS = `(() => {
  window.__mut = {};
  new MutationObserver((rs) => { for (const r of rs) {
    const cls = (r.target.className && typeof r.target.className === 'string') ? '.' + r.target.className.split(' ')[0] : '';
    const k = r.type === 'attributes' ? r.target.tagName + cls + '@' + r.attributeName : r.type + ':' + (r.target.tagName ? r.target.tagName + cls : '#text');
    window.__mut[k] = (window.__mut[k] || 0) + 1; } }).observe(document.body, {subtree: true, attributes: true, childList: true, characterData: true});
  return true;
})()`

// profilePages starts Chromium's CPU profiler in each page when E2E_CPU_PROFILE names a
// directory, and returns what stops them and writes one .cpuprofile per page there (open it
// in DevTools' Performance panel; build the wasm without -s -w to see Go's function names).
// Without the variable it does nothing: the profiler slows the pages it watches.
func profilePages(t *testing.T, bs ...*Browser) (stop func(moves int)) {
	dir := os.Getenv("E2E_CPU_PROFILE")
	if dir == "" {
		return func(int) {}
	}
	for _, b := range bs {
		if _, err := Eval[bool](b, mutationCountJS); err != nil {
			t.Fatalf("%s: %v", b.Name, err)
		}
		b.Do(chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
			if _, err := chromedp.Call(ctx, profiler.Enable, cdp.Empty{}); err != nil {
				return err
			}
			if _, err := chromedp.Call(ctx, profiler.SetSamplingInterval, profiler.SetSamplingIntervalParams{Interval: 200}); err != nil {
				return err
			}
			_, err := chromedp.Call(ctx, profiler.Start, cdp.Empty{})
			return err
		}))
	}
	return func(moves int) {
		for _, b := range bs {
			b.Do(chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
				p, err := chromedp.Call(ctx, profiler.Stop, cdp.Empty{})
				if err != nil {
					return err
				}
				raw, err := json.Marshal(p.Profile)
				if err != nil {
					return err
				}
				t.Logf("FIGURE %s page's CPU profile: %s", b.Name, profileStages(p.Profile, moves))
				return os.WriteFile(filepath.Join(dir, b.Name+".cpuprofile"), raw, 0o644)
			}))
		}
		t.Logf("CPU profiles written to %s", dir)
		for _, b := range bs {
			top, _ := Eval[string](b, `Object.entries(window.__mut || {}).sort((a, b) => b[1] - a[1]).slice(0, 30).map(e => e[0] + "=" + e[1]).join(" ")`)
			t.Logf("%s: DOM changes by kind, most first: %s", b.Name, top)
		}
	}
}
