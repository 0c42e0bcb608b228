package rtc

import (
	"crypto/sha256"
	"strings"

	"github.com/pion/webrtc/v3"
)

// Binding names the DTLS channel this link runs on: a hash of both peers' certificate
// fingerprints, in a fixed order, so both ends compute the same bytes. WebRTC checks during the
// DTLS handshake that each peer holds the certificate its description announced, so no one can
// relay a channel's binding onto another: a guest signs it into its hello (engine/table), and
// a hello replayed by a player who hosts another table onto this one does not verify here. Nil
// until both descriptions are known.
func (c *Conn) Binding() []byte {
	if c.via != nil {
		return c.via.binding
	}
	l, r := sdpFingerprint(c.pc.LocalDescription()), sdpFingerprint(c.pc.RemoteDescription())
	if l == "" || r == "" {
		return nil
	}
	if r < l {
		l, r = r, l
	}
	sum := sha256.Sum256([]byte("miskatonic/v2/channel\x00" + l + "\x00" + r))
	return sum[:]
}

// sdpFingerprint is the first certificate fingerprint of a description ("sha-256 AB:CD:…"),
// upper-cased, or "".
func sdpFingerprint(d *webrtc.SessionDescription) string {
	if d == nil {
		return ""
	}
	for _, line := range strings.Split(d.SDP, "\n") {
		if f, ok := strings.CutPrefix(strings.TrimSpace(line), "a=fingerprint:"); ok {
			return strings.ToUpper(strings.TrimSpace(f))
		}
	}
	return ""
}
