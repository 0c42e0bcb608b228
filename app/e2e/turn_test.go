//go:build browser

package e2e

import (
	"net"
	"net/netip"
	"testing"

	"miskatonic/app"
	"miskatonic/app/relay"
	"miskatonic/app/turnserver"
)

// namespaceIP is this machine's first non-loopback IPv4 address (netns-run.sh's 198.18.0.1).
func namespaceIP(t *testing.T) netip.Addr {
	t.Helper()
	addrs, err := net.InterfaceAddrs()
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range addrs {
		if p, err := netip.ParsePrefix(a.String()); err == nil && p.Addr().Is4() && !p.Addr().IsLoopback() {
			return p.Addr()
		}
	}
	t.Skip("no non-loopback IPv4 address: run inside ../shared/tools/netns-run.sh")
	return netip.Addr{}
}

// TestJoinThroughTURN: pages served as `serve -turn` serves them, told to use relay candidates
// only, ask /turn for their table's credentials with the browser's fetch (under the CSP) and
// seat a guest through our TURN server: Chromium's own TURN client against pion's server.
func TestJoinThroughTURN(t *testing.T) {
	ip := namespaceIP(t)
	rl := relay.NewRelay(relay.Config{})
	t.Cleanup(func() { rl.Close() })
	ts, err := turnserver.New(turnserver.Config{
		UDP: netip.AddrPortFrom(ip, 0).String(), TCP: netip.AddrPortFrom(ip, 0).String(),
		RoomOpen: rl.Hosted,
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ts.Close() })
	app.RegisterRoutes()
	h, err := app.NewServer(app.Config{WebDir: WebDir(t), ICE: `{"credentials":"/turn","relay_only":true}`, TURN: ts}, rl)
	if err != nil {
		t.Fatal(err)
	}
	srv := start(t, h)
	host := NewBrowser(t, "turn-host", Laptop)
	guest := NewBrowser(t, "turn-guest", Phone)

	link := hostTable(t, host, srv.URL, "Ann")
	total, click := joinTable(t, guest, link, "Bea")
	host.WaitText("#lobby .lobby-seats h2", "2 of 7")
	t.Logf("FIGURE invite link → seated through TURN (relay candidates only): %v from opening the link, %v from clicking join", total.Round(1e6), click.Round(1e6))
	st := ts.Stats()
	if st.CredentialsMade < 2 || st.RelayedBytes == 0 || st.Rooms != 1 {
		t.Fatalf("the guest was not seated through TURN with the table's credentials: %+v", st)
	}
	t.Logf("TURN: %+v", st)
	for _, b := range []*Browser{host, guest} {
		if v := cspViolations(b); len(v) > 0 {
			t.Errorf("%s: CSP blocked: %v", b.Name, v)
		}
	}
}
