package session

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"miskatonic/app/rtc"
	"miskatonic/app/signal"
	"miskatonic/engine/games"
	"miskatonic/engine/table"
)

// Net says how this page reaches other browsers.
type Net struct {
	Origin   string     // the page's origin, for invite links ("https://miskatonic.example")
	RelayURL string     // how to reach other browsers: a transport list (see signal.Open)
	RTC      rtc.Config // ICE servers
}

// HostConfig sets up a table others join.
type HostConfig struct {
	Name    string
	Game    string
	Options map[string]string
	Net     Net
	// BotDelay is how long a bot waits before its move (0: DefaultBotDelay).
	BotDelay time.Duration
	// Dealing is the table's dealing (blindtable.DealingBlind or DealingOpen); "" takes this
	// browser's choice (keyDealing), else host-blind (Arkham, two or more people).
	Dealing string
}

// Problems a join can run into, as catalog keys (the screens show them with a way forward).
const (
	ProblemBadLink     = "conn.bad_link"
	ProblemFull        = "conn.full"
	ProblemHostClosed  = "conn.host_closed"
	ProblemUnreachable = "conn.unreachable"
	ProblemLost        = "conn.lost"
	ProblemHostGone    = "conn.host_gone"
	ProblemRemoved     = "conn.removed"
	ProblemElsewhere   = "conn.elsewhere"
	ProblemDropped     = "conn.dropped"
	ProblemVersion     = "conn.version" // the host plays another version of the game's rules
	ProblemNoHost      = "conn.no_host" // nobody answers in the invite's room (watch.go)
	ProblemRefused     = "conn.refused" // the host did not let us in
)

// JoinError is a failed join with the catalog key of what to tell the player.
type JoinError struct {
	Problem string
	Err     error
	// Tried names the transports a join went through when none of them reached the host, so
	// the player is told what was tried (and offered the offline code instead).
	Tried []string
}

func (e *JoinError) Error() string { return e.Problem + ": " + e.Err.Error() }
func (e *JoinError) Unwrap() error { return e.Err }

// StartHost opens a table in this page for others to join over WebRTC through the relay; the
// host plays too, over an in-memory pipe. The table waits in its lobby until Start.
func StartHost(st Store, cfg HostConfig) (*Session, error) {
	s, inv, delay, err := newHosted(st, cfg)
	if err != nil {
		return nil, err
	}
	if err := s.listen(inv, cfg.Net); err != nil {
		s.guest.Close()
		s.host.Close()
		return nil, err
	}
	s.runHosted(inv, delay)
	return s, nil
}

// newHosted sets up a hosted table with a fresh invite and the local player seated, before
// any network: StartHost claims its room, StartHostAnyNet opens it without (code.go).
// It returns the bot delay the table runs with (cfg's, or DefaultBotDelay).
func newHosted(st Store, cfg HostConfig) (*Session, signal.Invite, time.Duration, error) {
	rules, ok := games.Lookup(cfg.Game)
	if !ok {
		return nil, signal.Invite{}, 0, problemf(ProblemUnknownGame, "unknown game %q", cfg.Game)
	}
	inv, err := signal.NewInvite()
	if err != nil {
		return nil, inv, 0, err
	}
	s := newHostSession(Host, cfg.Game, cfg.Name, st)
	delay := cfg.BotDelay
	if delay <= 0 {
		delay = DefaultBotDelay
	}
	h, err := table.NewHost(rules, s.hostConfig(delay, 0, cfg.Options))
	if err != nil {
		return nil, inv, 0, err
	}
	s.host = h
	s.blind = newBlind(s)
	s.blind.dealing = dealingOf(st, cfg.Dealing)
	if err := s.seatLocal(cfg.Name, ""); err != nil {
		h.Close()
		return nil, inv, 0, err
	}
	return s, inv, delay, nil
}

