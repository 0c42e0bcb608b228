package table

// Table talk. A line must reach everyone even when it is said while a link is being replaced
// (a redial, a reload, a host that resumed): the guest keeps each of its lines until the host
// relays it back, sends every unconfirmed line again, in order, on each new link (and on the
// same link after a quiet spell), and the host keeps the latest lines and replays them in every
// welcome, so a guest whose link was down while a line went by still gets it. Both ends drop
// repeats by the line's number, so none of this ever shows a line twice.

import (
	"time"

	"miskatonic/engine"
	"miskatonic/engine/fair"
	"miskatonic/engine/wire"
)

const (
	chatKeep    = 32  // lines the host replays in a welcome
	chatWaiting = 32  // lines a guest keeps unconfirmed before it refuses to take more
	lineWindow  = 256 // line numbers remembered per speaker for de-duplication
)

// lineSet remembers which line numbers of one speaker were seen. Lines may arrive out of order
// (one said on a link that broke is sent again after a later one went out on the new link), so
// it keeps a window of numbers rather than only the highest; anything at or below floor, the
// highest number forgotten, counts as seen.
type lineSet struct {
	floor int
	seen  map[int]bool
}

// add reports whether n is new, remembering it.
func (s *lineSet) add(n int) bool {
	if n <= s.floor || s.seen[n] {
		return false
	}
	if s.seen == nil {
		s.seen = map[int]bool{}
	}
	s.seen[n] = true
	if len(s.seen) > lineWindow {
		// Forget the lower half: the floor rises to the highest number forgotten.
		low := make([]int, 0, len(s.seen))
		for k := range s.seen {
			low = append(low, k)
		}
		median := nth(low, len(low)/2)
		for k := range s.seen {
			if k <= median {
				delete(s.seen, k)
			}
		}
		s.floor = max(s.floor, median)
	}
	return true
}

// nth is the k-th smallest of xs (xs is reordered).
func nth(xs []int, k int) int {
	for lo, hi := 0, len(xs)-1; lo < hi; {
		p, i, j := xs[(lo+hi)/2], lo, hi
		for i <= j {
			for xs[i] < p {
				i++
			}
			for xs[j] > p {
				j--
			}
			if i <= j {
				xs[i], xs[j] = xs[j], xs[i]
				i, j = i+1, j-1
			}
		}
		switch {
		case k <= j:
			hi = j
		case k >= i:
			lo = i
		default:
			return xs[k]
		}
	}
	return xs[k]
}

func seenSet(m map[string]*lineSet, who string) *lineSet {
	s := m[who]
	if s == nil {
		s = &lineSet{}
		m[who] = s
	}
	return s
}

// ---- host ----

// say relays a guest's line to everyone and keeps it for later welcomes. A line the host
// already relayed (the guest sent it again because it never heard it back, perhaps on a link
// that broke) goes back to that guest only.
func (h *Host) say(p *peer, m *wire.Say) {
	name := "observer"
	if p.seat.Valid(len(h.seats)) {
		name = h.seats[p.seat].Name
	}
	c := &wire.Chat{From: p.seat, Name: name, Text: m.Text, N: m.N, Sig: m.Sig}
	if m.N > 0 && !seenSet(h.chatSeen, string(p.key)).add(m.N) {
		h.send(p, c)
		return
	}
	h.chatLog = append(h.chatLog, chatLine{table: h.table, chat: *c})
	if len(h.chatLog) > chatKeep {
		h.chatLog = append(h.chatLog[:0], h.chatLog[len(h.chatLog)-chatKeep:]...)
	}
	h.broadcast(c)
}

// chatLine is a relayed line and the table id it was said under (lines are signed for it).
type chatLine struct {
	table []byte
	chat  wire.Chat
}

// sendChatLog replays the latest lines of this game to a guest being welcomed, which drops
// those it has. Lines of an earlier game at the table are signed for its id, not this one's.
func (h *Host) sendChatLog(p *peer) {
	for _, l := range h.chatLog {
		if string(l.table) == string(h.table) {
			c := l.chat
			h.send(p, &c)
		}
	}
}

