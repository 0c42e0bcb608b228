//go:build !wasm

package main

import (
	"context"
	"flag"
	"fmt"
	"net/http"
	"os"
	ossignal "os/signal"
	"strings"
	"syscall"
	"time"

	"miskatonic/app/relay"
	"miskatonic/app/rtc"
)

func init() {
	commands["relay"] = command{summary: "run only the signaling relay (for a static deployment such as Netlify)", run: runRelay}
}

func runRelay(args []string) error {
	fs := flag.NewFlagSet("relay", flag.ContinueOnError)
	addr := fs.String("addr", "localhost:8081", "address to listen on (host:port; use :8081 for all interfaces)")
	origins := fs.String("origin", "", "comma-separated browser origins allowed besides the relay's own host, e.g. miskatonic.netlify.app (a pattern such as *.netlify.app works too)")
	limits := relayFlags(fs)
	turnCfg := turnFlags(fs)
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	cfg := limits()
	for _, o := range strings.Split(*origins, ",") {
		if o = strings.TrimSpace(o); o != "" {
			// Browsers send "https://host"; coder/websocket matches the host part.
			o = strings.TrimPrefix(strings.TrimPrefix(o, "https://"), "http://")
			cfg.Origins = append(cfg.Origins, strings.TrimRight(o, "/"))
		}
	}
	tc, err := turnCfg()
	if err != nil {
		return err
	}
	if tc != nil {
		tc.Origins, tc.SourceHeader = cfg.Origins, cfg.SourceHeader
	}
	ln, err := listen(*addr)
	if err != nil {
		return err
	}
	rl := relay.NewRelay(cfg)
	defer rl.Close()
	ts, err := startTURN(tc, rl.Hosted)
	if err != nil {
		ln.Close()
		return err
	}
	mux := http.NewServeMux()
	mux.Handle("/signal", rl)
	if ts != nil {
		defer ts.Close()
		mux.Handle(rtc.RelayCredentialsPath, ts)
	}
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/" {
			http.NotFound(w, r)
			return
		}
		fmt.Fprintln(w, "Miskatonic signaling relay. Point the app at ws(s)://this-host/signal.")
	})
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	ctx, stop := ossignal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if len(cfg.Origins) == 0 {
		fmt.Fprintln(os.Stderr, "note: no -origin given; browsers are accepted only from pages served by this host")
	}
	fmt.Printf("miskatonic relay: listening on ws://%s/signal\n", ln.Addr())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	rl.Close() // hijacked WebSocket connections are not closed by Shutdown
	shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	return srv.Shutdown(shut)
}
