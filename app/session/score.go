package session

import "bytes"

// keyGuestScore keeps a guest's running score with the link it joined by, so a guest's reload
// keeps it too (a host keeps it in its saved table).
const keyGuestScore = "miskatonic.score"

// Score returns the running score last given to SetScore, or what storage kept of it: the
// saved table's for a host or solo table, the joined link's for a guest. Nil if none.
func (s *Session) Score() []byte {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.score == nil && s.host == nil && s.joinRoom != "" {
		if raw, ok := s.store.Get(keyGuestScore); ok {
			if room, score, ok := bytes.Cut([]byte(raw), []byte{'\n'}); ok && string(room) == s.joinRoom {
				s.score = score
			}
		}
	}
	return bytes.Clone(s.score)
}

// SetScore keeps the running score (opaque to the session: the UI's JSON) with the table.
func (s *Session) SetScore(b []byte) {
	s.mu.Lock()
	if bytes.Equal(b, s.score) {
		s.mu.Unlock()
		return
	}
	s.score = bytes.Clone(b)
	room, host := s.joinRoom, s.host != nil
	s.mu.Unlock()
	if host {
		s.changed() // the saver writes it with the table
		return
	}
	if room != "" {
		_ = s.store.Set(keyGuestScore, room+"\n"+string(b))
	}
}
