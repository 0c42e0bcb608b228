package session

// Which person a guest link's blind stream belongs to, so the host does not start a blind game
// with a guest whose page plays another blind protocol version (blindversion.go): that page
// was told the versions differ and sent no game, and the game would wait for its keys forever.
// engine/table reads the link's hello and checks its signature; the mux notes the key that
// hello named. A link that named someone else's key fails engine/table's challenge and is
// closed, and a closed link's blind stream leaves b.links with it.

import (
	"bytes"
	"encoding/json"
	"fmt"

	"miskatonic/engine/blindtable"
	"miskatonic/engine/table"
)

// ProblemBlindVersionGuest: a seated person's page plays another version of host-blind dealing.
const ProblemBlindVersionGuest = "conn.blind_version_guest"

// sniff notes the identity key a guest's hello on this link names (host side; a guest's mux
// reads only the host's frames, which are never hellos).
func (m *mux) sniff(f []byte) {
	if !bytes.Contains(f, []byte(`"hello"`)) {
		return
	}
	var h struct {
		Type string `json:"type"`
		Body struct {
			Key []byte `json:"key"`
		} `json:"body"`
	}
	if json.Unmarshal(f, &h) != nil || h.Type != "hello" || len(h.Body.Key) == 0 {
		return
	}
	m.mu.Lock()
	m.hello = h.Body.Key
	m.mu.Unlock()
}

func (m *mux) helloKey() []byte {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.hello
}

// otherVersions refuses a blind Start while a seated person's open link plays another blind
// protocol version, naming them.
func (b *blind) otherVersions(hs table.HostState) error {
	b.mu.Lock()
	links := append([]*hostLink(nil), b.links...)
	b.mu.Unlock()
	for _, hl := range links {
		hl.mu.Lock()
		v := hl.other
		hl.mu.Unlock()
		if v == 0 || hl.l.peerKey == nil {
			continue
		}
		key := hl.l.peerKey()
		for _, x := range hs.Seats {
			if !x.Bot && len(key) > 0 && bytes.Equal(x.Key, key) {
				return &Error{Problem: ProblemBlindVersionGuest,
					Err: fmt.Errorf("%s plays blind protocol version %d, this app %d", x.Name, v, blindtable.Version)}
			}
		}
	}
	return nil
}
