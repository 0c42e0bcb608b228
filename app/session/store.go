package session

import "sync"

// Store is the browser's local storage as the session uses it: small string values by key.
// In the browser it is window.localStorage (store_js.go); natively and in tests, MemStore.
type Store interface {
	Get(key string) (string, bool)
	Set(key, value string) error
	Del(key string)
}

// Keys of what a session keeps.
const (
	keyIdentity = "miskatonic.identity" // hex seed of this browser's identity key
	keyName     = "miskatonic.name"     // the player's last name
	keyHost     = "miskatonic.host"     // the hosted table: a saved (JSON)
	keySolo     = "miskatonic.solo"     // the solo table, apart so neither replaces the other
	keyJoined   = "miskatonic.joined"   // the table this browser last joined as a guest: a joined (JSON)
	keyMemory   = "miskatonic.verdicts" // the guest's deal verdicts and sent moves: a table.Memory (JSON)
)

// slot is where a table of kind is saved. Solo and hosted tables have their own slots, so
// starting one never replaces the other's save.
func slot(kind Kind) string {
	if kind == Solo {
		return keySolo
	}
	return keyHost
}

// MemStore is a Store in memory.
type MemStore struct {
	mu sync.Mutex
	m  map[string]string
}

func (s *MemStore) Get(k string) (string, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	v, ok := s.m[k]
	return v, ok
}

func (s *MemStore) Set(k, v string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.m == nil {
		s.m = map[string]string{}
	}
	s.m[k] = v
	return nil
}

func (s *MemStore) Del(k string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.m, k)
}
