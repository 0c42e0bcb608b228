package table

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"miskatonic/engine"
	"miskatonic/engine/fair/toy"
	"miskatonic/engine/wire"
)

// TestNoSentenceCrossesTheWire is a network watcher on every link of a real Host: its guests
// play a game with refusals, a kick, a flood, an old build's visit, chat and a deal that fails,
// until the host closes the table. Every frame the host sent is captured, and no string in any
// of them may hold an English sentence: a reason travels as a code and each reader words it in
// its own language. Only what people typed (names, chat lines) may read like prose.
func TestNoSentenceCrossesTheWire(t *testing.T) {
	defer checkNoLeak(t)()
	var capt frameLog
	h, err := NewHost(toy.Rules{}, HostConfig{Rand: newRand(61), RatePerSecond: 5000, Burst: 5000, MaxStrikes: 5, Logf: debugLogf, Signer: identity(900)})
	if err != nil {
		t.Fatal(err)
	}
	closed := false
	defer func() {
		if !closed {
			h.Close()
		}
	}()
	var guests []*Guest
	defer func() {
		for _, g := range guests {
			g.Close()
		}
	}()
	join := func(i int, out func(wire.Message) wire.Message) *Guest {
		a, b := Pipe()
		if err := h.AddGuest(a); err != nil {
			t.Fatal(err)
		}
		g, err := NewGuest(&tap{Conn: b, capt: &capt, out: out}, GuestConfig{Name: fmt.Sprint("p", i), Identity: identity(i),
			Rand: newRand(uint64(70 + i)), Rules: lookup, Tick: 10 * time.Millisecond, RevealTimeout: 50 * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		guests = append(guests, g)
		waitUntil(t, fmt.Sprint("guest ", i, " seated"), func() bool { return g.State().Connected })
		return g
	}
	var hidden int
	var mu sync.Mutex
	honest := join(0, nil)
	cheated := join(1, func(m wire.Message) wire.Message { // a dishonest host: one move withheld
		mu.Lock()
		defer mu.Unlock()
		switch v := m.(type) {
		case *wire.View:
			if hidden == 0 && v.Move != nil && v.Move.Seat != 1 && v.Move.Kind != engine.KindDeal && !v.Status.IsActive(1) {
				hidden = v.Seq
			}
			if v.Seq == hidden {
				return nil
			}
		case *wire.Log:
			return nil
		}
		return m
	})
	leaver := join(2, nil)

	// A kick in the lobby.
	if err := h.Remove(2); err != nil {
		t.Fatal(err)
	}
	waitUntil(t, "the kick", func() bool { return leaver.State().Dropped != nil })

	// An old build: its first frame is of protocol version 2.
	old := rawPeer(t, h, &capt)
	old.send([]byte(`{"v":2,"type":"resync","seq":1,"body":{"next":1}}`))
	// A malicious page: frames that cannot be read, until the host lets it go.
	mallory := rawPeer(t, h, &capt)
	for i := 0; i < 7; i++ {
		mallory.send([]byte(`{"v":8,"type":"cheat","seq":` + fmt.Sprint(900+i) + `,"body":{}}`))
	}

	honest.SetReady(true)
	cheated.SetReady(true)
	waitUntil(t, "the start", func() bool { return h.Start() == nil })
	// A refusal: "not ready" once the game is on does not fit the table's state.
	cheated.SetReady(false)
	waitUntil(t, "the refusal", func() bool { r := cheated.State().Reject; return r != nil && r.Kind == wire.KindState })
	// Chat, which is the players' own words.
	if err := honest.Say("good luck to all of you at this table"); err != nil {
		t.Fatal(err)
	}
	waitUntil(t, "the chat", func() bool { return len(cheated.State().Chat) > 0 })

	stop := make(chan struct{})
	var wg sync.WaitGroup
	r := newRand(62)
	for _, g := range []*Guest{honest, cheated} {
		wg.Add(1)
		go driver(g, r, stop, &wg)
	}
	waitUntil(t, "the failed deal", func() bool {
		for _, d := range cheated.State().Deals {
			if d.State == DealFailed {
				return true
			}
		}
		return false
	})
	close(stop)
	wg.Wait()
	h.End()
	closed = true
	waitUntil(t, "the closing bye", func() bool { return honest.State().Dropped != nil })
	old.wait()
	mallory.wait()

	frames := capt.all()
	seen := map[string]bool{}
	for _, f := range frames {
		typ, texts, err := stringsOf(f)
		if err != nil {
			t.Fatalf("unreadable frame %q: %v", f, err)
		}
		seen[typ] = true
		if typ == "bye" {
			var env wire.Envelope
			var b struct{ Code string }
			if json.Unmarshal(bytes.TrimRight(f, " "), &env) == nil && json.Unmarshal(env.Body, &b) == nil {
				seen["bye."+b.Code] = true
			}
		}
		for _, s := range texts {
			if m := sentence.FindString(s.value); m != "" && !said[s.path] {
				t.Errorf("%s frame: %s = %q reads as a sentence (%q)", typ, s.path, s.value, m)
			}
		}
	}
	var kinds []string
	for k := range seen {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	for _, want := range []string{"reject", "chat", "bye.kicked", "bye.version", "bye.flood", "bye.closed", "view", "lobby"} {
		if !seen[want] {
			t.Errorf("no %s frame was captured (saw %v): the test no longer covers it", want, kinds)
		}
	}
	t.Logf("%d frames checked: %v", len(frames), kinds)
}

// sentence is three or more ASCII words in a row: what an English sentence has and no code,
// key, name of a thing, hex or base64 does.
var sentence = regexp.MustCompile(`[A-Za-z]+ [A-Za-z]+ [A-Za-z]+`)

// said lists where people's own words travel: names and chat lines are theirs, not the app's.
var said = map[string]bool{
	"chat.name":        true,
	"chat.text":        true,
	"lobby.seats.name": true,
	"preview.host":     true,
}

type text struct{ path, value string }

// stringsOf returns a frame's type and every string in its body (views included), each with
// its path: message type, then field names (array indexes left out).
func stringsOf(f []byte) (string, []text, error) {
	var env struct {
		Type string          `json:"type"`
		Body json.RawMessage `json:"body"`
	}
	if err := json.Unmarshal(bytes.TrimRight(f, " "), &env); err != nil {
		return "", nil, err
	}
	var body any
	if err := json.Unmarshal(env.Body, &body); err != nil {
		return "", nil, err
	}
	var out []text
	var walk func(path string, v any)
	walk = func(path string, v any) {
		switch x := v.(type) {
		case string:
			out = append(out, text{path, x})
		case []any:
			for _, e := range x {
				walk(path, e)
			}
		case map[string]any:
			for k, e := range x {
				walk(path+"."+k, e)
			}
		}
	}
	walk(env.Type, body)
	return env.Type, out, nil
}

// frameLog keeps every frame the host sent on the links it watches.
type frameLog struct {
	mu     sync.Mutex
	frames [][]byte
}

func (c *frameLog) add(f []byte) {
	c.mu.Lock()
	c.frames = append(c.frames, append([]byte(nil), f...))
	c.mu.Unlock()
}

func (c *frameLog) all() [][]byte {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([][]byte(nil), c.frames...)
}

// tap is a guest's end of a link, watched: every frame the host sent is captured as sent, then
// out (a dishonest host's edit, if any) may rewrite it. A withheld message leaves a frame the
// guest ignores in its place, so the guest sees no gap in the sequence.
type tap struct {
	Conn
	capt *frameLog
	out  func(wire.Message) wire.Message
}

func (c *tap) Recv() ([]byte, error) {
	f, err := c.Conn.Recv()
	if err != nil {
		return f, err
	}
	c.capt.add(f)
	if c.out == nil {
		return f, nil
	}
	seq, m, derr := wire.Decode(f)
	if derr != nil {
		return f, nil
	}
	m2 := c.out(m)
	if m2 == m {
		return f, nil
	}
	if m2 == nil {
		m2 = &wire.Ready{Ready: true}
	}
	if f2, err := wire.Encode(seq, m2); err == nil {
		return f2, nil
	}
	return f, nil
}

// peerLink is a hand-written page on one link: it sends what it is told and captures all the
// host says until the host hangs up.
type peerLink struct {
	t    *testing.T
	c    Conn
	done chan struct{}
}

func rawPeer(t *testing.T, h *Host, capt *frameLog) *peerLink {
	a, b := Pipe()
	if err := h.AddGuest(a); err != nil {
		t.Fatal(err)
	}
	p := &peerLink{t: t, c: b, done: make(chan struct{})}
	go func() {
		defer close(p.done)
		for {
			f, err := b.Recv()
			if err != nil {
				return
			}
			capt.add(f)
		}
	}()
	return p
}

func (p *peerLink) send(f []byte) {
	if err := p.c.Send(f); err != nil && !strings.Contains(err.Error(), "closed") {
		p.t.Fatal(err)
	}
}

// wait is until the host has hung up on this link.
func (p *peerLink) wait() {
	select {
	case <-p.done:
	case <-time.After(30 * time.Second):
		p.t.Fatal("the host never hung up on a raw link")
	}
	p.c.Close()
}

// waitUntil polls; its deadline only turns a hang into a failure.
func waitUntil(t *testing.T, what string, ok func() bool) {
	t.Helper()
	for end := time.Now().Add(30 * time.Second); !ok(); time.Sleep(2 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatalf("timed out waiting for %s", what)
		}
	}
}
