package signal

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
)

func seeded(t testing.TB, seed byte) Invite {
	t.Helper()
	in, err := NewInviteFrom(rand.NewChaCha8([32]byte{seed}))
	if err != nil {
		t.Fatal(err)
	}
	return in
}

func TestInviteRoundTrip(t *testing.T) {
	in := seeded(t, 1)
	if len(in.Room) != RoomLen || len(in.Secret) != SecretLen || in.HostToken == "" || in.HostSeed == "" || len(in.HostKey) != 16 {
		t.Fatalf("invite %+v", in)
	}
	link := in.Link("https://miskatonic.example/")
	rsk := in.Room + "." + in.Secret + "." + in.HostKey
	if want := "https://miskatonic.example/#/join/" + rsk; link != want {
		t.Fatalf("link %q, want %q", link, want)
	}
	if strings.Contains(link, in.HostToken) || strings.Contains(link, in.HostSeed) {
		t.Fatal("a host secret leaked into the link")
	}
	forms := []string{link, "  " + link + "\n", "#" + in.Fragment(), in.Fragment(), rsk,
		"http://localhost:8080/app?x=1#/join/" + rsk}
	for _, f := range forms {
		got, err := ParseInvite(f)
		if err != nil || got != in.Guest() {
			t.Fatalf("ParseInvite(%q) = %+v, %v", f, got, err)
		}
	}
	if seeded(t, 1) != in || seeded(t, 2) == in {
		t.Fatal("invites are not determined by their randomness")
	}
}

func TestParseInviteRefusals(t *testing.T) {
	in := seeded(t, 3)
	cases := []struct{ name, s string }{
		{"empty", "   "},
		{"no fragment", "https://miskatonic.example/join/" + in.Room + "." + in.Secret},
		{"no dot", "#/join/" + in.Room + in.Secret},
		{"no host key", "#/join/" + in.Room + "." + in.Secret},
		{"host key cut short", "#/join/" + in.Room + "." + in.Secret + "." + in.HostKey[:10]},
		{"extra part", "#/join/" + in.Room + "." + in.Secret + "." + in.HostKey + "." + in.HostKey},
		{"secret cut short", "#/join/" + in.Room + "." + in.Secret[:10] + "." + in.HostKey},
		{"room cut short", "#/join/" + in.Room[:5] + "." + in.Secret + "." + in.HostKey},
		{"secret too long", "#/join/" + in.Room + "." + in.Secret + "AA." + in.HostKey},
		{"bad characters", "#/join/" + in.Room + "." + strings.Repeat("!", SecretLen) + "." + in.HostKey},
		{"other route", "https://h/#/lobby"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := ParseInvite(tc.s); !errors.Is(err, ErrBadInvite) {
				t.Fatalf("err = %v, want ErrBadInvite", err)
			}
		})
	}
}

func TestSealOpen(t *testing.T) {
	in := seeded(t, 4)
	box, err := NewBox(in)
	if err != nil {
		t.Fatal(err)
	}
	other, _ := NewBox(seeded(t, 5))
	sameSecretOtherRoom := in
	sameSecretOtherRoom.Room = seeded(t, 6).Room
	moved, _ := NewBox(sameSecretOtherRoom)
	s, _ := NewSession()
	msg := []byte(`{"kind":"offer","sdp":"v=0"}`)
	sealed := box.Seal(ToHost, s, 7, msg)
	if bytes.Contains(sealed, msg) {
		t.Fatal("payload travels in the clear")
	}
	gs, seq, got, err := box.Open(ToHost, sealed)
	if err != nil || gs != s || seq != 7 || !bytes.Equal(got, msg) {
		t.Fatalf("open: %v %v %q %v", gs, seq, got, err)
	}
	flip := func(i int) []byte {
		b := append([]byte(nil), sealed...)
		b[i] ^= 0x40
		return b
	}
	cases := []struct {
		name string
		box  *Box
		dir  Dir
		data []byte
		want error
	}{
		{"other room key", other, ToHost, sealed, ErrUnsealed},
		{"same secret, other room", moved, ToHost, sealed, ErrUnsealed},
		{"wrong direction", box, ToGuest, sealed, ErrUnsealed},
		{"session altered", box, ToHost, flip(5), ErrUnsealed},
		{"sequence altered", box, ToHost, flip(20), ErrUnsealed},
		{"nonce altered", box, ToHost, flip(30), ErrUnsealed},
		{"ciphertext altered", box, ToHost, flip(len(sealed) - 1), ErrUnsealed},
		{"version altered", box, ToHost, flip(0), ErrFraming},
		{"truncated", box, ToHost, sealed[:Overhead-1], ErrFraming},
		{"empty", box, ToHost, nil, ErrFraming},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if _, _, _, err := tc.box.Open(tc.dir, tc.data); !errors.Is(err, tc.want) {
				t.Fatalf("err = %v, want %v", err, tc.want)
			}
		})
	}
}

