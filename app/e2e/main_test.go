//go:build browser

package e2e

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestMain ends the Chromium that several-player tests share (see NewTab) once all have run.
func TestMain(m *testing.M) {
	waitAddressesSettled(5 * time.Second)
	code := m.Run()
	CloseShared()
	os.Exit(code)
}

// waitAddressesSettled waits until no IPv6 address of this network namespace is still tentative.
// The namespace of netns-run.sh is made just before the tests start, and the kernel gives its
// veth pair link-local addresses that finish duplicate address detection a second or two later.
// Chromium takes that for a network change and fails every request in flight
// (net::ERR_NETWORK_CHANGED): seen here as the first test's app.wasm fetch failing.
func waitAddressesSettled(limit time.Duration) {
	for end := time.Now().Add(limit); time.Now().Before(end) && tentativeAddresses() > 0; {
		time.Sleep(50 * time.Millisecond)
	}
}

// tentativeAddresses counts the addresses /proc/net/if_inet6 flags IFA_F_TENTATIVE (0x40).
func tentativeAddresses() int {
	f, err := os.Open("/proc/net/if_inet6")
	if err != nil {
		return 0
	}
	defer f.Close()
	n := 0
	for sc := bufio.NewScanner(f); sc.Scan(); {
		fields := strings.Fields(sc.Text())
		if len(fields) < 5 {
			continue
		}
		if flags, err := strconv.ParseUint(fields[4], 16, 32); err == nil && flags&0x40 != 0 {
			n++
		}
	}
	return n
}
