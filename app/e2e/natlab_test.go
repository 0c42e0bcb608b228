//go:build browser

package e2e

import (
	"bufio"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"miskatonic/app/natlab"
)

// The NAT lab in the browser (issue 22): the lab's small internet (app/natlab/testdata/net.sh,
// from ../shared/tools/natlab) with both home routers symmetric, `miskatonic serve` on its
// "internet" and a Chromium behind each router. chromedp drives each Chromium over the pipe
// chromedp opens by default (--remote-debugging-pipe): the pipe's file descriptors go with the
// process into its network namespace, where no TCP port of ours could reach.

const labServer = "203.0.113.10" // nat-pub's address, where the lab's servers listen

// TestNATBrowsers: a Chromium host (nat-h) and a Chromium guest (nat-g), each behind a
// symmetric NAT (no direct path can open: ../shared/tools/natlab/README.md), join by the
// invite link and play an Arkham game (with a bot, three seats) to the end by clicking:
// through our serve's TURN, then with TURN off through the relayed fallback. The host's roster
// must name the path each time.
func TestNATBrowsers(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("the NAT lab needs root (network namespaces)")
	}
	for _, tool := range []string{"ip", "iptables", "conntrack"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("the NAT lab needs %s (apt-get install iproute2 iptables conntrack)", tool)
		}
	}
	root := RepoRoot(t)
	bin := filepath.Join(root, "bin", "miskatonic")
	if _, err := os.Stat(bin); err != nil {
		t.Fatalf("the NAT lab serves the app with %s: make build (make browser-test does): %v", bin, err)
	}
	web := WebDir(t)
	unlock, err := natlab.Lock()
	if err != nil {
		t.Fatalf("natlab lock: %v", err)
	}
	t.Cleanup(unlock)
	netsh := filepath.Join(root, "app", "natlab", "testdata", "net.sh")
	lab := func(args ...string) {
		t.Helper()
		if out, err := exec.Command("bash", append([]string{netsh}, args...)...).CombinedOutput(); err != nil {
			t.Fatalf("net.sh %v: %v\n%s", args, err, out)
		}
	}
	lab("up")
	t.Cleanup(func() { exec.Command("bash", netsh, "down").Run() })
	lab("nat", "rh", "sym")
	lab("nat", "rg", "sym")

	for _, m := range []struct {
		name, path string
		flags      []string
	}{
		// The lab's internet is TEST-NET-3, which our TURN server refuses to relay to unless told.
		{"TURN", "turn", []string{"-turn", labServer + ":3478", "-turn-allow-peers", "203.0.113.0/24"}},
		// No ICE server at all: host candidates only, which cannot cross the two NATs.
		{"relayed", "relayed", []string{"-ice", "none"}},
	} {
		t.Run(m.name, func(t *testing.T) {
			url := labServe(t, bin, web, m.flags)
			natGame(t, url, m.path)
		})
	}
}

// labServe runs `miskatonic serve` on the lab's internet until the test ends; it returns the
// app's URL.
func labServe(t *testing.T, bin, web string, flags []string) string {
	t.Helper()
	addr := labServer + ":8000"
	args := append([]string{"netns", "exec", "nat-pub", bin, "serve", "-addr", addr, "-web", web}, flags...)
	cmd := exec.Command("ip", args...)
	out, _ := cmd.StdoutPipe()
	cmd.Stderr = cmd.Stdout
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})
	lines := make(chan string, 16)
	go func() {
		for sc := bufio.NewScanner(out); sc.Scan(); {
			lines <- sc.Text()
		}
		close(lines)
	}()
	var said []string
	for timeout := time.After(30 * time.Second); ; {
		select {
		case l, ok := <-lines:
			if !ok {
				t.Fatalf("serve ended: %s", strings.Join(said, "\n"))
			}
			said = append(said, l)
			if strings.Contains(l, "serving http://") {
				go func() {
					for range lines {
					}
				}()
				return "http://" + addr
			}
		case <-timeout:
			t.Fatalf("serve did not start: %s", strings.Join(said, "\n"))
		}
	}
}

