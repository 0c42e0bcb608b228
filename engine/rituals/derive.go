package rituals

import "crypto/sha256"

// derive is rng.Derive (HKDF-SHA-256, empty salt, label as info, 32 bytes out) computed with
// sha256.Sum256 on stack buffers: the same bytes without the 18 allocations of crypto/hkdf, since
// every round of every simulated game derives a key. TestDeriveMatchesRng pins it to rng.Derive.
func derive(key [32]byte, label string) [32]byte {
	var zero [32]byte
	prk := hmac32(&zero, key[:], "", 0) // Extract: HMAC(salt = zeros, key)
	return hmac32(&prk, nil, label, 1)  // Expand, first block: HMAC(prk, info || 0x01)
}

// hmac32 is HMAC-SHA-256 with a 32-byte key over msg || label || (suffix, if non-zero).
func hmac32(k *[32]byte, msg []byte, label string, suffix byte) [32]byte {
	const block = 64
	var buf [block + 128]byte
	for i := range block {
		var b byte
		if i < len(k) {
			b = k[i]
		}
		buf[i] = b ^ 0x36
	}
	n := block
	n += copy(buf[n:], msg)
	n += copy(buf[n:], label)
	if suffix != 0 {
		buf[n] = suffix
		n++
	}
	inner := sha256.Sum256(buf[:n])
	for i := range block {
		var b byte
		if i < len(k) {
			b = k[i]
		}
		buf[i] = b ^ 0x5c
	}
	copy(buf[block:], inner[:])
	return sha256.Sum256(buf[:block+len(inner)])
}
