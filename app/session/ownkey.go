package session

import (
	"encoding/hex"

	"miskatonic/engine/fair"
)

// OwnKey is this browser's identity key, or nil if it has none yet. Unlike identity it never
// makes one: the replay page only reads it, to point out the seat this device played.
func OwnKey(st Store) []byte {
	h, ok := st.Get(keyIdentity)
	if !ok {
		return nil
	}
	b, err := hex.DecodeString(h)
	if err != nil || len(b) != 32 {
		return nil
	}
	return fair.NewIdentity([32]byte(b)).Public()
}
