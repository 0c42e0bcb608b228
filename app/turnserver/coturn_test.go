//go:build !wasm

package turnserver_test

import (
	"bytes"
	"fmt"
	"net"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"miskatonic/app/rtc"
	"miskatonic/app/turnserver"
)

// coturnBin is Debian's coturn (apt-get install coturn).
const coturnBin = "/usr/bin/turnserver"

// freePort finds a port free for both UDP and TCP on loopback.
func freePort(t *testing.T) int {
	t.Helper()
	for i := 0; i < 20; i++ {
		l, err := net.Listen("tcp4", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		port := l.Addr().(*net.TCPAddr).Port
		u, err := net.ListenPacket("udp4", fmt.Sprintf("127.0.0.1:%d", port))
		l.Close()
		if err == nil {
			u.Close()
			return port
		}
	}
	t.Fatal("no free port")
	return 0
}

// startCoturn runs coturn on a free loopback port with the TURN REST secret, as an operator
// who outgrew one machine would (use-auth-secret, static-auth-secret), loopback peers allowed
// for the test. It returns the port.
func startCoturn(t *testing.T, secret string) int {
	t.Helper()
	if _, err := os.Stat(coturnBin); err != nil {
		t.Skipf("coturn is not installed (%s missing; apt-get install coturn): %v", coturnBin, err)
	}
	port := freePort(t)
	minPort := freePort(t)
	var log bytes.Buffer
	cmd := exec.Command(coturnBin, "-n",
		"--listening-ip=127.0.0.1", fmt.Sprintf("--listening-port=%d", port),
		"--relay-ip=127.0.0.1", fmt.Sprintf("--min-port=%d", minPort), fmt.Sprintf("--max-port=%d", minPort+50),
		"--use-auth-secret", "--static-auth-secret="+secret, "--realm=miskatonic",
		"--allow-loopback-peers", "--no-cli", "--no-tls", "--no-dtls",
		"--log-file=stdout", "--simple-log", "--no-software-attribute",
		"--pidfile="+t.TempDir()+"/turnserver.pid",
	)
	cmd.Stdout, cmd.Stderr = &log, &log
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting coturn: %v", err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
		if t.Failed() {
			t.Logf("coturn's log:\n%s", log.String())
		}
	})
	// Ready once it answers TCP on its port.
	for i := 0; ; i++ {
		c, err := net.DialTimeout("tcp", fmt.Sprintf("127.0.0.1:%d", port), time.Second)
		if err == nil {
			c.Close()
			break
		}
		if i > 100 {
			t.Fatalf("coturn did not come up: %v\n%s", err, log.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
	return port
}

// TestCoturnTakesOurCredentials: credentials minted by our relay (turnserver.Mint, the same
// secret) work on Debian's coturn, for a data channel between two pion peers that may use
// relay candidates only, over UDP and TCP; expired ones do not.
func TestCoturnTakesOurCredentials(t *testing.T) {
	const secret = "shared between our relay and the coturn fleet"
	port := startCoturn(t, secret)
	user, pass := turnserver.Mint(secret, "roomOnCoturn", time.Now().Add(time.Hour))
	for _, transport := range []string{"udp", "tcp"} {
		t.Run(transport, func(t *testing.T) {
			cfg := rtc.Config{
				Servers:   []rtc.ICEServer{{URLs: []string{fmt.Sprintf("turn:127.0.0.1:%d?transport=%s", port, transport)}, Username: user, Credential: pass}},
				RelayOnly: true, Loopback: true,
			}
			if err := connectRelayed(t, cfg, cfg); err != nil {
				t.Fatal(err)
			}
		})
	}
	t.Run("expired", func(t *testing.T) {
		u, p := turnserver.Mint(secret, "roomOnCoturn", time.Now().Add(-time.Minute))
		if c, err := allocate(t, fmt.Sprintf("127.0.0.1:%d", port), u, p); err == nil {
			c.relay.Close()
			t.Fatal("coturn took expired credentials")
		}
	})
	t.Run("fresh, with a pion client", func(t *testing.T) {
		c := mustAllocate(t, fmt.Sprintf("127.0.0.1:%d", port), user, pass)
		if !strings.HasPrefix(c.relay.LocalAddr().String(), "127.0.0.1:") {
			t.Fatalf("relayed address %s", c.relay.LocalAddr())
		}
	})
}