func TestReplayGuard(t *testing.T) {
	var r Replay
	r.Max = 2
	a, b, c := Session{1}, Session{2}, Session{3}
	steps := []struct {
		name string
		s    Session
		seq  uint64
		ok   bool
	}{
		{"a1", a, 1, true},
		{"a1 again", a, 1, false},
		{"a3 skips ahead", a, 3, true},
		{"a2 late, once", a, 2, true},
		{"a2 again", a, 2, false},
		{"a3 again", a, 3, false},
		{"a0", a, 0, false},
		{"a80 jumps the window", a, 80, true},
		{"a16 too old", a, 16, false},
		{"a17 just inside", a, 17, true},
		{"a17 again", a, 17, false},
		{"b1", b, 1, true},
		{"c1 evicts a", c, 1, true},
		{"a4 after eviction", a, 4, false},
		{"b2", b, 2, true},
	}
	for _, st := range steps {
		if err := r.Check(st.s, st.seq); (err == nil) != st.ok {
			t.Fatalf("%s: err = %v", st.name, err)
		}
	}
	r.Forget(b)
	if r.Check(b, 9) == nil {
		t.Fatal("a forgotten session came back")
	}
}

func TestMessages(t *testing.T) {
	mid := "0"
	good := []Message{
		{Kind: KindOffer, SDP: "v=0", Name: "Ada"},
		{Kind: KindAnswer, SDP: "v=0"},
		{Kind: KindCandidate, Candidate: &Candidate{Candidate: "candidate:1 1 udp 1 127.0.0.1 5000 typ host", SDPMid: &mid}},
		{Kind: KindCandidate, Candidate: &Candidate{}}, // Chromium's end-of-candidates
		{Kind: KindRefuse, Reason: ReasonFull},
		{Kind: KindBye},
	}
	for _, m := range good {
		b, err := m.Encode()
		if err != nil {
			t.Fatal(err)
		}
		if _, err := DecodeMessage(b); err != nil {
			t.Fatalf("%s: %v", m.Kind, err)
		}
	}
	bad := map[string]string{
		"unknown kind":      `{"kind":"hug"}`,
		"offer without sdp": `{"kind":"offer"}`,
		"bare candidate":    `{"kind":"candidate"}`,
		"not json":          `kind=offer`,
		"name too long":     `{"kind":"bye","name":"` + strings.Repeat("x", MaxName+1) + `"}`,
		"too long":          `{"kind":"offer","sdp":"` + strings.Repeat("x", MaxMessage) + `"}`,
	}
	for name, s := range bad {
		if _, err := DecodeMessage([]byte(s)); !errors.Is(err, ErrFraming) {
			t.Errorf("%s: err = %v", name, err)
		}
	}
}

func TestFrames(t *testing.T) {
	f := Frame{Type: FrameData, Peer: 0xdeadbeef, Payload: []byte("sealed")}
	g, err := ParseFrame(f.Marshal())
	if err != nil || g.Type != f.Type || g.Peer != f.Peer || string(g.Payload) != "sealed" {
		t.Fatalf("%+v %v", g, err)
	}
	for _, b := range [][]byte{nil, {1, 0, 0, 0}, {0, 0, 0, 0, 0}, {9, 0, 0, 0, 0}} {
		if _, err := ParseFrame(b); err == nil {
			t.Errorf("ParseFrame(%v) accepted", b)
		}
	}
}

