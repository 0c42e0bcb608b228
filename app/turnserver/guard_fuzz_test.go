//go:build !wasm

package turnserver

import (
	"net/netip"
	"testing"
	"time"

	"github.com/pion/stun"
)

// FuzzGuard: whatever bytes a client or the server sends, the guard judges them without
// panicking, and its counts stay consistent (every room's and source's count matches the
// allocations it holds).
func FuzzGuard(f *testing.F) {
	user, _ := Mint("s", "room", time.Unix(2e9, 0))
	alloc := stun.MustBuild(stun.NewType(stun.MethodAllocate, stun.ClassRequest), stun.TransactionID, stun.Username(user))
	ok := stun.MustBuild(stun.NewType(stun.MethodAllocate, stun.ClassSuccessResponse), stun.NewTransactionIDSetter(alloc.TransactionID),
		&stun.XORMappedAddress{IP: []byte{127, 0, 0, 1}, Port: 5000})
	ok2 := append([]byte(nil), ok.Raw...)
	perm := stun.MustBuild(stun.NewType(stun.MethodCreatePermission, stun.ClassRequest), stun.TransactionID)
	f.Add(alloc.Raw, ok2)
	f.Add(perm.Raw, []byte{0x40, 0, 0, 4, 1, 2, 3, 4})
	f.Add([]byte{0x40, 0x00, 0xff, 0xff}, []byte{})
	f.Add([]byte("GET / HTTP/1.1"), alloc.Raw)
	f.Fuzz(func(t *testing.T, in, out []byte) {
		now := time.Unix(1e9, 0)
		g := newGuard(Quotas{RoomAllocs: 2, SourceAllocs: 2}, nil, []netip.Addr{netip.MustParseAddr("127.0.0.1")}, func() time.Time { return now })
		src := netip.MustParseAddrPort("192.0.2.1:5000")
		for i := 0; i < 3; i++ {
			g.inbound("k", src, in)
			g.outbound("k", out)
			g.inbound("k2", src, in)
			g.outbound("k2", ok2)
			now = now.Add(time.Hour)
		}
		g.connClosed("x", "k")
		rooms, sources := map[string]int{}, map[string]int{}
		for _, a := range g.allocs {
			rooms[a.room]++
			sources[a.source]++
		}
		for k, u := range g.rooms {
			if u.allocs != rooms[k] {
				t.Fatalf("room %q counts %d, holds %d", k, u.allocs, rooms[k])
			}
		}
		for k, u := range g.sources {
			if u.allocs != sources[k] {
				t.Fatalf("source %q counts %d, holds %d", k, u.allocs, sources[k])
			}
		}
	})
}

// BenchmarkGuardChannelData is the guard's cost on the hot path: one relayed ChannelData
// packet of a confirmed allocation, judged going in (printed as ns/op; no assertion).
func BenchmarkGuardChannelData(b *testing.B) {
	now := time.Unix(1e9, 0)
	g := newGuard(Quotas{RoomBandwidth: 1 << 30, SourceBandwidth: 1 << 30}, nil, nil, func() time.Time { return now })
	user, _ := Mint("s", "room", time.Unix(2e9, 0))
	req := stun.MustBuild(stun.NewType(stun.MethodAllocate, stun.ClassRequest), stun.TransactionID, stun.Username(user))
	ok := stun.MustBuild(stun.NewType(stun.MethodAllocate, stun.ClassSuccessResponse), stun.NewTransactionIDSetter(req.TransactionID))
	src := netip.MustParseAddrPort("192.0.2.1:5000")
	g.inbound("k", src, req.Raw)
	g.outbound("k", ok.Raw)
	pkt := append([]byte{0x40, 0x00, 0x04, 0x00}, make([]byte, 1024)...)
	b.SetBytes(int64(len(pkt)))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if v, _ := g.inbound("k", src, pkt); v != pass {
			b.Fatal("dropped")
		}
	}
}
