//go:build !wasm

package main

import (
	"flag"
	"time"

	"miskatonic/app/relay"
)

// relayFlags adds the relay's limits to fs (for `relay` and `serve`); call the result after
// parsing. Every default is the relay's own.
func relayFlags(fs *flag.FlagSet) func() relay.Config {
	var c relay.Config
	fs.IntVar(&c.MaxConns, "max-conns", 20000, "connections served at once")
	fs.IntVar(&c.MaxRooms, "max-rooms", 20000, "rooms open at once")
	fs.Float64Var(&c.Rate, "rate", 10, "frames per second one guest may send, sustained (hosts get 4×)")
	fs.IntVar(&c.Burst, "burst", 40, "frames one guest may send at once (hosts get 4×)")
	fs.IntVar(&c.MailboxBytes, "mailbox-bytes", 16<<20, "bytes held for absent hosts, all rooms together")
	fs.DurationVar(&c.HostWait, "host-wait", 30*time.Second, "close a room that has had no host connection for this long")
	fs.DurationVar(&c.ClaimGrace, "claim-grace", 10*time.Minute, "keep a closed room's claim this long for its host")
	fs.DurationVar(&c.IdleTTL, "ttl", 15*time.Minute, "cut off a guest that sends nothing for this long")
	fs.IntVar(&c.SourceConns, "source-conns", 64, "connections from one client address")
	fs.IntVar(&c.SourceRooms, "source-rooms", 16, "rooms one client address may hold claimed")
	fs.Float64Var(&c.SourceClaims, "source-claims", 10, "new rooms per minute from one client address")
	fs.StringVar(&c.SourceHeader, "client-ip-header", "", "behind a proxy: the header carrying the client's address (e.g. X-Forwarded-For)")
	return func() relay.Config { return c }
}
