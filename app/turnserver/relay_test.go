//go:build !wasm

package turnserver_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"miskatonic/app/rtc"
	"miskatonic/app/signal"
	"miskatonic/app/turnserver"
)

func start(t *testing.T, cfg turnserver.Config) *turnserver.Server {
	t.Helper()
	s, err := turnserver.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// onlyTransport keeps the URL of one transport ("udp", "tcp").
func onlyTransport(servers []rtc.ICEServer, transport string) []rtc.ICEServer {
	var out []rtc.ICEServer
	for _, s := range servers {
		for _, u := range s.URLs {
			if strings.HasSuffix(u, "?transport="+transport) {
				c := s
				c.URLs = []string{u}
				out = append(out, c)
			}
		}
	}
	return out
}

// connectRelayed connects two real pion peers that may use relay candidates only, passing the
// two codes between them (the code path needs no signaling), and checks a frame each way.
func connectRelayed(t *testing.T, hostCfg, guestCfg rtc.Config) error {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 25*time.Second)
	defer cancel()
	pass, err := signal.NewPass()
	if err != nil {
		t.Fatal(err)
	}
	off, err := rtc.NewOfferCode(ctx, hostCfg, pass)
	if err != nil {
		return err
	}
	defer off.Cancel()
	ans, err := rtc.NewAnswerCode(ctx, guestCfg, pass, off.Code)
	if err != nil {
		return err
	}
	host, err := off.Finish(ctx, ans.Code)
	if err != nil {
		return err
	}
	defer host.Close()
	guest, err := ans.Wait(ctx)
	if err != nil {
		return err
	}
	defer guest.Close()
	if err := guest.Send([]byte("through the relay")); err != nil {
		return err
	}
	if f, err := host.Recv(); err != nil || string(f) != "through the relay" {
		t.Fatalf("host got %q %v", f, err)
	}
	if err := host.Send([]byte("and back")); err != nil {
		return err
	}
	if f, err := guest.Recv(); err != nil || string(f) != "and back" {
		t.Fatalf("guest got %q %v", f, err)
	}
	return nil
}

// TestRelayedDataChannel: two pion peers that may use nothing but TURN candidates open a data
// channel through our server, over UDP and over TCP.
func TestRelayedDataChannel(t *testing.T) {
	srv := start(t, turnserver.LoopbackConfig())
	for _, transport := range []string{"udp", "tcp"} {
		t.Run(transport, func(t *testing.T) {
			before := srv.Stats().RelayedBytes
			servers := onlyTransport(srv.ICEServers("room-A"), transport)
			if len(servers) != 1 {
				t.Fatalf("no %s URL in %v", transport, srv.URLs())
			}
			cfg := rtc.Config{Servers: servers, RelayOnly: true, Loopback: true}
			if err := connectRelayed(t, cfg, cfg); err != nil {
				t.Fatal(err)
			}
			st := srv.Stats()
			if st.RelayedBytes <= before {
				t.Fatalf("nothing relayed: %+v", st)
			}
			t.Logf("%s: %+v (pion holds %d allocations)", transport, st, srv.Allocations())
		})
	}
}
