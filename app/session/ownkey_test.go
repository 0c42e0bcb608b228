package session

import (
	"bytes"
	"testing"
)

// OwnKey reads the key a table seats this browser with, and makes none where there is none.
func TestOwnKey(t *testing.T) {
	st := &MemStore{}
	if k := OwnKey(st); k != nil {
		t.Fatalf("a key from empty storage: %x", k)
	}
	if _, ok := st.Get(keyIdentity); ok {
		t.Fatal("reading the key made one")
	}
	id, err := identity(st)
	if err != nil {
		t.Fatal(err)
	}
	if k := OwnKey(st); !bytes.Equal(k, id.Public()) {
		t.Fatalf("OwnKey %x, the table's %x", k, id.Public())
	}
	_ = st.Set(keyIdentity, "not hex")
	if k := OwnKey(st); k != nil {
		t.Fatal("a key from a damaged seed")
	}
}
