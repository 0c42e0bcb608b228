//go:build browser

package e2e

import (
	"bytes"
	"context"
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/andybalholm/brotli"
)

// startMinimal builds testdata/minimal (a first go-app + pion app) for the browser and for the
// server with the flags `make wasm` uses, and serves it like ours (brotli app.wasm) behind a
// Server, so Stop cuts it off as it does ours.
func startMinimal(t *testing.T) (*Server, int64) {
	t.Helper()
	dir := t.TempDir()
	web := filepath.Join(dir, "web")
	if err := os.MkdirAll(web, 0o755); err != nil {
		t.Fatal(err)
	}
	src := filepath.Join(RepoRoot(t), "app", "e2e", "testdata", "minimal")
	build := func(out string, env ...string) {
		cmd := exec.Command("go", "build", "-trimpath", "-ldflags", "-s -w", "-o", out, ".")
		cmd.Dir, cmd.Env = src, append(os.Environ(), env...)
		if b, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("build minimal app: %v\n%s", err, b)
		}
	}
	build(filepath.Join(web, "app.wasm"), "GOOS=js", "GOARCH=wasm")
	build(filepath.Join(dir, "minimal"))
	for from, to := range map[string]string{"wasm_exec.js": "wasm_exec.js", "icon-192.png": "icon.png"} {
		b, err := os.ReadFile(filepath.Join(WebDir(t), from))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(web, to), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// Brotli at a middle quality: the top one takes many minutes for this 20 MB file on a busy
	// machine, and over loopback a few hundred kilobytes more cost nothing measurable.
	wasm, err := os.ReadFile(filepath.Join(web, "app.wasm"))
	if err != nil {
		t.Fatal(err)
	}
	var br bytes.Buffer
	w := brotli.NewWriterLevel(&br, 5)
	if _, err := w.Write(wasm); err != nil || w.Close() != nil {
		t.Fatalf("brotli: %v", err)
	}
	if err := os.WriteFile(filepath.Join(web, "app.wasm.br"), br.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	ctx, cancel := context.WithCancel(context.Background())
	// go-app serves ./web at /web/ by default: run the server beside it.
	cmd := exec.CommandContext(ctx, filepath.Join(dir, "minimal"), "-addr", addr, "-web", "web")
	cmd.Dir = dir
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cancel(); _ = cmd.Wait() })
	for end := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if r, err := http.Get("http://" + addr + "/"); err == nil {
			r.Body.Close()
			break
		}
		if time.Now().After(end) {
			t.Fatal("the minimal app's server did not answer")
		}
	}
	u, _ := url.Parse("http://" + addr)
	t.Logf("minimal app.wasm: %d B raw, %d B brotli (quality 5)", len(wasm), br.Len())
	return start(t, httputil.NewSingleHostReverseProxy(u)), int64(len(wasm))
}

// startTimes measures, in fresh browsers, cold load-to-home, warm (cached) reload and offline
// reload (service worker, server cut off) of the app at srv.
func startTimes(t *testing.T, srv *Server, runs int) (cold, warm, offline []time.Duration) {
	t.Helper()
	for i := 0; i < runs; i++ {
		b := NewBrowser(t, "cold", Laptop)
		b.Do()
		start := time.Now()
		b.Open(srv.URL + "/")
		b.WaitApp()
		b.WaitVisible("#home")
		cold = append(cold, time.Since(start))
	}
	b := NewBrowser(t, "warm", Laptop)
	b.Open(srv.URL + "/")
	b.WaitApp()
	// go-app's own worker takes control only from the next load (ours claims the page at once):
	// reload until a worker controls the page, or measure no offline start.
	controlled := false
	for i := 0; i < 5 && !controlled; i++ {
		time.Sleep(time.Second)
		b.Reload()
		b.WaitApp()
		controlled, _ = Eval[bool](b, `!!(navigator.serviceWorker && navigator.serviceWorker.controller)`)
	}
	for i := 0; i < runs; i++ {
		start := time.Now()
		b.Reload()
		b.WaitApp()
		b.WaitVisible("#home")
		warm = append(warm, time.Since(start))
	}
	srv.Stop()
	if !controlled {
		t.Logf("%s: no service worker took control: no offline start", srv.URL)
		return cold, warm, nil
	}
	for i := 0; i < runs; i++ {
		start := time.Now()
		b.Reload()
		b.WaitApp()
		b.WaitVisible("#home")
		offline = append(offline, time.Since(start))
	}
	return cold, warm, offline
}

// TestStartAgainstMinimal measures our start times beside those of the first go-app + pion app
// anyone would write (testdata/minimal), in the same run and harness. Log lines only: speed is
// never asserted. First run (2 cores, load average ~30, so absolute times are several-fold
// inflated): ours/minimal cold 9.78/7.45 s = 1.31×, warm 3.04/2.75 s = 1.10×, offline
// 4.45/3.47 s = 1.28×; app.wasm 13.8 MB vs 19.7 MB (the minimal one links go-app's server too).
func TestStartAgainstMinimal(t *testing.T) {
	// A measurement, not a behaviour: it builds a second 20 MB wasm and loads both apps 15 times,
	// minutes of CI for figures only. Run it when working on start times.
	if os.Getenv("E2E_START_FIGURES") == "" {
		t.Skip("set E2E_START_FIGURES=1 to measure start times against a minimal go-app + pion app")
	}
	const runs = 5
	minSrv, minSize := startMinimal(t)
	ours := StartApp(t)
	st, err := os.Stat(filepath.Join(WebDir(t), "app.wasm"))
	if err != nil {
		t.Fatal(err)
	}
	mc, mw, mo := startTimes(t, minSrv, runs)
	oc, ow, oo := startTimes(t, ours, runs)
	med := func(ds []time.Duration) time.Duration {
		if len(ds) == 0 {
			return 0
		}
		return median(ds)
	}
	ratio := func(a, b []time.Duration) float64 { return float64(med(a)) / float64(max(med(b), 1)) }
	t.Logf("FIGURE app.wasm raw: ours %d B, minimal go-app + pion %d B", st.Size(), minSize)
	t.Logf("FIGURE start, median of %d (ours / minimal = ratio): cold %v / %v = %.2f×; warm %v / %v = %.2f×; offline %v / %v = %.2f×", runs,
		med(oc), med(mc), ratio(oc, mc), med(ow), med(mw), ratio(ow, mw), med(oo), med(mo), ratio(oo, mo))
	t.Logf("runs: ours cold %v warm %v offline %v; minimal cold %v warm %v offline %v", oc, ow, oo, mc, mw, mo)
}
