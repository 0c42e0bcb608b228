//go:build !wasm

package relay

import (
	"net"
	"net/netip"
)

// sourceKey reduces a client address ("ip:port", or a bare ip from a proxy header) to what the
// per-source caps count: the IPv4 address, or the IPv6 /64 (one subscriber's usual allocation,
// so stepping through its addresses gains nothing).
func sourceKey(addr string) string {
	if host, _, err := net.SplitHostPort(addr); err == nil {
		addr = host
	}
	ip, err := netip.ParseAddr(addr)
	if err != nil {
		if addr == "" {
			return "?"
		}
		return addr
	}
	ip = ip.Unmap()
	if ip.Is6() {
		p, _ := ip.Prefix(64)
		return p.String()
	}
	return ip.String()
}