// runHosted starts saving and pumping a table newHosted set up.
func (s *Session) runHosted(inv signal.Invite, delay time.Duration) {
	invJSON, _ := json.Marshal(inv)
	s.run(saved{Kind: Host, Game: s.game, Name: s.name, Invite: invJSON, BotDelay: delay, Dealing: s.blind.dealing})
}

// listen claims the invite's room at the relay and seats every joiner the table accepts; the
// table itself turns away extra players (with a reason the guest is shown).
func (s *Session) listen(inv signal.Invite, n Net) error {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	go func() { // a table closed meanwhile stops the try (relisten)
		select {
		case <-s.quit:
			cancel()
		case <-ctx.Done():
		}
	}()
	l, err := rtc.Listen(ctx, n.RelayURL, inv, n.RTC)
	if err != nil {
		return &JoinError{Problem: ProblemUnreachable, Err: err}
	}
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		l.Close()
		return &JoinError{Problem: ProblemUnreachable, Err: errors.New("session: closed while claiming the room")}
	}
	s.invite = inv.Guest().Link(n.Origin)
	s.onClose = append(s.onClose, func() { l.Close() })
	s.mu.Unlock()
	l.OnReach(s.reach) // say so when invitations stop reaching this table (reach.go)
	go func() {
		for j := range l.Joiners() {
			go func(j *rtc.Joiner) {
				actx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
				defer cancel()
				c, err := j.Accept(actx)
				if err != nil {
					logf("session: a joiner never connected: %v", err)
					s.noteFailed(j.Name, err)
					return
				}
				s.noteLink(j.Name, c)
				mx := newMux(c)
				if err := s.host.AddGuest(mx.table); err != nil {
					logf("session: the table turned a link away: %v", err)
					c.Close()
					return
				}
				s.blind.addLink(mx.blind)
			}(j)
		}
	}()
	return nil
}

// ResumeHosted is ResumeHost for a page that can reach the network: a hosted table also
// reclaims its room at the relay, so guests find it again by themselves.
func ResumeHosted(st Store, n Net, game string) (*Session, error) {
	s, meta, err := ResumeHost(st, Host, game)
	if err != nil || s == nil {
		return s, err
	}
	if meta.Kind == Host {
		var inv signal.Invite
		if err := json.Unmarshal(meta.Invite, &inv); err != nil {
			s.Close()
			return nil, err
		}
		if err := s.listen(inv, n); err != nil {
			// Keep the table: it is saved and may be reached later; say what is wrong, and
			// claim the room again until it works (reach.go).
			s.setProblem(ProblemNoRelay, false) // devices can still connect by code
			s.wg.Add(1)
			go s.relisten(inv, n)
		}
	}
	return s, nil
}

// joined is a guest's table in storage, so a reload rejoins it.
type joined struct {
	Link  string `json:"link"`
	Name  string `json:"name"`
	Token string `json:"token,omitempty"`
	Hands int    `json:"hands,omitempty"` // seats this browser holds there (hands.go); 0 or 1: one
}

// JoinConfig joins someone else's table.
type JoinConfig struct {
	Name string
	Link string // the invite link (or just its #/join/… part)
	Net  Net
	// Timeout bounds reaching the host (default 30s, long enough for a slow relay and ICE).
	Timeout time.Duration
}

