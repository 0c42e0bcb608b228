//go:build !wasm

package main

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"os"
	ossignal "os/signal"
	"strings"
	"syscall"
	"time"

	"miskatonic/app/rtc"
	"miskatonic/app/signal"
	"miskatonic/engine"
	"miskatonic/engine/bot"
	"miskatonic/engine/fair"
	"miskatonic/engine/games"
	"miskatonic/engine/table"
)

func init() {
	commands["bot"] = command{summary: "join a table by its invite link and play a seat with a bot", run: runBot}
}

func runBot(args []string) error {
	fs := flag.NewFlagSet("bot", flag.ContinueOnError)
	join := fs.String("join", "", "invite link (https://HOST/#/join/ROOM.SECRET) — required")
	relayURL := fs.String("relay", "", "relay address (default: wss://HOST/signal from the link)")
	name := fs.String("name", "Bot", "name shown at the table")
	level := fs.String("level", bot.LevelRandom, "bot level: "+strings.Join([]string{bot.LevelRandom, bot.LevelHeuristic, bot.LevelSearch}, ", "))
	seed := fs.Uint64("seed", 0, "bot seed (0: random)")
	loopback := fs.Bool("loopback", false, "connect over loopback only (host on this machine, no network)")
	stun := fs.String("stun", "stun:stun.l.google.com:19302", "STUN server (empty for none)")
	turn := fs.String("turn", "", "TURN server, e.g. turn:turn.example:3478 (optional)")
	turnUser := fs.String("turn-user", "", "TURN user name")
	turnPass := fs.String("turn-pass", "", "TURN credential")
	wait := fs.Duration("wait", 2*time.Minute, "how long to wait for the host to let us in")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *join == "" || fs.NArg() > 0 {
		return errors.New("usage: miskatonic bot -join 'https://HOST/#/join/ROOM.SECRET' [flags]")
	}
	inv, err := signal.ParseInvite(*join)
	if err != nil {
		return err
	}
	if *relayURL == "" {
		if !strings.Contains(*join, "://") {
			return errors.New("the invite has no host to find the relay at; pass -relay wss://HOST/signal")
		}
		if *relayURL, err = signal.RelayURL(strings.SplitN(*join, "#", 2)[0]); err != nil {
			return err
		}
	}
	if bot.Canonical(*level) == "" {
		return fmt.Errorf("unknown bot level %q", *level)
	}
	ice := rtc.Config{Loopback: *loopback}
	if *stun != "" && !*loopback {
		ice.Servers = append(ice.Servers, rtc.ICEServer{URLs: []string{*stun}})
	}
	if *turn != "" {
		ice.Servers = append(ice.Servers, rtc.ICEServer{URLs: []string{*turn}, Username: *turnUser, Credential: *turnPass})
	}
	if *seed == 0 {
		var b [8]byte
		rand.Read(b[:])
		*seed = binary.LittleEndian.Uint64(b[:])
	}
	var idSeed [32]byte
	rand.Read(idSeed[:])

	ctx, stop := ossignal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	dial := func(ctx context.Context) (*rtc.Conn, error) {
		dctx, cancel := context.WithTimeout(ctx, *wait)
		defer cancel()
		return rtc.Dial(dctx, *relayURL, inv, *name, ice)
	}
	fmt.Printf("bot: joining room %s through %s\n", inv.Room, *relayURL)
	conn, err := dial(ctx)
	if err != nil {
		return fmt.Errorf("joining: %w", err)
	}
	g, err := table.NewGuest(conn, table.GuestConfig{
		Name: *name, Identity: fair.NewIdentity(idSeed), Rand: rand.Reader, Rules: games.Lookup,
	})
	if err != nil {
		return err
	}
	defer g.Close()
	fmt.Println("bot: connected; waiting for the game to start")

	// Redial whenever the link drops; the table gives the seat back to our identity key.
	go func() {
		reconnect := func(nc *rtc.Conn) {
			fmt.Println("bot: link lost; reconnected")
			g.Reconnect(nc)
		}
		if err := rtc.Redial(ctx, conn, dial, reconnect, func() bool { return g.State().Status.Over }); err != nil {
			fmt.Fprintf(os.Stderr, "bot: %v\n", err)
			stop()
		}
	}()

	var play bot.Func
	chooser := func(v engine.View, legal []engine.Move) (engine.Move, error) {
		if play == nil {
			st := g.State()
			if play, err = bot.New(st.Game, *level, *seed); err != nil {
				return engine.Move{}, err
			}
			fmt.Printf("bot: playing %s as seat %d (%s bot)\n", st.Game, st.Seat, bot.Canonical(*level))
		}
		return play(v, legal)
	}
	out, err := g.Autoplay(ctx, chooser, nil, nil)
	if err != nil {
		if st := g.State(); st.Dropped != nil {
			return fmt.Errorf("the host dropped us: %+v", *st.Dropped)
		}
		return err
	}
	fmt.Printf("bot: game over (%s); winners %v\n", out.Reason, out.Winners)
	return nil
}