// ---- guest ----

// saying is one of our lines the host has not yet relayed back to us.
type saying struct {
	n    int
	text string
	gen  int // the link it was last sent on (0: not yet sent)
	sent time.Time
}

// Say sends a chat line. It is sent again, on this link after a quiet spell or at once on a
// new one, until the host relays it back.
func (g *Guest) Say(text string) error {
	text = clipText(text, wire.MaxChat)
	if text == "" {
		return engine.Errorf(engine.KindMalformed, "table: say", "empty chat line")
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if len(g.says) >= chatWaiting {
		return engine.Errorf(wire.KindFlood, "table: say", "%d lines are still waiting for the host", len(g.says))
	}
	// Numbers come from the clock, so a reloaded page (which forgot its count) still numbers
	// its lines above those it said before: the others drop a number they have seen.
	g.chatN = max(g.chatN+1, int(time.Now().UnixMilli()))
	g.says = append(g.says, &saying{n: g.chatN, text: text})
	g.flushSays(false)
	return nil
}

// flushSays sends, in order, every unconfirmed line not yet sent on the current link (all of
// them when again is set). A line is signed when sent, for the table and seat of that moment:
// a rematch or a welcome elsewhere may have changed them since it was said.
func (g *Guest) flushSays(again bool) {
	l := g.link
	if l == nil || !l.welcomed {
		return
	}
	now := time.Now()
	for _, s := range g.says {
		if s.gen == l.gen && !again {
			continue
		}
		s.gen, s.sent = l.gen, now
		g.send(&wire.Say{Text: s.text, N: s.n, Sig: g.cfg.Identity.SignChat(g.tableID, g.st.Seat, s.n, s.text)})
	}
}

// resendSays sends every unconfirmed line again once the oldest has waited a few ticks
// without coming back (a frame lost, or refused while the host was busy).
func (g *Guest) resendSays(now time.Time) {
	if len(g.says) > 0 && g.says[0].gen != 0 && now.Sub(g.says[0].sent) >= 3*g.cfg.Tick {
		g.flushSays(true)
	}
}

// chat takes a line relayed by the host: shown once, if it carries the signature of the key
// the lobby shows at its seat; one of ours coming back is confirmed.
func (g *Guest) chat(m *wire.Chat) {
	who, ok := g.chatSigned(m)
	if !ok {
		g.logf("table: guest dropped a chat line not signed by seat %d", m.From)
		return
	}
	if m.From == g.st.Seat {
		for i, s := range g.says {
			if s.n == m.N && s.text == m.Text {
				g.says = append(g.says[:i], g.says[i+1:]...)
				break
			}
		}
	}
	if m.N > 0 && !seenSet(g.chatSeen, who).add(m.N) {
		return // a repeat: a replayed welcome, or our own line sent again
	}
	g.st.Chat = append(g.st.Chat, *m)
	if len(g.st.Chat) > 200 {
		g.st.Chat = g.st.Chat[len(g.st.Chat)-200:]
	}
}

// chatSigned checks a chat line from a player's seat against the key the lobby shows there (a
// line from an observer has no seat key to check) and marks it; a line a seat's key did not
// sign is dropped, so the host cannot put words in a player's mouth. It names the speaker
// for de-duplication: the seat's key, or the observer's name.
func (g *Guest) chatSigned(m *wire.Chat) (string, bool) {
	if !m.From.Valid(len(g.st.Lobby.Seats)) {
		return "name:" + m.Name, true
	}
	s := g.st.Lobby.Seats[m.From]
	if s.Bot || len(s.Key) == 0 {
		return "name:" + m.Name, true
	}
	m.Signed = fair.VerifyChat(s.Key, g.tableID, m.From, m.N, m.Text, m.Sig)
	return "key:" + string(s.Key), m.Signed
}
