package session

import (
	"errors"

	"miskatonic/app/rtc"
	"miskatonic/app/signal"
)

// How each joiner's link reached the host, and what the host is told about links (issue 22):
// "‹name› could not connect (network)" when no path opened, "‹name› is connected through a
// relay" when the link fell back to the signaling transport. The roster shows each link's path.

// Problems of a join that name what failed (besides ProblemNoHost, ProblemRefused, …).
const (
	ProblemNoPath = "conn.no_path" // the host answered, but no network path (nor the relayed one) opened
	// ProblemNoPathTURN: as ProblemNoPath, and this site's TURN servers were refused or silent.
	ProblemNoPathTURN = "conn.no_path_turn"
	ProblemAllDown    = "conn.all_down" // no transport that carries invitations could be reached
)

// Notice keys the host is shown about one joiner (with the joiner's name).
const (
	NoticeLinkFailed  = "link.failed"
	NoticeLinkRelayed = "link.relayed"
)

// Notice is one thing the host is told about a link, as a catalog key and the player's name.
type Notice struct {
	Key  string
	Name string
}

// maxNotices bounds the notices kept (the newest are kept).
const maxNotices = 8

// noteLink records how name's link reached us and tells the host when it went relayed.
func (s *Session) noteLink(name string, c *rtc.Conn) {
	path := c.Path()
	s.mu.Lock()
	if s.paths == nil {
		s.paths = map[string]rtc.Path{}
	}
	s.paths[name] = path
	if path == rtc.PathRelayed {
		s.addNoticeLocked(Notice{Key: NoticeLinkRelayed, Name: name})
	}
	s.mu.Unlock()
	logf("session: %s connected (%s)", name, path)
	s.notify()
}

// noteFailed tells the host that name could not connect for want of a network path.
func (s *Session) noteFailed(name string, err error) {
	if !errors.Is(err, rtc.ErrNoPath) {
		return
	}
	s.mu.Lock()
	s.addNoticeLocked(Notice{Key: NoticeLinkFailed, Name: name})
	s.mu.Unlock()
	s.notify()
}

func (s *Session) addNoticeLocked(n Notice) {
	s.notices = append(s.notices, n)
	if len(s.notices) > maxNotices {
		s.notices = s.notices[len(s.notices)-maxNotices:]
	}
}

// LinkPaths is how each joiner's link (by the name it joined with) reaches the host: direct,
// TURN or relayed (host only; the newest link of a name wins).
func (s *Session) LinkPaths() map[string]rtc.Path {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make(map[string]rtc.Path, len(s.paths))
	for k, v := range s.paths {
		out[k] = v
	}
	return out
}

// Notices are what the host has been told about links, oldest first.
func (s *Session) Notices() []Notice {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Notice(nil), s.notices...)
}

// DismissNotices clears the host's notices.
func (s *Session) DismissNotices() {
	s.mu.Lock()
	s.notices = nil
	s.mu.Unlock()
	s.notify()
}

// Path is how this guest's link reaches the host ("" before it is up, or for a host).
func (s *Session) Path() rtc.Path {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.link == nil {
		return ""
	}
	return s.link.Path()
}

func (s *Session) setLink(c *rtc.Conn) {
	s.mu.Lock()
	s.link = c
	s.mu.Unlock()
}

// dialProblem is the catalog key of a failed dial that the host did not refuse: what failed.
func dialProblem(err error) string {
	switch {
	case errors.Is(err, rtc.ErrNoHost):
		return ProblemNoHost
	case rtc.TURNRefused(err):
		return ProblemNoPathTURN
	case errors.Is(err, rtc.ErrNoPath):
		return ProblemNoPath
	case refusedAll(err):
		return ProblemBrokersRefused
	case allDown(err):
		return ProblemAllDown
	}
	return ProblemUnreachable
}

// allDown reports whether err says no transport could be reached at all (not one that was up
// but brought no answer).
func allDown(err error) bool {
	if errors.Is(err, signal.ErrUnreachable) {
		return true
	}
	var na *signal.NoAnswerError
	return errors.As(err, &na) && na.GaveOut()
}
