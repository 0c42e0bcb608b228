//go:build !wasm

package turnserver

import (
	"net"
	"net/netip"
)

// deniedPeers are the ranges a TURN allocation may not reach unless Config.AllowPeers names
// them: a TURN server inside a network is a classic way into it (the server's own loopback
// services, the cloud's metadata service at 169.254.169.254, the operator's private network).
// Documentation and benchmarking ranges are not here: they lead nowhere on the internet, and
// test networks (natlab, the browser tests' namespace) use them as public addresses.
var deniedPeers = []netip.Prefix{
	netip.MustParsePrefix("0.0.0.0/8"),      // "this network"
	netip.MustParsePrefix("10.0.0.0/8"),     // RFC 1918
	netip.MustParsePrefix("100.64.0.0/10"),  // carrier-grade NAT (RFC 6598)
	netip.MustParsePrefix("127.0.0.0/8"),    // loopback
	netip.MustParsePrefix("169.254.0.0/16"), // link-local (and cloud metadata services)
	netip.MustParsePrefix("172.16.0.0/12"),  // RFC 1918
	netip.MustParsePrefix("192.0.0.0/24"),   // IETF protocol assignments
	netip.MustParsePrefix("192.168.0.0/16"), // RFC 1918
	netip.MustParsePrefix("224.0.0.0/3"),    // multicast, reserved, broadcast
	netip.MustParsePrefix("::/128"),         // unspecified
	netip.MustParsePrefix("::1/128"),        // loopback
	netip.MustParsePrefix("fc00::/7"),       // unique local (ULA)
	netip.MustParsePrefix("fe80::/10"),      // link-local
	netip.MustParsePrefix("ff00::/8"),       // multicast
	netip.MustParsePrefix("64:ff9b:1::/48"), // local-use NAT64 (RFC 8215)
	netip.MustParsePrefix("::ffff:0:0/96"),  // IPv4-mapped, if one survives unmapping
	netip.MustParsePrefix("100::/64"),       // discard-only
	netip.MustParsePrefix("2001:10::/28"),   // ORCHID
	netip.MustParsePrefix("2001:20::/28"),   // ORCHIDv2
}

// nat64 is the well-known NAT64 prefix: its addresses carry an IPv4 address, judged as such.
var nat64 = netip.MustParsePrefix("64:ff9b::/96")

// PeerAllowed reports whether an allocation may relay to ip: not in a denied range, or in one
// of allow.
func PeerAllowed(ip netip.Addr, allow []netip.Prefix) bool {
	ip = ip.Unmap().WithZone("")
	if !ip.IsValid() {
		return false
	}
	if nat64.Contains(ip) {
		b := ip.As16()
		ip = netip.AddrFrom4([4]byte{b[12], b[13], b[14], b[15]})
	}
	for _, p := range allow {
		if p.Contains(ip) {
			return true
		}
	}
	for _, p := range deniedPeers {
		if p.Contains(ip) {
			return false
		}
	}
	return true
}

// addrOf is a net.Addr's IP and port (zero if it has none).
func addrOf(a net.Addr) netip.AddrPort {
	switch a := a.(type) {
	case *net.UDPAddr:
		return a.AddrPort()
	case *net.TCPAddr:
		return a.AddrPort()
	}
	ap, _ := netip.ParseAddrPort(a.String())
	return ap
}

// sourceKey is who a client is for per-source quotas: its IPv4 address, or its IPv6 /64 (one
// home or phone gets a whole /64).
func sourceKey(ip netip.Addr) string {
	ip = ip.Unmap()
	if ip.Is6() {
		p, _ := ip.Prefix(64)
		return p.String()
	}
	return ip.String()
}
