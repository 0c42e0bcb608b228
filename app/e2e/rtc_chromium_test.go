//go:build browser

package e2e

import (
	"context"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestRTCInChromium runs app/rtc's tests that need a real browser (handlers_browser_test.go:
// peer connections opened and closed before ICE gathering ends, every js.Func released once and
// never called after) as wasm in headless Chromium, and fails on the package's verdict or on
// any "call to released function" on the page's console. RTC_WASM names a prebuilt binary
// (GOOS=js GOARCH=wasm go test -c -tags browser -ldflags=-checklinkname=0 ./app/rtc).
//
//	go test -c -tags browser -o bin/e2e.test ./app/e2e/ &&
//	  ../shared/tools/netns-run.sh ./bin/e2e.test -test.run 'TestRTCInChromium$' -test.v
func TestRTCInChromium(t *testing.T) {
	// -checklinkname=0: the test reads syscall/js's table of live functions by linkname.
	bin := buildWasmTest(t, "RTC_WASM", t.TempDir(), "./app/rtc", "-tags", "browser", "-ldflags=-checklinkname=0")
	// A STUN server that never answers keeps the page's gathering going (handlers_browser_test.go).
	silent, err := net.ListenPacket("udp4", net.JoinHostPort(hostAddress(t), "0"))
	if err != nil {
		t.Fatalf("a silent STUN socket: %v", err)
	}
	defer silent.Close()
	url := serveWasmTest(t, bin, []string{"-test.v", "-test.run", "Browser$"}, map[string]string{"RTC_SILENT_STUN": silent.LocalAddr().String()})

	b := NewBrowser(t, "rtcwasm", Laptop)
	ctx, cancel := context.WithTimeout(b.Ctx, 10*time.Minute)
	defer cancel()
	var mu sync.Mutex
	var lines []string
	go func() {
		for m, err := range chromedp.Console(ctx) {
			if err != nil {
				return
			}
			mu.Lock()
			lines = append(lines, m.Text)
			mu.Unlock()
		}
	}()
	if _, err := chromedp.Run(ctx, chromedp.Navigate(url)); err != nil {
		t.Fatalf("opening the test page: %v", err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`window.done`,
		chromedp.WithPollingInterval(time.Second), chromedp.WithPollingTimeout(9*time.Minute))); err != nil {
		t.Fatalf("running app/rtc's tests in Chromium: %v", err)
	}
	code, err := Eval[int](b, `window.exitCode`)
	if err != nil {
		t.Fatal(err)
	}
	// The last lines may still be on their way from the renderer: wait for the verdict line.
	for end := time.Now().Add(10 * time.Second); time.Now().Before(end); time.Sleep(100 * time.Millisecond) {
		mu.Lock()
		n := len(lines)
		last := ""
		if n > 0 {
			last = lines[n-1]
		}
		mu.Unlock()
		if last == "PASS" || strings.HasPrefix(last, "FAIL") || strings.HasPrefix(last, "error") {
			break
		}
	}
	mu.Lock()
	defer mu.Unlock()
	ran := false
	for _, l := range lines {
		t.Log(l)
		if strings.Contains(l, "call to released function") {
			t.Errorf("the page called a released function: %s", l)
		}
		ran = ran || strings.HasPrefix(l, "--- PASS: TestHandlersReleasedBrowser")
	}
	if code != 0 {
		t.Fatalf("app/rtc's browser tests exited %d", code)
	}
	if !ran {
		t.Fatal("TestHandlersReleasedBrowser did not pass (skipped or not run)")
	}
}

// hostAddress is this machine's first IPv4 address off loopback (netns-run.sh's 198.18.0.1):
// Chromium sends STUN from there, never over loopback.
func hostAddress(t *testing.T) string {
	addrs, err := net.InterfaceAddrs()
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range addrs {
		if n, ok := a.(*net.IPNet); ok && n.IP.To4() != nil && !n.IP.IsLoopback() {
			return n.IP.String()
		}
	}
	t.Fatal("no IPv4 address off loopback: run inside ../shared/tools/netns-run.sh")
	return ""
}
