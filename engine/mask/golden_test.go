package mask

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"testing"
)

// Golden vectors: card points, keys, proofs, commitments, a whole shuffle chain, a token and an
// escrow share from fixed seeds. They must never change, natively or under GOOS=js GOARCH=wasm
// (make wasm-test), or every recorded deal stops verifying.
func TestGolden(t *testing.T) {
	tb := newTable(t, 2026, 3, 6)
	pub, err := tb.keys[1].Public(seeded(1), tb.sc)
	if err != nil {
		t.Fatal(err)
	}
	tok, err := tb.keys[2].Token(seeded(2), tb.sc, tb.final[4], 4, "draw")
	if err != nil {
		t.Fatal(err)
	}
	_, shares, err := tb.keys[0].Escrow(seeded(3), tb.holders[1:], 2)
	if err != nil {
		t.Fatal(err)
	}
	order, err := Audit(tb.sc, tb.deck, tb.ks.Joint(), tb.steps, tb.sigmas)
	if err != nil {
		t.Fatal(err)
	}
	chain, _ := json.Marshal(tb.steps)
	sum := sha256.Sum256(chain)
	cp := CardPoint(CardID{Game: "arkham", ID: "cthulhu", Copy: 0})
	cm := Commit(tb.sc, 1, tb.sigmas[1])
	got := map[string]string{
		"card point":   hex.EncodeToString(cp[:]),
		"joint key":    hex.EncodeToString(tb.ks.Joint().bytes()),
		"key proof":    hex.EncodeToString(append(pub.Proof.E.bytes(), pub.Proof.S.bytes()...)),
		"commitment":   hex.EncodeToString(cm[:]),
		"chain sha256": hex.EncodeToString(sum[:]),
		"order":        fmt.Sprint(order),
		"token":        hex.EncodeToString(tok.T.bytes()),
		"token proof":  hex.EncodeToString(append(tok.Proof.E.bytes(), tok.Proof.S.bytes()...)),
		"escrow share": hex.EncodeToString(shares[1].Value.bytes()),
	}
	want := map[string]string{
		"card point":   "aa3422a068e68404a4d861d5960d753f9f398f1e3b8447036b134a7fc60a9c44",
		"joint key":    "9c038dea6b3e60b0cd58a630298dfa800d6fb34723ceea77138db7486654dd6b",
		"key proof":    "12f587f0f07e86fab1fe6ec99cae2bd22726d1836e73072fa8361e3c8005cf0830cd313ec4bc709a2f3f3c7cc24a00edd5a7fcf4f9045017d8283b935c653a0c",
		"commitment":   "d2e02be029c633f5062e3670fd9010ca893db27ccb7e34c66418d848eb8ba42f",
		"chain sha256": "5eca9d0d4a0da97dab5d3ab5fc62c97823d1145cbde1e58880b5beffe5da0d79",
		"order":        "[2 3 0 4 1 5]",
		"token":        "746660e094adbf51a2722800760c4fa262bee751be0881475af8e1e3d5a57f1b",
		"token proof":  "dfe239f375adc81c5ea0026f406c5996bd081b763515addba75d77ba01481c007fb649256cfd5efe93d73acea17a86eed7febb9cf439a68a684d02e6682cbd0c",
		"escrow share": "6005dd21fd37c73c1257140c66f30e99e4c13f154f7ec4f6eb8fd6efc7aa3304",
	}
	for k, w := range want {
		if got[k] != w {
			t.Errorf("%s = %s, want %s", k, got[k], w)
		}
	}
}

func (p Point) bytes() []byte  { return p[:] }
func (s Scalar) bytes() []byte { return s[:] }
