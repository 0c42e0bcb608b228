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

// profilePages starts Chromium's CPU profiler in each page when E2E_CPU_PROFILE names a
// directory, and returns what stops them and writes one .cpuprofile per page there (open it
// in DevTools' Performance panel; build the wasm without -s -w to see Go's function names).
// Without the variable it does nothing: the profiler slows the pages it watches.
func profilePages(t *testing.T, bs ...*Browser) (stop func()) {
	dir := os.Getenv("E2E_CPU_PROFILE")
	if dir == "" {
		return func() {}
	}
	for _, b := range bs {
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
	return func() {
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
				return os.WriteFile(filepath.Join(dir, b.Name+".cpuprofile"), raw, 0o644)
			}))
		}
		t.Logf("CPU profiles written to %s", dir)
	}
}
