package signal

import (
	"bytes"
	"sync"

	"golang.org/x/crypto/argon2"
)

// Argon2id settings for the code pass. Whoever holds a code (a photo of the QR, a paste in the
// wrong chat) can try passes offline; each try costs this much memory and time, on a GPU too.
// 19 MiB and 2 passes is OWASP's first Argon2id setting; it takes about half a second in wasm
// on this machine (measured by BenchmarkPassKey under Node), which a phone pays twice per
// device connected (once to read the other side's code, once per own code is cached away).
const (
	kdfTime    = 2
	kdfMemory  = 19 << 10 // KiB
	kdfThreads = 1        // wasm has one thread
	saltLen    = 16
)

// passKey stretches a normalized pass with the code's salt.
func passKey(pass string, salt []byte) []byte {
	if k := cachedKey(pass, salt); k != nil {
		return k
	}
	k := argon2.IDKey([]byte(pass), salt, kdfTime, kdfMemory, kdfThreads, 32)
	keep(pass, salt, k)
	return k
}

// A few recent derivations are kept: the host seals its offer and later opens the answer, the
// guest opens the offer and seals its answer, all under one pass and salt. Only passes this
// page made or was given live here, for as long as the page does.
var kdfCache struct {
	sync.Mutex
	entries []kdfEntry
}

type kdfEntry struct {
	pass      string
	salt, key []byte
}

const kdfCacheSize = 8

func cachedKey(pass string, salt []byte) []byte {
	kdfCache.Lock()
	defer kdfCache.Unlock()
	for _, e := range kdfCache.entries {
		if e.pass == pass && bytes.Equal(e.salt, salt) {
			return e.key
		}
	}
	return nil
}

func keep(pass string, salt, key []byte) {
	kdfCache.Lock()
	defer kdfCache.Unlock()
	if len(kdfCache.entries) == kdfCacheSize {
		kdfCache.entries = kdfCache.entries[1:]
	}
	kdfCache.entries = append(kdfCache.entries, kdfEntry{pass, append([]byte(nil), salt...), key})
}

// recentSalt is the salt last used with pass, or nil.
func recentSalt(pass string) []byte {
	kdfCache.Lock()
	defer kdfCache.Unlock()
	for i := len(kdfCache.entries) - 1; i >= 0; i-- {
		if e := kdfCache.entries[i]; e.pass == pass {
			return e.salt
		}
	}
	return nil
}
