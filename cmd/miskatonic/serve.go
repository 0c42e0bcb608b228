//go:build !wasm

package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"miskatonic/app"
	"miskatonic/app/relay"
	"miskatonic/app/rtc"
	msignal "miskatonic/app/signal"
	"miskatonic/app/turnserver"
)

func init() {
	commands["serve"] = command{summary: "serve the app and the signaling relay (default localhost:8000)", run: runServe}
}

func runServe(args []string) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	addr := fs.String("addr", "localhost:8000", "address to listen on (host:port)")
	web := fs.String("web", "web", "directory holding app.wasm, wasm_exec.js, icons and CSS")
	limits := relayFlags(fs)
	transports := signalFlag(fs, "self")
	ice := iceFlag(fs, "default")
	turnCfg := turnFlags(fs)
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	spec, err := transports()
	if err != nil {
		return err
	}
	rtcCfg, iceSet, err := ice()
	if err != nil {
		return err
	}
	tc, err := turnCfg()
	if err != nil {
		return err
	}
	lim := limits()
	if tc != nil {
		tc.SourceHeader = lim.SourceHeader
		if !iceSet {
			rtcCfg.Credentials = rtc.RelayCredentialsPath // our TURN, for every page we serve
		} else if rtcCfg.Credentials == "" {
			fmt.Fprintln(os.Stderr, "note: -ice names no relay, so the pages will not use this TURN server (add relay to -ice)")
		}
	}
	ln, err := listen(*addr)
	if err != nil {
		return err
	}
	rl := relay.NewRelay(lim)
	defer rl.Close()
	hosted := rl.Hosted
	if !signalsThroughRelay(spec) {
		hosted = nil // the pages meet elsewhere: no room of theirs is ever open here
		if tc != nil && tc.RoomOpen != nil {
			fmt.Fprintln(os.Stderr, "note: -signal names no relay of ours, so TURN credentials go to any room (as -turn-any-room)")
		}
	}
	ts, err := startTURN(tc, hosted)
	if err != nil {
		ln.Close()
		return err
	}
	if ts != nil {
		defer ts.Close()
	}
	pageICE := "" // the page's own default, unless the operator chose
	if iceSet || tc != nil {
		pageICE = iceJSON(rtcCfg)
	}
	srv, err := newServer(*web, rl, spec, pageICE, ts)
	if err != nil {
		ln.Close()
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	fmt.Printf("miskatonic %s: serving http://%s (relay at /signal)\n", app.Version, ln.Addr())
	return serveUntil(ctx, srv, ln)
}

// listen opens addr, turning the usual failures into advice.
func listen(addr string) (net.Listener, error) {
	ln, err := net.Listen("tcp", addr)
	if errors.Is(err, syscall.EADDRINUSE) {
		return nil, fmt.Errorf("cannot listen on %s: the port is already in use (another miskatonic serve or relay?); pick another with -addr", addr)
	}
	if err != nil {
		return nil, fmt.Errorf("cannot listen on %s: %w", addr, err)
	}
	return ln, nil
}

// signalsThroughRelay reports whether pages with transport list spec meet through our relay
// ("" is our relay at /signal), where its rooms show who hosts what.
func signalsThroughRelay(spec string) bool {
	if spec == "" {
		return true
	}
	eps, err := msignal.ParseEndpoints(spec)
	if err != nil {
		return true
	}
	for _, e := range eps {
		if e.Kind == msignal.KindRelay {
			return true
		}
	}
	return false
}

// newServer checks the web directory, then builds the app server with the relay mounted. spec
// is the pages' transport list ("": our relay at /signal), ice their ICE servers (rtc.Config as
// JSON; "": the page's default), and ts (if any) the TURN server whose credentials /turn hands out.
func newServer(web string, rl http.Handler, spec, ice string, ts *turnserver.Server) (*http.Server, error) {
	if err := app.CheckWebDir(web); err != nil {
		return nil, err
	}
	app.RegisterRoutes()
	cfg := app.Config{WebDir: web, RelayURL: spec, ICE: ice}
	if ts != nil {
		cfg.TURN = ts
	}
	h, err := app.NewServer(cfg, rl)
	if err != nil {
		return nil, err
	}
	return &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}, nil
}

// serveUntil serves on ln until ctx ends, then lets requests in flight finish.
func serveUntil(ctx context.Context, srv *http.Server, ln net.Listener) error {
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	return srv.Shutdown(shutdown)
}
