//go:build !wasm

package nostr

import (
	"bytes"
	"encoding/hex"
	"fmt"
	"testing"

	"github.com/btcsuite/btcd/btcec/v2/schnorr"
)

func unhex(t *testing.T, s string) []byte {
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestSchnorrVectors: BIP-340's own test vectors 0 and 1 (secret key, aux, message → public
// key and signature).
func TestSchnorrVectors(t *testing.T) {
	cases := []struct{ name, sk, pk, aux, msg, sig string }{
		{"vector 0", "0000000000000000000000000000000000000000000000000000000000000003",
			"F9308A019258C31049344F85F89D5229B531C845836F99B08601F113BCE036F9",
			"0000000000000000000000000000000000000000000000000000000000000000",
			"0000000000000000000000000000000000000000000000000000000000000000",
			"E907831F80848D1069A5371B402410364BDF1C5F8307B0084C55F1CE2DCA821525F66A4A85EA8B71E482A74F382D2CE5EBEEE8FDB2172F477DF4900D310536C0"},
		{"vector 1", "B7E151628AED2A6ABF7158809CF4F3C762E7160F38B4DA56A784D9045190CFEF",
			"DFF1D77F2A671C5F36183726DB2341BE58FEAE1DA2DECED843240F7B502BA659",
			"0000000000000000000000000000000000000000000000000000000000000001",
			"243F6A8885A308D313198A2E03707344A4093822299F31D0082EFA98EC4E6C89",
			"6896BD60EEAE296DB48A229FF71DFE071BDE413E6D43F917DC8DCF8C78DE33418906D11AC976ABCCB20B091292BFF4EA897EFCB639EA871CFA95F6DE339E4B0A"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			k, err := keyFrom(unhex(t, tc.sk))
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(k.px, unhex(t, tc.pk)) {
				t.Fatalf("public key %X", k.px)
			}
			sig, err := k.sign(unhex(t, tc.msg), unhex(t, tc.aux))
			if err != nil || !bytes.Equal(sig, unhex(t, tc.sig)) {
				t.Fatalf("signature %X (%v)", sig, err)
			}
		})
	}
}

// TestSchnorrAgreesWithBtcec: signatures from random keys verify under btcec (the library Nostr
// relays in Go use), and a flipped bit does not.
func TestSchnorrAgreesWithBtcec(t *testing.T) {
	for i := range 20 {
		k, err := newKey()
		if err != nil {
			t.Fatal(err)
		}
		msg := []byte(fmt.Sprintf("%032d", i))
		sig, err := k.sign(msg, msg)
		if err != nil {
			t.Fatal(err)
		}
		pub, err := schnorr.ParsePubKey(k.px)
		if err != nil {
			t.Fatal(err)
		}
		s, err := schnorr.ParseSignature(sig)
		if err != nil || !s.Verify(msg, pub) {
			t.Fatalf("key %d: btcec refuses our signature (%v)", i, err)
		}
		sig[40] ^= 1
		if s, err := schnorr.ParseSignature(sig); err == nil && s.Verify(msg, pub) {
			t.Fatalf("key %d: a corrupted signature verifies", i)
		}
	}
}