// Join takes a seat at the table of an invite link. It returns a *JoinError naming the problem
// when the link is broken, the table is full or the host cannot be reached.
func Join(st Store, cfg JoinConfig) (*Session, error) {
	inv, err := signal.ParseInvite(cfg.Link)
	if err != nil {
		return nil, &JoinError{Problem: ProblemBadLink, Err: err}
	}
	token := ""
	if prev, ok := SavedJoin(st); ok && sameRoom(prev.Link, inv) {
		token = prev.Token
	}
	var (
		c  *rtc.Conn
		s  *Session
		mx *mux
	)
	for try := 1; ; try++ {
		var tc table.Conn
		if try == 1 {
			c, tc, err = joinLink(inv, cfg) // waits for a peek in flight (watch.go)
		} else {
			c, err = dial(inv, cfg)
			tc = c
		}
		if err != nil {
			return nil, err
		}
		mx = newMux(tc)
		g, err := newGuest(mx.table, cfg.Name, st, token, false)
		if err != nil {
			c.Close()
			return nil, err
		}
		if s, err = seatedGuest(g, cfg.Name, st, joinSilence, ProblemUnreachable); err == nil {
			break
		}
		// A link that opened but on which the host never spoke is dialled again (watch.go).
		if !errors.Is(err, errNoWelcome) || try == silentTries {
			return nil, err
		}
	}
	s.mu.Lock()
	s.joinRoom = inv.Room + "." + strings.ToLower(inv.Secret)
	s.remote = &remoteJoin{inv: inv, cfg: cfg}
	s.mu.Unlock()
	hands := 0
	if prev, ok := SavedJoin(st); ok && sameRoom(prev.Link, inv) {
		hands = prev.Hands // read before keepJoined saves the record afresh
	}
	s.setLink(c)
	s.blind = newBlind(s)
	go s.blind.guestLink(mx.blind)
	s.wg.Add(1)
	go s.keepJoined(inv, cfg, c)
	s.rejoinHands(hands)
	return s, nil
}

