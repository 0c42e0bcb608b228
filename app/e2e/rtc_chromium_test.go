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

	"miskatonic/app/turnserver"
)

// TestRTCInChromium runs app/rtc's tests that need a real browser (handlers_browser_test.go:
// peer connections opened and closed before ICE gathering ends, every js.Func released once and
// never called after; turnrefusal_browser_test.go: a TURN server refusing the page's own
// credentials is what the failure says) as wasm in headless Chromium, and fails on the package's verdict or on
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
	// A real TURN server (pion/turn, ours) for TestTURNRefusedBrowser: the table's right
	// credentials, and ones minted under another secret that it answers with 401.
	ts, err := turnserver.New(turnserver.Config{UDP: net.JoinHostPort(hostAddress(t), "0")})
	if err != nil {
		t.Fatalf("a TURN server: %v", err)
	}
	defer ts.Close()
	creds := ts.Credentials("rtc-browser-test")
	_, badPass := turnserver.Mint("another secret", "rtc-browser-test", time.Now().Add(time.Hour))
	url := serveWasmTest(t, bin, []string{"-test.v", "-test.run", "Browser$"}, map[string]string{
		"RTC_SILENT_STUN": silent.LocalAddr().String(),
		"RTC_TURN_URL":    ts.URLs()[0], "RTC_TURN_USER": creds.Username, "RTC_TURN_PASS": creds.Password, "RTC_TURN_BADPASS": badPass,
	})

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
	passed := map[string]bool{}
	for _, l := range lines {
		t.Log(l)
		if strings.Contains(l, "call to released function") {
			t.Errorf("the page called a released function: %s", l)
		}
		for _, one := range strings.Split(l, "\n") { // a test's verdict comes with its subtests'
			if name, ok := strings.CutPrefix(strings.TrimSpace(one), "--- PASS: "); ok {
				passed[strings.Fields(name)[0]] = true
			}
		}
	}
	if code != 0 {
		t.Fatalf("app/rtc's browser tests exited %d", code)
	}
	for _, name := range []string{"TestHandlersReleasedBrowser", "TestTURNRefusedBrowser",
		"TestTURNRefusedBrowser/right_credentials", "TestTURNRefusedBrowser/wrong_credentials", "TestTURNRefusedBrowser/no_TURN_server"} {
		if !passed[name] {
			t.Errorf("%s did not pass (skipped or not run)", name)
		}
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
