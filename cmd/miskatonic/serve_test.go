//go:build !wasm

package main

import (
	"context"
	"flag"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"miskatonic/app/relay"
)

// webDir makes a web directory holding every file the server checks for.
func webDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for _, f := range []string{"app.wasm", "wasm_exec.js", "icon.svg", "icon-192.png", "icon-512.png", "base.css"} {
		if err := os.WriteFile(filepath.Join(dir, f), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestServeRefusesBadStarts(t *testing.T) {
	busy, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer busy.Close()
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"busy port", []string{"-addr", busy.Addr().String(), "-web", webDir(t)}, "already in use"},
		{"bad address", []string{"-addr", "nonsense:port:1", "-web", webDir(t)}, "cannot listen on nonsense:port:1"},
		{"no built app", []string{"-addr", "127.0.0.1:0", "-web", t.TempDir()}, "make wasm"},
		{"stray argument", []string{"extra"}, "unexpected argument"},
		{"unknown flag", []string{"-port", "80"}, "flag provided but not defined"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := runServe(c.args)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("runServe(%q) = %v, want an error mentioning %q", c.args, err, c.want)
			}
		})
	}
}

func TestServeServesAndStops(t *testing.T) {
	ln, err := listen("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv, err := newServer(webDir(t), relay.New(relay.Config{}), "", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- serveUntil(ctx, srv, ln) }()
	for path, want := range map[string]int{"/": 200, "/nowhere": 404, "/signal": http.StatusNotImplemented} {
		resp, err := http.Get("http://" + ln.Addr().String() + path)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		// The relay is a placeholder answering 501 until it lands; any answer but 404 shows it
		// is mounted.
		if path == "/signal" && resp.StatusCode != http.StatusNotFound {
			continue
		}
		if resp.StatusCode != want {
			t.Errorf("GET %s: %d, want %d", path, resp.StatusCode, want)
		}
	}
	cancel()
	if err := <-done; err != nil {
		t.Errorf("shutdown: %v", err)
	}
}

func TestStaticAndSizeArguments(t *testing.T) {
	if err := runStatic([]string{"-web", t.TempDir(), "-out", filepath.Join(t.TempDir(), "d")}); err == nil || !strings.Contains(err.Error(), "make wasm") {
		t.Errorf("static without a built app: %v", err)
	}
	if err := runSize([]string{filepath.Join(t.TempDir(), "none.wasm")}); err == nil {
		t.Error("size of a missing file: no error")
	}
	if err := runSize([]string{"a", "b"}); err == nil {
		t.Error("size with two files: no error")
	}
	f := filepath.Join(t.TempDir(), "f")
	os.WriteFile(f, []byte(strings.Repeat("abc", 1000)), 0o644)
	if err := runSize([]string{f}); err != nil {
		t.Errorf("size: %v", err)
	}
}

// TestRelayFlags: the relay's limits are the operator's to tune, from `relay` and `serve` alike.
func TestRelayFlags(t *testing.T) {
	fs := flag.NewFlagSet("relay", flag.ContinueOnError)
	limits := relayFlags(fs)
	if err := fs.Parse([]string{"-rate", "2.5", "-burst", "7", "-source-conns", "3", "-client-ip-header", "X-Forwarded-For", "-host-wait", "5s"}); err != nil {
		t.Fatal(err)
	}
	c := limits()
	if c.Rate != 2.5 || c.Burst != 7 || c.SourceConns != 3 || c.SourceHeader != "X-Forwarded-For" || c.HostWait != 5*time.Second {
		t.Fatalf("limits %+v", c)
	}
}