// JoinedTo reports whether this guest session sits at the table of invite link (so the UI can
// tell a second invite link, opened in the same tab, from the table it already shows).
func (s *Session) JoinedTo(link string) bool {
	inv, err := signal.ParseInvite(link)
	if err != nil {
		return false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.joinRoom != "" && s.joinRoom == inv.Room+"."+strings.ToLower(inv.Secret)
}

// errNoWelcome is a link that opened on which the host did not seat us in time.
var errNoWelcome = errors.New("the host did not seat us")

// joinSilence is how long Join waits for the host's welcome on one link before dialling again:
// it comes within a second even when the host's page is busy.
const joinSilence = 8 * time.Second

// seatedGuest waits until the host seats g (or turns it away), then makes it a ready guest
// session with its update pump running. unseated is the problem to report when the host stays
// silent for wait.
func seatedGuest(g *table.Guest, name string, st Store, wait time.Duration, unseated string) (*Session, error) {
	s := &Session{kind: Guest, name: name, store: st, guest: g, save: make(chan struct{}, 1), quit: make(chan struct{})}
	// A watcher (a game is on, or the host approves joiners) is welcomed without a seat.
	if !waitFor(g, wait, func(gs table.GuestState) bool { return gs.Seat >= 0 || gs.Connected || gs.Dropped != nil }) {
		s.Close()
		logf("session: the link to the host opened, but no welcome came in %v", wait)
		return nil, &JoinError{Problem: unseated, Err: errNoWelcome}
	}
	if d := g.State().Dropped; d != nil {
		s.Close()
		return nil, &JoinError{Problem: byeProblem(d), Err: fmt.Errorf("the host said bye: %s (%s)", d.Code, d.Kind)}
	}
	g.SetReady(true)
	s.game = g.State().Game
	s.wg.Add(1)
	go s.pump()
	return s, nil
}

func dial(inv signal.Invite, cfg JoinConfig) (*rtc.Conn, error) {
	if cfg.Timeout <= 0 {
		cfg.Timeout = 30 * time.Second
	}
	ctx, cancel := context.WithTimeout(context.Background(), cfg.Timeout)
	defer cancel()
	c, err := rtc.Dial(ctx, cfg.Net.RelayURL, inv, cfg.Name, cfg.Net.RTC)
	if err == nil {
		return c, nil
	}
	switch rtc.RefusedReason(err) {
	case signal.ReasonFull:
		return nil, &JoinError{Problem: ProblemFull, Err: err}
	case signal.ReasonClosed:
		return nil, &JoinError{Problem: ProblemHostClosed, Err: err}
	case signal.ReasonKicked:
		return nil, &JoinError{Problem: ProblemRemoved, Err: err}
	}
	je := &JoinError{Problem: dialProblem(err), Err: err}
	// conn.tried says none answered: not for these, where one did (or refused, which its own
	// words say).
	if je.Problem == ProblemNoHost || je.Problem == ProblemNoPath || je.Problem == ProblemNoPathTURN || je.Problem == ProblemBrokersRefused {
		return nil, je
	}
	if eps, perr := signal.ParseEndpoints(cfg.Net.RelayURL); perr == nil {
		for _, e := range eps {
			je.Tried = append(je.Tried, e.String())
		}
	}
	return nil, je
}

// keepJoined saves the seat for a reload and dials again whenever the link to the host breaks
// (the host reloaded, or the network blinked), until the session closes.
func (s *Session) keepJoined(inv signal.Invite, cfg JoinConfig, c *rtc.Conn) {
	defer s.wg.Done()
	rec := joined{Link: inv.Link(cfg.Net.Origin), Name: cfg.Name}
	saveRec := func() {
		if t := s.guest.State().Token; t != "" {
			rec.Token = t
		}
		rec.Hands = s.Hands()
		if b, err := json.Marshal(rec); err == nil {
			_ = s.store.Set(keyJoined, string(b))
		}
	}
	saveRec()
	for {
		select {
		case <-s.quit:
			return
		case <-c.Done():
		}
		if s.guest.State().Dropped != nil {
			return // the host sent us away: nothing to redial
		}
		saveRec()
		s.setProblem(ProblemLost, false)
		offline := false // the last try reached no transport at all (reach.go)
		for try, wait := 1, 500*time.Millisecond; ; try, wait = try+1, min(2*wait, 5*time.Second) {
			if try == hostGoneTry && !offline {
				// About half a minute without the host: say so and offer a way out, but keep
				// trying in case it comes back.
				s.setProblem(ProblemHostGone, true)
			}
			select {
			case <-s.quit:
				return
			case <-time.After(wait):
			}
			nc, err := dial(inv, cfg)
			if err == nil {
				c = nc
				s.setLink(c)
				mx := newMux(c)
				s.guest.Reconnect(mx.table)
				go s.blind.guestLink(mx.blind)
				s.setProblem("", false)
				break
			}
			var je *JoinError
			if errors.As(err, &je) && (je.Problem == ProblemFull || je.Problem == ProblemRemoved) {
				s.setProblem(je.Problem, true)
				return
			}
			offline = s.lostOffline(errors.As(err, &je) && je.Problem == ProblemAllDown, offline, try)
		}
	}
}

// SavedJoin is the table this browser last joined, if any.
func SavedJoin(st Store) (joined, bool) {
	var j joined
	raw, ok := st.Get(keyJoined)
	if !ok || json.Unmarshal([]byte(raw), &j) != nil {
		return joined{}, false
	}
	return j, true
}

// SavedJoinName is the name used at the table of link, if this browser joined it before.
func SavedJoinName(st Store, link string) (string, bool) {
	inv, err := signal.ParseInvite(link)
	if err != nil {
		return "", false
	}
	j, ok := SavedJoin(st)
	if !ok || !sameRoom(j.Link, inv) {
		return "", false
	}
	return j.Name, true
}

// sameRoom reports whether link names the table of inv: the same room and secret, and the same
// host key. The saved seat token goes only to the host that holds that key (the link's key is
// what rtc.Dial checks the host against): a look-alike link with the room and secret copied and
// another host key must not harvest the token to reclaim the seat at the real table.
func sameRoom(link string, inv signal.Invite) bool {
	prev, err := signal.ParseInvite(link)
	return err == nil && prev.Room == inv.Room && strings.EqualFold(prev.Secret, inv.Secret) && prev.HostKey == inv.HostKey
}