// natGame seats a guest behind the guest's NAT at a table hosted behind the host's, checks
// the host's roster shows the link's path, and plays the game to the end.
func natGame(t *testing.T, url, path string) {
	host := labBrowser(t, "nat-h", "host", Laptop, url)
	guest := labBrowser(t, "nat-g", "guest", Laptop, url)
	link := hostTable(t, host, url, "Ann")
	total, click := joinTable(t, guest, link, "Bea")
	host.WaitText("#lobby .lobby-seats h2", "2 of 7")
	host.WaitVisible(`.link-path[data-path="` + path + `"]`)
	t.Logf("FIGURE symmetric NAT both sides, %s: invite link → seated %v (%v from clicking join)", path, total.Round(time.Millisecond), click.Round(time.Millisecond))
	host.Click("#add-bot")
	host.WaitText("#lobby .lobby-seats h2", "3 of 7")
	host.Click("#start")
	players := []*Browser{host, guest}
	for _, b := range players {
		b.WaitVisible(".ark")
		watch(t, b)
	}
	began := time.Now()
	lat := playNATGame(t, players)
	if len(lat) == 0 {
		t.Fatal("no move was measured")
	}
	t.Logf("FIGURE symmetric NAT both sides, %s: game over in %v; move → both browsers' views n=%d p50=%v p99=%v max=%v", path,
		time.Since(began).Round(time.Millisecond), len(lat),
		pct(lat, .5).Round(time.Millisecond), pct(lat, .99).Round(time.Millisecond), pct(lat, 1).Round(time.Millisecond))
	// The whole game on that one path: the host's page says each time the guest's link comes
	// up, and how.
	links := 0
	for _, l := range host.Logs() {
		if _, how, ok := strings.Cut(l, "session: Bea connected ("); ok {
			links++
			if !strings.HasPrefix(how, path+")") {
				t.Errorf("the guest's link came up (%s, not through %s", how, path)
			}
		}
	}
	if links != 1 {
		t.Errorf("the guest's link came up %d times, want once", links)
	}
}

// playNATGame clicks the players' moves until both pages show the game over, and returns for
// each move clicked the time until both pages showed it.
func playNATGame(t *testing.T, players []*Browser) []time.Duration {
	var lat []time.Duration
	deadline := time.Now().Add(3 * time.Minute)
	lastProgress := time.Now()
	for over := 0; over < len(players); {
		if time.Now().After(deadline) || time.Since(lastProgress) > 40*time.Second {
			stuck(t, players)
		}
		over = 0
		progressed := false
		for _, b := range players {
			before := seqOf(b)
			st := playStep(t, b)
			switch {
			case st == "over":
				over++
			case strings.HasPrefix(st, "click:[data-e2e") && before >= 0:
				click, _ := Eval[float64](b, `window.__click || 0`)
				var worst float64
				for _, o := range players {
					seen := 0.0
					for end := time.Now().Add(15 * time.Second); seen == 0 && time.Now().Before(end); {
						if seen = seenAt(o, before+1); seen == 0 {
							time.Sleep(5 * time.Millisecond)
						}
					}
					worst = max(worst, seen-click)
				}
				if click > 0 && worst > 0 {
					lat = append(lat, time.Duration(worst*float64(time.Millisecond)))
				}
				progressed = true
			case strings.HasPrefix(st, "click:"):
				progressed = true
			}
		}
		checkNoLeak(t, players...)
		if progressed {
			lastProgress = time.Now()
		} else {
			time.Sleep(20 * time.Millisecond)
		}
	}
	for _, b := range players {
		b.WaitVisible("#game-over")
	}
	return lat
}

// labBrowser starts a Chromium inside network namespace ns (fresh profile, the flags every
// test browser has), closed when the test ends. The lab's server is plain http on a public
// address: Chromium is told to treat it as the secure origin a deployment would be.
func labBrowser(t *testing.T, ns, name string, vp Viewport, origin string) *Browser {
	t.Helper()
	if _, err := os.Stat(ChromePath()); err != nil {
		t.Fatalf("e2e: no Chromium at %s (make chromium installs Debian's): %v", ChromePath(), err)
	}
	ip, err := exec.LookPath("ip")
	if err != nil {
		t.Fatal(err)
	}
	profile := t.TempDir()
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(ChromePath()),
		chromedp.UserDataDir(profile),
		chromedp.WindowSize(int(vp.Width), int(vp.Height)),
		chromedp.Flag("disable-features", "WebRtcHideLocalIpsWithMdns,Translate,MediaRouter"),
		chromedp.Flag("unsafely-treat-insecure-origin-as-secure", origin),
		// Started as `ip netns exec NS chromium …`: ip enters the namespace and execs Chromium
		// in place (same process, the debugging pipe's descriptors kept). It dies with us.
		chromedp.ModifyCmdFunc(func(cmd *exec.Cmd) {
			cmd.Args = append([]string{"ip", "netns", "exec", ns}, cmd.Args...)
			cmd.Path = ip
			cmd.Err = nil
			if cmd.SysProcAttr == nil {
				cmd.SysProcAttr = new(syscall.SysProcAttr)
			}
			cmd.SysProcAttr.Pdeathsig = syscall.SIGKILL
		}),
	}
	for _, f := range ChromeFlags {
		opts = append(opts, chromedp.Flag(f, true))
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(func() {
		cancel()
		cancelAlloc()
	})
	return attach(t, name, ctx, vp)
}