func TestRelayURL(t *testing.T) {
	cases := []struct{ origin, want string }{
		{"https://miskatonic.example", "wss://miskatonic.example/signal"},
		{"http://localhost:8080/#/join/x.y", "ws://localhost:8080/signal"},
	}
	for _, tc := range cases {
		if got, err := RelayURL(tc.origin); err != nil || got != tc.want {
			t.Errorf("RelayURL(%q) = %q, %v", tc.origin, got, err)
		}
	}
	if _, err := RelayURL("file:///x"); err == nil {
		t.Error("file origin accepted")
	}
	u, err := roomURL("https://relay.example/signal", "room", RoleHost)
	if err != nil || u != "wss://relay.example/signal?role=host&room=room" {
		t.Errorf("roomURL = %q, %v", u, err)
	}
}

func TestCodes(t *testing.T) {
	pass, err := NewPass()
	if err != nil || len(pass) != PassLen+2 {
		t.Fatalf("pass %q %v", pass, err)
	}
	sdp := "v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n" + strings.Repeat("a=candidate:1 1 udp 2130706431 127.0.0.1 5000 typ host\r\n", 4)
	code, err := SealCode(CodeOffer, pass, sdp)
	if err != nil {
		t.Fatal(err)
	}
	got, err := OpenCode(CodeOffer, strings.ToLower(pass), " "+code+"\n")
	if err != nil || got != sdp {
		t.Fatalf("open: %v", err)
	}
	// O and I typed for 0 and 1 are read as digits.
	if p, err := normalizePass("o1-IL ab cd-efgh j"); err != nil || p != "0111ABCDEFGHJ" {
		t.Fatalf("normalize: %q %v", p, err)
	}
	if _, err := OpenCode(CodeAnswer, pass, code); !errors.Is(err, ErrBadCode) {
		t.Fatalf("offer read as answer: %v", err)
	}
	if _, err := OpenCode(CodeOffer, "short", code); !errors.Is(err, ErrBadCode) {
		t.Fatalf("short pass: %v", err)
	}
	png, err := QRPNG(code)
	if err != nil || !bytes.HasPrefix(png, []byte("\x89PNG")) {
		t.Fatalf("qr png: %v", err)
	}
}

// TestHostSignature: only the key the link names can sign what a guest acts on, for that
// guest's session only.
func TestHostSignature(t *testing.T) {
	host, other := seeded(t, 30), seeded(t, 31)
	guest := host.Guest()
	sid := Session{7}
	m := Message{Kind: KindAnswer, SDP: "v=0 fingerprint A"}
	signed, err := SignHost(host, sid, m)
	if err != nil {
		t.Fatal(err)
	}
	if err := VerifyHost(guest, sid, signed); err != nil {
		t.Fatalf("the host's own answer refused: %v", err)
	}
	impostor := other
	impostor.Room, impostor.Secret = host.Room, host.Secret // knows everything in the link
	forged, _ := SignHost(impostor, sid, m)
	altered := signed
	altered.SDP = "v=0 fingerprint B"
	refusal, _ := SignHost(host, sid, Message{Kind: KindRefuse, Reason: ReasonFull})
	refusal.Reason = ReasonKicked
	cases := []struct {
		name string
		sid  Session
		m    Message
	}{
		{"unsigned", sid, m},
		{"impostor's own key", sid, forged},
		{"answer altered", sid, altered},
		{"refusal reason altered", sid, refusal},
		{"replayed into another session", Session{8}, signed},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if err := VerifyHost(guest, tc.sid, tc.m); !errors.Is(err, ErrImpostor) {
				t.Fatalf("err = %v, want ErrImpostor", err)
			}
		})
	}
	if _, err := SignHost(guest, sid, m); err == nil {
		t.Fatal("a guest's copy signed")
	}
}
