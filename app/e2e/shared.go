//go:build !wasm

package e2e

import (
	"context"
	"fmt"
	"os"
	"sync"
	"testing"

	"github.com/chromedp/chromedp"
)

// One Chromium for many players. Starting a Chromium costs seconds of CPU and a few hundred MB
// on the two-core CI machine, and a five-player game would start five. A browser context
// (Target.createBrowserContext, what an incognito window is) is as separate as a profile for
// everything the app touches: cookies, localStorage, IndexedDB, the HTTP cache and service
// workers; so NewTab gives each player a fresh one in a single shared process. The players still
// talk only through the relay and real WebRTC, each page in its own renderer.
var shared struct {
	mu      sync.Mutex
	ctx     context.Context // the browser's first tab: parent of every player's context
	cancel  func()
	profile string
}

// sharedBrowser starts the shared Chromium on first use.
func sharedBrowser() (context.Context, error) {
	shared.mu.Lock()
	defer shared.mu.Unlock()
	if shared.ctx != nil {
		return shared.ctx, nil
	}
	if _, err := os.Stat(ChromePath()); err != nil {
		return nil, fmt.Errorf("no Chromium at %s (make chromium installs Debian's): %w", ChromePath(), err)
	}
	profile, err := os.MkdirTemp("", "e2e-shared-chromium-")
	if err != nil {
		return nil, err
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(ChromePath()),
		chromedp.UserDataDir(profile),
		chromedp.WindowSize(int(Laptop.Width), int(Laptop.Height)),
		chromedp.Flag("disable-features", "WebRtcHideLocalIpsWithMdns,Translate,MediaRouter"),
	}
	for _, f := range ChromeFlags {
		opts = append(opts, chromedp.Flag(f, true))
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	if err := chromedp.Do(ctx); err != nil { // starts the browser
		cancel()
		cancelAlloc()
		os.RemoveAll(profile)
		return nil, fmt.Errorf("starting the shared Chromium: %w", err)
	}
	shared.ctx, shared.profile = ctx, profile
	shared.cancel = func() {
		cancel()
		cancelAlloc()
		os.RemoveAll(profile)
	}
	return ctx, nil
}

// NewTab is NewBrowser without a process of its own: a fresh browser context with one tab in the
// shared Chromium, disposed of (storage and all) when the test ends. Use it for several-player
// tests; keep NewBrowser where a test needs a whole browser to itself (killing it, flags).
func NewTab(t testing.TB, name string, vp Viewport) *Browser {
	t.Helper()
	parent, err := sharedBrowser()
	if err != nil {
		t.Fatalf("e2e: %v", err)
	}
	ctx, cancel := chromedp.NewContext(parent, chromedp.WithNewBrowserContext())
	t.Cleanup(cancel)
	return attach(t, name, ctx, vp)
}

// CloseShared ends the shared Chromium, if one was started. TestMain calls it after the tests.
func CloseShared() {
	shared.mu.Lock()
	defer shared.mu.Unlock()
	if shared.cancel != nil {
		shared.cancel()
		shared.ctx, shared.cancel = nil, nil
	}
}
