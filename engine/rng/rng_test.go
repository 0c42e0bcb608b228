package rng

import (
	"crypto/hkdf"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"testing"
)

// Golden vectors: these values must never change, natively or under GOOS=js GOARCH=wasm, or every
// recorded game and every deal verification breaks.
func TestGolden(t *testing.T) {
	var seed [32]byte
	for i := range seed {
		seed[i] = byte(i)
	}
	r := New(seed)
	got := fmt.Sprint(r.Perm(22))
	const want = "[5 10 21 6 16 17 0 8 20 15 13 7 4 11 18 2 1 19 9 3 12 14]"
	if got != want {
		t.Fatalf("Perm(22) = %s, want %s", got, want)
	}
	d := Derive(seed, "miskatonic/v1/test")
	if h := hex.EncodeToString(d[:]); h != "d311b6e4e4fc2131d78ca54ccc95ec99e32ff980db1c95a60b63c20289efb6c4" {
		t.Fatalf("Derive = %s", h)
	}
}

func TestIntnUniformAndBounded(t *testing.T) {
	r := FromInt(7)
	counts := make([]int, 7)
	for i := 0; i < 70000; i++ {
		v := r.Intn(7)
		if v < 0 || v >= 7 {
			t.Fatalf("Intn(7) = %d", v)
		}
		counts[v]++
	}
	for i, c := range counts {
		if c < 9000 || c > 11000 {
			t.Fatalf("value %d drawn %d times of 70000; want about 10000", i, c)
		}
	}
}

func TestDeterministic(t *testing.T) {
	a, b := FromInt(42), FromInt(42)
	for i := 0; i < 100; i++ {
		if a.Uint64() != b.Uint64() {
			t.Fatal("same seed, different streams")
		}
	}
	if Derive([32]byte{1}, "a") == Derive([32]byte{1}, "b") {
		t.Fatal("labels must separate streams")
	}
}

// The allocation-free path of Derive gives exactly crypto/hkdf's bytes, for labels of every
// length up to and past the fast path's limit.
func TestDeriveMatchesHKDF(t *testing.T) {
	var key [32]byte
	for i := range key {
		key[i] = byte(7 * i)
	}
	label := ""
	for n := 0; n <= maxFastLabel+3; n++ {
		var want [32]byte
		b, err := hkdf.Key(sha256.New, key[:], nil, label, len(want))
		if err != nil {
			t.Fatal(err)
		}
		copy(want[:], b)
		if got := Derive(key, label); got != want {
			t.Fatalf("label of %d bytes: %x, want %x", n, got, want)
		}
		label += string(rune('a' + n%26))
		key[n%32] ^= byte(n)
	}
}

func BenchmarkDerive(b *testing.B) {
	var key [32]byte
	b.ReportAllocs()
	for b.Loop() {
		key = Derive(key, "miskatonic/v1/arkham/deck")
	}
}
