package session

// The blind stream's own version handshake: engine/table's frames carry the wire version, but a
// host-blind game's frames (engine/blindtable) have their own protocol version, and a page of
// another build would otherwise drop every frame it cannot read and sit in the lobby waiting. A
// guest's blindAsk says which version it plays; a host that plays another answers with its
// own (blindVersion) and sends that link no blind game, and the guest says the versions differ
// (ProblemVersion, as for engine/table's).

import (
	"strconv"

	"miskatonic/engine/blindtable"
)

// blindVersion (host to guest): this host plays the blind protocol version that follows.
const blindVersion = 'V'

// askFrame is a guest's blindAsk. Version 1 asks bare, as the first builds did, so they read it.
func askFrame() []byte {
	if blindtable.Version == 1 {
		return []byte{blindAsk}
	}
	return append([]byte{blindAsk}, strconv.Itoa(blindtable.Version)...)
}

// askVersion reads a blindAsk's version (false: not an ask).
func askVersion(f []byte) (int, bool) {
	if len(f) == 0 || f[0] != blindAsk || len(f) > 8 {
		return 0, false
	}
	if len(f) == 1 {
		return 1, true
	}
	v, err := strconv.Atoi(string(f[1:]))
	return v, err == nil && v > 0
}

// versionFrame tells a guest which blind protocol version this host plays.
func versionFrame() []byte {
	return append([]byte{blindVersion}, strconv.Itoa(blindtable.Version)...)
}

// otherVersion reads a host's blindVersion frame: the version it names, when not ours.
func otherVersion(f []byte) (int, bool) {
	if len(f) < 2 || len(f) > 8 || f[0] != blindVersion {
		return 0, false
	}
	v, err := strconv.Atoi(string(f[1:]))
	return v, err == nil && v != blindtable.Version
}
