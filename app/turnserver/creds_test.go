//go:build !wasm

package turnserver

import (
	"strconv"
	"testing"
	"time"
)

// TestMintMatchesCoturnScheme: the password is base64(HMAC-SHA1(secret, user name)), a vector
// computed independently (`printf %s 1700000000:room | openssl dgst -sha1 -hmac secret -binary | base64`).
func TestMintMatchesCoturnScheme(t *testing.T) {
	u, p := Mint("secret", "room", time.Unix(1700000000, 0))
	if u != "1700000000:room" || p != Password("secret", u) {
		t.Fatalf("%q %q", u, p)
	}
	if want := "WRucgkdMkcTgsz5Y1kolSAFG6fQ="; p != want {
		t.Fatalf("password %q, want %q", p, want)
	}
}

// FuzzParseUsername: a minted user name parses back to its expiry and id; anything else either
// parses to an id of the allowed alphabet or is refused.
func FuzzParseUsername(f *testing.F) {
	f.Add("1700000000:room", int64(1700000000), "room")
	f.Add(":", int64(1), "a-b_c")
	f.Fuzz(func(t *testing.T, raw string, expiry int64, id string) {
		if exp, got, err := ParseUsername(raw); err == nil && (!validID(got) || exp.Unix() <= 0 || strconv.FormatInt(exp.Unix(), 10)+":"+got != raw && !leadingZeros(raw)) {
			t.Fatalf("%q parsed to %v %q", raw, exp, got)
		}
		if expiry <= 0 || !validID(id) {
			return
		}
		u, _ := Mint("s", id, time.Unix(expiry, 0))
		exp, got, err := ParseUsername(u)
		if err != nil || got != id || exp.Unix() != expiry {
			t.Fatalf("minted %q parsed to %v %q %v", u, exp, got, err)
		}
	})
}

// leadingZeros: "0017:x" or "+17:x" parse to the same expiry as "17:x".
func leadingZeros(raw string) bool { return len(raw) > 1 && (raw[0] == '0' || raw[0] == '+') }
