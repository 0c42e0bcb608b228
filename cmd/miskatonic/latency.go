//go:build !wasm

package main

import (
	"context"
	"flag"
	"fmt"

	"miskatonic/app/latency"
)

func init() {
	commands["latency"] = command{summary: "measure a move's path through a real table over pion data channels, stage by stage", run: runLatency}
}

func runLatency(args []string) error {
	fs := flag.NewFlagSet("latency", flag.ContinueOnError)
	game := fs.String("game", "arkham", "game to play ("+gameNames()+")")
	guests := fs.Int("guests", 2, "seats over pion data channels besides the host's own seat")
	moves := fs.Int("moves", 200, "moves to measure")
	pings := fs.Int("pings", 200, "raw data-channel messages to measure")
	pingBytes := fs.Int("ping-bytes", 64, "size of a raw message (a view frame is about 2 KB)")
	seed := fs.Uint64("seed", 1, "seed of the bots and the table")
	if err := fs.Parse(args); err != nil {
		return err
	}
	rep, err := latency.Measure(context.Background(), latency.Config{Game: *game, Guests: *guests, Moves: *moves, Pings: *pings, PingBytes: *pingBytes, Seed: *seed})
	if rep != nil {
		for _, l := range rep.Lines() {
			fmt.Println(l)
		}
	}
	return err
}
