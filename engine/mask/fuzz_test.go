package mask

import (
	"encoding/json"
	"testing"

	"miskatonic/engine"
)

// Decoders under fuzzing: malformed points, scalars, proofs, tokens, keys, envelopes and decks
// give errors, never a panic, and whatever decodes re-encodes to itself.

func FuzzPointDecode(f *testing.F) {
	f.Add(make([]byte, 32))
	f.Add([]byte{0xe2, 0xf2, 0xae, 0x0a})
	b := CardPoint(CardID{Game: "g", ID: "x"})
	f.Add(b[:])
	f.Fuzz(func(t *testing.T, in []byte) {
		var raw [32]byte
		copy(raw[:], in)
		e, err := decodeElement(raw)
		if err == nil && encodeElement(e) != raw {
			t.Fatalf("%x decodes but re-encodes as %x", raw, encodeElement(e))
		}
		var p Point
		if err := p.UnmarshalText(in); err == nil {
			if _, err := p.element(); err != nil {
				t.Fatal("text decoded to a bad point")
			}
		}
		var s Scalar
		_ = s.UnmarshalText(in)
		var u [64]byte
		copy(u[:], in)
		_ = pointOf(elementFromUniform(&u))
	})
}

func FuzzTokenJSON(f *testing.F) {
	tb := newTable(f, 1, 3, 4)
	tok, _ := tb.keys[1].Token(tb.rand, tb.sc, tb.final[0], 0, "draw")
	good, _ := json.Marshal(tok)
	f.Add(good)
	f.Add([]byte(`{"seat":1,"t":"AAAA","proof":{"e":"","s":null}}`))
	f.Add([]byte(`{"seat":-5,"handle":99999999999,"t":"4vKuCmq8TnGohKlhxQBRX1jjC2ulgt2NtqZZReCNLXY="}`))
	honest := map[engine.Seat]Point{}
	for _, h := range tb.holders {
		t, _ := tb.keys[h].Token(tb.rand, tb.sc, tb.final[0], 0, "draw")
		honest[h] = t.T
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		var tok Token
		if json.Unmarshal(in, &tok) != nil {
			return
		}
		o := tb.ks.NewOpening(tb.final[0], 0, "draw")
		// Only a seat's true token x·c1 can carry a proof that verifies.
		if err := o.Add(tok); err == nil && tok.T != honest[tok.Seat] {
			t.Fatalf("a forged token verified: %s", in)
		}
	})
}

func FuzzPublicKeyJSON(f *testing.F) {
	tb := newTable(f, 2, 2, 4)
	pk, _ := tb.keys[0].Public(tb.rand, tb.sc)
	good, _ := json.Marshal(pk)
	f.Add(good)
	f.Add([]byte(`{"seat":0,"y":"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=","proof":{}}`))
	f.Fuzz(func(t *testing.T, in []byte) {
		var pk PublicKey
		if json.Unmarshal(in, &pk) != nil {
			return
		}
		_ = pk.Verify(tb.sc)
		_, _ = NewKeySet(tb.sc, []PublicKey{pk})
	})
}

func FuzzEnvelopeJSON(f *testing.F) {
	tb := newTable(f, 3, 2, 4)
	ps, peers := pages(f, tb)
	out, _ := SendTokens(tb.rand, tb.keys[0], ps[0].box, tb.sc, peers, tb.final[1], 1, "draw", Only(1), tb.holders)
	good, _ := json.Marshal(out.Sealed[0])
	f.Add(good)
	f.Add([]byte(`{"from":0,"to":1,"label":"token/1/draw","nonce":"AAAA","box":"AAAA"}`))
	f.Fuzz(func(t *testing.T, in []byte) {
		var env Envelope
		if json.Unmarshal(in, &env) != nil {
			return
		}
		tok, err := ReceiveToken(ps[1].box, tb.sc, 1, peers[0], env, 1, "draw")
		if err == nil {
			if err := tb.ks.VerifyToken(tb.final[1], 1, "draw", tok); err != nil {
				t.Fatalf("an envelope that opens carried a bad token: %v", err)
			}
		}
	})
}

func FuzzAuditStepsJSON(f *testing.F) {
	tb := newTable(f, 4, 2, 4)
	good, _ := json.Marshal(tb.steps)
	f.Add(good)
	f.Add([]byte(`[{"seat":0,"commit":"","deck":[{"c1":"","c2":""}]}]`))
	f.Fuzz(func(t *testing.T, in []byte) {
		var steps []Step
		if json.Unmarshal(in, &steps) != nil {
			return
		}
		order, err := Audit(tb.sc, tb.deck, tb.ks.Joint(), steps, tb.sigmas)
		if err == nil && len(order) != tb.deck.Len() {
			t.Fatalf("audit passed with %d positions", len(order))
		}
	})
}

func FuzzShareJSON(f *testing.F) {
	tb := newTable(f, 5, 3, 4)
	e, shares, _ := tb.keys[0].Escrow(tb.rand, []engine.Seat{1, 2}, 2)
	good, _ := json.Marshal(shares[0])
	f.Add(good)
	f.Fuzz(func(t *testing.T, in []byte) {
		var s Share
		if json.Unmarshal(in, &s) != nil {
			return
		}
		if e.VerifyShare(s) == nil && s.Value != shares[0].Value && s.Value != shares[1].Value {
			t.Fatalf("a forged share verified: %s", in)
		}
	})
}
