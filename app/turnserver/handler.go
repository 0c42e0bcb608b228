//go:build !wasm

package turnserver

import (
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"path"
	"strings"
	"sync"
	"time"
)

// ServeHTTP is the credentials endpoint (GET /turn?service=turn&username=<room>, the TURN REST
// draft's request): fresh credentials for the room and the URLs they are good for, as JSON
// (rtc.TURNCredentials). A room the signaling relay does not have open is refused (RoomOpen),
// each address gets MintsPerMinute, and browsers from another site only if Origins names it.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Add("Vary", "Origin")
	if origin := r.Header.Get("Origin"); origin != "" {
		if !s.originAllowed(origin, r.Host) {
			http.Error(w, "origin not allowed", http.StatusForbidden)
			return
		}
		w.Header().Set("Access-Control-Allow-Origin", origin)
	}
	if r.Method == http.MethodOptions {
		w.Header().Set("Access-Control-Allow-Methods", "GET")
		w.WriteHeader(http.StatusNoContent)
		return
	}
	if r.Method != http.MethodGet {
		http.Error(w, "GET only", http.StatusMethodNotAllowed)
		return
	}
	q := r.URL.Query()
	if svc := q.Get("service"); svc != "" && svc != "turn" {
		http.Error(w, "service must be turn", http.StatusBadRequest)
		return
	}
	room := q.Get("username")
	switch {
	case room == "" && s.cfg.RoomOpen == nil:
		room = randomID() // a table-less link (a code connection): its own quotas' key
	case !validID(room):
		http.Error(w, "username must be the table's room id", http.StatusBadRequest)
		return
	case s.cfg.RoomOpen != nil && !s.cfg.RoomOpen(room):
		http.Error(w, "no such table open on this relay", http.StatusForbidden)
		return
	}
	if !s.mints.allow(s.sourceOf(r)) {
		http.Error(w, "too many credentials asked from your address; wait a minute", http.StatusTooManyRequests)
		return
	}
	s.guard.mu.Lock()
	s.guard.stats.CredentialsMade++
	s.guard.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(s.Credentials(room)) //nolint:errcheck // the client sees a cut answer
}

// originAllowed: the page's own host, or one matching a pattern of Origins.
func (s *Server) originAllowed(origin, host string) bool {
	u, err := url.Parse(origin)
	if err != nil || u.Host == "" {
		return false
	}
	if strings.EqualFold(u.Host, host) {
		return true
	}
	for _, p := range s.cfg.Origins {
		if ok, _ := path.Match(strings.ToLower(p), strings.ToLower(u.Host)); ok {
			return true
		}
	}
	return false
}

// sourceOf is the client's address key, from SourceHeader behind a proxy.
func (s *Server) sourceOf(r *http.Request) string {
	addr := r.RemoteAddr
	if s.cfg.SourceHeader != "" {
		if v := r.Header.Values(s.cfg.SourceHeader); len(v) > 0 {
			parts := strings.Split(v[len(v)-1], ",")
			addr = strings.TrimSpace(parts[len(parts)-1])
		}
	}
	if h, _, err := net.SplitHostPort(addr); err == nil {
		addr = h
	}
	ip, err := netip.ParseAddr(addr)
	if err != nil {
		return addr
	}
	return sourceKey(ip)
}

func randomID() string {
	b := make([]byte, 12)
	rand.Read(b) //nolint:errcheck // crypto/rand does not fail
	return "x" + base64.RawURLEncoding.EncodeToString(b)
}

// limiter gives each key a bucket of perMinute requests a minute.
type limiter struct {
	perMinute float64
	now       func() time.Time
	mu        sync.Mutex
	m         map[string]*bucket
}

func newLimiter(perMinute float64, now func() time.Time) *limiter {
	return &limiter{perMinute: perMinute, now: now, m: map[string]*bucket{}}
}

func (l *limiter) allow(key string) bool {
	now := l.now()
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.m) > 10000 {
		for k, b := range l.m { // forget full buckets: they are fresh ones
			if b.has(int(b.burst), now) {
				delete(l.m, k)
			}
		}
	}
	b := l.m[key]
	if b == nil {
		b = &bucket{rate: l.perMinute / 60, burst: l.perMinute, tokens: l.perMinute, last: now}
		l.m[key] = b
	}
	if !b.has(1, now) {
		return false
	}
	b.take(1)
	return true
}
