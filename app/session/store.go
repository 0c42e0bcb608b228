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
	keyHost     = "miskatonic.host"     // hosted tables: a saved (JSON) at keyHost+"."+game
	keySolo     = "miskatonic.solo"     // solo tables, apart so neither replaces the other
	keyJoined   = "miskatonic.joined"   // the table this browser last joined as a guest: a joined (JSON)
	keyMemory   = "miskatonic.verdicts" // the guest's deal verdicts and sent moves: a table.Memory (JSON)
)

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
