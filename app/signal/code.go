package signal

import (
	"bytes"
	"compress/flate"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"strings"

	"rsc.io/qr"
)

// Copy-paste / QR set-up, for devices that share a network but no relay (a LAN with no internet).
// The host shows an offer code, the guest answers with an answer code; each is a complete SDP
// (all candidates gathered up front), deflated and sealed under a key derived from a short pass
// code the host shows beside it, so a code photographed or pasted in the wrong place is useless
// without the pass.
//
// Someone holding a code can try passes offline, so the pass is 65 bits (13 symbols) and the key
// comes from Argon2id, memory-hard, with a random salt carried in each code (see passKey).

// CodeKind says whether a code carries an offer or an answer; it is bound into the seal.
type CodeKind byte

const (
	CodeOffer  CodeKind = 'O'
	CodeAnswer CodeKind = 'A'
)

// ErrBadCode is wrapped by every error reading a code.
var ErrBadCode = errors.New("signal: broken connection code")

const codePrefix = "MK1"

// passAlphabet is Crockford's base32: no I, L, O or U, so a pass read aloud is unambiguous.
const passAlphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"

// PassLen is the number of symbols in a pass code: 5 bits each, 65 bits in all.
const PassLen = 13

// NewPass draws a pass code, formatted "ABCD-EFGH-JKMNP" (groups are easier to read aloud).
func NewPass() (string, error) {
	b := make([]byte, PassLen)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	out := make([]byte, 0, PassLen+2)
	for i, x := range b {
		if i == 4 || i == 8 {
			out = append(out, '-')
		}
		out = append(out, passAlphabet[x&31]) // 256 is a multiple of 32: uniform
	}
	return string(out), nil
}

// normalizePass accepts a pass typed in any case, with or without the dash or spaces, and
// with the letters Crockford maps to digits.
func normalizePass(p string) (string, error) {
	var b strings.Builder
	for _, r := range strings.ToUpper(p) {
		switch r {
		case '-', ' ':
			continue
		case 'O':
			r = '0'
		case 'I', 'L':
			r = '1'
		}
		if !strings.ContainsRune(passAlphabet, r) {
			return "", fmt.Errorf("%w: the pass code has a stray %q", ErrBadCode, r)
		}
		b.WriteRune(r)
	}
	if b.Len() != PassLen {
		return "", fmt.Errorf("%w: the pass code must have %d letters or digits", ErrBadCode, PassLen)
	}
	return b.String(), nil
}

func codeBox(pass string, salt []byte, kind CodeKind) (*Box, error) {
	p, err := normalizePass(pass)
	if err != nil {
		return nil, err
	}
	return newBox(passKey(p, salt), "miskatonic/v2/code", "miskatonic/v2/code/"+string(rune(kind)))
}

// SealCode turns an SDP into a code for copy-paste or QR. The code carries the salt: a new one,
// or (for an answer) the one of the offer just opened under the same pass, so each side pays
// for the key derivation once.
func SealCode(kind CodeKind, pass, sdp string) (string, error) {
	p, err := normalizePass(pass)
	if err != nil {
		return "", err
	}
	salt := recentSalt(p)
	if salt == nil {
		salt = make([]byte, saltLen)
		if _, err := rand.Read(salt); err != nil {
			return "", err
		}
	}
	box, err := codeBox(p, salt, kind)
	if err != nil {
		return "", err
	}
	var z bytes.Buffer
	w, _ := flate.NewWriter(&z, flate.BestCompression)
	w.Write([]byte(sdp))
	w.Close()
	var s Session // codes are one-shot: no session, sequence 1
	sealed := box.Seal(Dir(kind), s, 1, z.Bytes())
	return codePrefix + string(rune(kind)) + "." + base64.RawURLEncoding.EncodeToString(append(salt, sealed...)), nil
}

// OpenCode reads a code of the expected kind sealed under pass, returning its SDP. Spaces and
// line breaks (from pasting) are ignored.
func OpenCode(kind CodeKind, pass, code string) (string, error) {
	code = strings.Join(strings.Fields(code), "")
	head, body, ok := strings.Cut(code, ".")
	if !ok || len(head) != len(codePrefix)+1 || !strings.HasPrefix(head, codePrefix) {
		return "", fmt.Errorf("%w: not a Miskatonic code", ErrBadCode)
	}
	if CodeKind(head[len(codePrefix)]) != kind {
		want := "an offer"
		if kind == CodeAnswer {
			want = "an answer"
		}
		return "", fmt.Errorf("%w: expected %s code", ErrBadCode, want)
	}
	sealed, err := base64.RawURLEncoding.DecodeString(body)
	if err != nil || len(sealed) < saltLen+Overhead {
		return "", fmt.Errorf("%w: the code is cut short or mistyped", ErrBadCode)
	}
	salt, sealed := sealed[:saltLen], sealed[saltLen:]
	box, err := codeBox(pass, salt, kind)
	if err != nil {
		return "", err
	}
	_, _, z, err := box.Open(Dir(kind), sealed)
	if err != nil {
		return "", fmt.Errorf("%w: wrong pass code, or the code was altered", ErrBadCode)
	}
	sdp, err := io.ReadAll(io.LimitReader(flate.NewReader(bytes.NewReader(z)), MaxMessage+1))
	if err != nil || len(sdp) > MaxMessage {
		return "", fmt.Errorf("%w: the code does not unpack", ErrBadCode)
	}
	return string(sdp), nil
}

// QRPNG renders text as a QR code PNG (low error correction: codes are long).
func QRPNG(text string) ([]byte, error) {
	c, err := qr.Encode(text, qr.L)
	if err != nil {
		return nil, fmt.Errorf("signal: qr: %w", err)
	}
	return c.PNG(), nil
}

// QRSVG renders text as a QR code in SVG, one path, with a 4-module quiet zone; it scales to
// any size in the page.
func QRSVG(text string) (string, error) {
	c, err := qr.Encode(text, qr.L)
	if err != nil {
		return "", fmt.Errorf("signal: qr: %w", err)
	}
	n := c.Size + 8
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" shape-rendering="crispEdges">`, n, n)
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="#fff"/><path fill="#000" d="`, n, n)
	for y := 0; y < c.Size; y++ {
		for x := 0; x < c.Size; x++ {
			if c.Black(x, y) {
				fmt.Fprintf(&b, "M%d %dh1v1h-1z", x+4, y+4)
			}
		}
	}
	b.WriteString(`"/></svg>`)
	return b.String(), nil
}
