//go:build browser

package e2e

import (
	"os"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"

	"github.com/chromedp/chromedp"
)

// procTree lists process pid and all its descendants (Linux /proc; none elsewhere).
func procTree(pid int) []int {
	entries, _ := os.ReadDir("/proc")
	parent := map[int]int{}
	for _, e := range entries {
		n, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if f := statFields(filepath.Join("/proc", e.Name(), "stat")); f != nil {
			parent[n], _ = strconv.Atoi(f[1])
		}
	}
	var out []int
	for n := range parent {
		for p := n; p > 0; p = parent[p] {
			if p == pid {
				out = append(out, n)
				break
			}
		}
	}
	return out
}

// killBrowser kills b's Chromium as a phone's system kills a browser it needs the memory of:
// every process of it stopped at once (no page, renderer or network process gets to send a
// last frame: no data channel close, no SCTP abort, no DTLS alert), then killed. Its pages'
// links just go silent.
func killBrowser(t *testing.T, b *Browser) {
	t.Helper()
	pr := chromedp.FromContext(b.Ctx).Browser.Process()
	if pr == nil {
		t.Fatalf("%s: no browser process to kill", b.Name)
	}
	tree := procTree(pr.Pid)
	for _, sig := range []syscall.Signal{syscall.SIGSTOP, syscall.SIGKILL} {
		for _, n := range tree {
			_ = syscall.Kill(n, sig)
		}
	}
}
