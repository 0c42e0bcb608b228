//go:build !wasm

package main

import (
	"crypto/tls"
	"errors"
	"flag"
	"fmt"
	"net/netip"
	"os"
	"strings"
	"time"

	"miskatonic/app/turnserver"
)

// EnvTURNSecret holds the TURN credentials' secret (coturn's static-auth-secret): an
// environment variable rather than a flag, so it stays out of the process list.
const EnvTURNSecret = "MISKATONIC_TURN_SECRET"

// turnFlags adds the TURN server's flags (for `relay` and `serve`); call the result after
// parsing. It returns nil when no TURN is asked for.
func turnFlags(fs *flag.FlagSet) func() (*turnserver.Config, error) {
	var c turnserver.Config
	listen := fs.String("turn", "", "run a TURN server on this address, UDP and TCP (e.g. :3478); pages get short-lived credentials from /turn")
	tlsAddr := fs.String("turn-tls", "", "also TURN over TLS (turns:) on this address (e.g. :5349), with -turn-cert and -turn-key")
	cert := fs.String("turn-cert", "", "PEM certificate for -turn-tls (its name goes in -turn-host)")
	key := fs.String("turn-key", "", "PEM private key for -turn-tls")
	ip := fs.String("turn-ip", "", "the public address peers reach this machine at (needed when -turn names no address)")
	fs.StringVar(&c.Host, "turn-host", "", "the name of this TURN server in the URLs handed to pages (default -turn-ip; the certificate's name for turns:)")
	urls := fs.String("turn-urls", "", "hand out these TURN URLs (comma-separated) instead of running TURN here: a coturn fleet sharing the secret")
	ports := fs.String("turn-ports", "", "relay port range, e.g. 49152-65535 (default: any)")
	allow := fs.String("turn-allow-peers", "", "comma-separated CIDRs a relay may reach although private, loopback or link-local (default none)")
	anyRoom := fs.Bool("turn-any-room", false, "hand credentials out for any room id, not only rooms open on this relay (pages that signal through public brokers)")
	fs.DurationVar(&c.TTL, "turn-ttl", 6*time.Hour, "how long TURN credentials stay good")
	fs.IntVar(&c.MaxAllocs, "turn-max-allocs", 2000, "TURN allocations at once, all clients together")
	fs.IntVar(&c.RoomAllocs, "turn-room-allocs", 48, "TURN allocations one table's credentials hold at once")
	fs.IntVar(&c.SourceAllocs, "turn-source-allocs", 32, "TURN allocations one client address holds at once")
	fs.IntVar(&c.RoomBandwidth, "turn-room-bps", 512<<10, "bytes per second relayed for one table, both ways")
	fs.IntVar(&c.SourceBandwidth, "turn-source-bps", 512<<10, "bytes per second relayed for one client address, both ways")
	fs.DurationVar(&c.MaxLifetime, "turn-max-lifetime", 12*time.Hour, "longest time one TURN allocation relays")
	fs.IntVar(&c.SourceConns, "turn-source-conns", 32, "TURN TCP/TLS connections from one client address")
	fs.Float64Var(&c.MintsPerMinute, "turn-mints", 30, "TURN credentials handed to one client address per minute")
	return func() (*turnserver.Config, error) {
		if *listen == "" && *tlsAddr == "" && *urls == "" {
			return nil, nil
		}
		c.UDP, c.TCP, c.TLS = *listen, *listen, *tlsAddr
		c.Secret = os.Getenv(EnvTURNSecret)
		if *urls != "" {
			if c.Secret == "" {
				return nil, fmt.Errorf("-turn-urls: the TURN servers named must share a secret: set %s", EnvTURNSecret)
			}
			for _, u := range strings.Split(*urls, ",") {
				if u = strings.TrimSpace(u); u != "" {
					if !strings.HasPrefix(u, "turn:") && !strings.HasPrefix(u, "turns:") {
						return nil, fmt.Errorf("-turn-urls: %q is not a turn: or turns: URL", u)
					}
					c.URLs = append(c.URLs, u)
				}
			}
		}
		if *ip != "" {
			a, err := netip.ParseAddr(*ip)
			if err != nil {
				return nil, fmt.Errorf("-turn-ip: %w", err)
			}
			c.RelayIP = a
		}
		if *tlsAddr != "" {
			if *cert == "" || *key == "" {
				return nil, errors.New("-turn-tls needs -turn-cert and -turn-key")
			}
			kp, err := tls.LoadX509KeyPair(*cert, *key)
			if err != nil {
				return nil, fmt.Errorf("-turn-cert/-turn-key: %w", err)
			}
			c.Certificate = &kp
		}
		if *ports != "" {
			if _, err := fmt.Sscanf(*ports, "%d-%d", &c.MinPort, &c.MaxPort); err != nil {
				return nil, fmt.Errorf("-turn-ports: want MIN-MAX, e.g. 49152-65535")
			}
		}
		for _, p := range strings.Split(*allow, ",") {
			if p = strings.TrimSpace(p); p != "" {
				pfx, err := netip.ParsePrefix(p)
				if err != nil {
					return nil, fmt.Errorf("-turn-allow-peers: %w", err)
				}
				c.AllowPeers = append(c.AllowPeers, pfx)
			}
		}
		if *anyRoom {
			c.RoomOpen = nil
		} else {
			c.RoomOpen = roomCheckPending
		}
		return &c, nil
	}
}

// roomCheckPending marks a config whose caller must put its relay's room check in RoomOpen.
func roomCheckPending(string) bool { return false }

// startTURN starts the TURN server of c (nil: none), checking rooms against hosted (our
// relay's rooms; nil: any room) unless the operator asked for any room.
func startTURN(c *turnserver.Config, hosted func(string) bool) (*turnserver.Server, error) {
	if c == nil {
		return nil, nil
	}
	if c.RoomOpen != nil {
		c.RoomOpen = hosted
	}
	if c.Secret == "" {
		fmt.Fprintf(os.Stderr, "note: no %s set; TURN credentials use a random secret good until this process stops\n", EnvTURNSecret)
	}
	s, err := turnserver.New(*c)
	if err != nil {
		return nil, err
	}
	fmt.Printf("miskatonic: TURN at %s (credentials at /turn)\n", strings.Join(s.URLs(), " "))
	return s, nil
}
