//go:build !wasm

package session

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"miskatonic/app/rtc"
	"miskatonic/app/signal"
	"miskatonic/engine/table"
)

// deadNet is a page with no internet: its relay address refuses every connection.
func deadNet() Net {
	return Net{Origin: "http://miskatonic.test", RelayURL: "ws://127.0.0.1:1/signal", RTC: rtc.LoopbackConfig()}
}

func problemOfErr(err error) string {
	var je *JoinError
	if errors.As(err, &je) {
		return je.Problem
	}
	return ""
}

// TestCodeJoinWithoutRelay: a host whose relay is unreachable still opens its table, and two
// guests take seats by nothing but codes (pion over loopback); the host starts, the guests get
// their views, and a guest that lost its link gets its seat back with a fresh code.
func TestCodeJoinWithoutRelay(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	host, err := StartHostAnyNet(&MemStore{}, HostConfig{Name: "Ann", Game: "arkham", Net: deadNet()})
	if err != nil {
		t.Fatal(err)
	}
	defer host.Forget()
	if snap := host.Snapshot(); snap.Invite != "" || snap.Problem != ProblemNoRelay || snap.Fatal {
		t.Fatalf("host without relay: invite %q problem %q fatal %v", snap.Invite, snap.Problem, snap.Fatal)
	}
	join := func(st Store, name string) *Session {
		t.Helper()
		off, err := host.OfferCode(ctx, rtc.LoopbackConfig())
		if err != nil {
			t.Fatal(err)
		}
		link := OfferLink("https://miskatonic.test", off.Code)
		if len(off.Pass) != signal.PassLen+2 || QRImage(link) == "" || !strings.HasPrefix(off.Code, codeHeadOffer) {
			t.Fatalf("offer: pass %q, link %d bytes (no QR?), code %.10q", off.Pass, len(link), off.Code)
		}
		// The guest types the pass in lower case with a space.
		typed := strings.ToLower(strings.ReplaceAll(off.Pass, "-", " "))
		// Bea scans the QR code (the offer link); Cy pastes the code.
		pasted := off.Code
		if name == "Bea" {
			pasted = link
		}
		ans, err := AnswerCode(ctx, rtc.LoopbackConfig(), typed, pasted)
		if err != nil {
			t.Fatal(err)
		}
		if ans.QR == "" {
			t.Fatal("the answer code has no QR code")
		}
		joined := make(chan *Session, 1)
		go func() {
			s, err := ans.Join(ctx, st, name)
			if err != nil {
				t.Errorf("%s: %v", name, err)
			}
			joined <- s
		}()
		if err := off.Finish(ctx, ans.Code[:30]+"\n"+ans.Code[30:]); err != nil {
			t.Fatal(err)
		}
		off.Cancel() // after success: must not cut the seated guest off
		s := <-joined
		if s == nil {
			t.FailNow()
		}
		return s
	}
	beaStore := &MemStore{}
	bea := join(beaStore, "Bea")
	cy := join(&MemStore{}, "Cy")
	defer cy.Forget()
	if !waitFor(host.guest, time.Minute, func(s table.GuestState) bool { return len(s.Lobby.Seats) == 3 }) {
		t.Fatal("the lobby never showed three seats")
	}
	beaSeat := bea.Snapshot().Seat

	// Bea's page closes; she joins again with a fresh code from the same browser storage.
	bea.Close()
	bea = join(beaStore, "Bea")
	defer bea.Forget()
	if got := bea.Snapshot().Seat; got != beaSeat {
		t.Fatalf("Bea came back to seat %d, had %d", got, beaSeat)
	}
	var startErr error
	for i := 0; i < 200; i++ {
		if startErr = host.Start(); startErr == nil {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if startErr != nil {
		t.Fatal(startErr)
	}
	for _, g := range []*Session{bea, cy} {
		// What the screen shows (a host-blind game's view is the blind page's, not the table's).
		if !waitFor(g.guest, time.Minute, func(table.GuestState) bool { s := g.Snapshot(); return s.Started && s.HasView }) {
			t.Fatal("a code-joined guest never got its view")
		}
	}
	// The host goes away: the guest is told, with no redial to wait for.
	host.Forget()
	if !waitFor(cy.guest, time.Minute, func(table.GuestState) bool { return cy.Snapshot().Problem != "" }) {
		t.Fatal("the guest was never told the host left")
	}
	if p := cy.Snapshot(); !p.Fatal {
		t.Fatalf("guest after the host left: %q fatal %v", p.Problem, p.Fatal)
	}
}

// TestCodeRefusals: every broken input gets a problem saying what to fix, and a bad answer
// leaves the offer good for the right one.
func TestCodeRefusals(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	host, err := StartHostAnyNet(&MemStore{}, HostConfig{Name: "Ann", Game: "arkham", Net: deadNet()})
	if err != nil {
		t.Fatal(err)
	}
	defer host.Forget()
	off, err := host.OfferCode(ctx, rtc.LoopbackConfig())
	if err != nil {
		t.Fatal(err)
	}
	other, err := host.OfferCode(ctx, rtc.LoopbackConfig())
	if err != nil {
		t.Fatal(err)
	}
	defer other.Cancel()
	guests := []struct{ name, pass, code, want string }{
		{"empty pass", "", off.Code, ProblemCodePass},
		{"short pass", "ABC", off.Code, ProblemCodePass},
		{"stray symbol", "ABCD-EFG!", off.Code, ProblemCodePass},
		{"wrong pass", other.Pass, off.Code, ProblemCodeNoOpen},
		{"cut short", off.Pass, off.Code[:len(off.Code)/2], ProblemCodeNoOpen},
		{"tampered", off.Pass, off.Code[:len(off.Code)-4] + "AAAA", ProblemCodeNoOpen},
		{"not a code", off.Pass, "hello there", ProblemCodeNotCode},
		{"empty code", off.Pass, "", ProblemCodeNotCode},
		{"an invite link", off.Pass, "https://x.test/#/join/abc.def", ProblemCodeNotCode},
	}
	for _, tc := range guests {
		t.Run("guest/"+tc.name, func(t *testing.T) {
			if _, err := AnswerCode(ctx, rtc.LoopbackConfig(), tc.pass, tc.code); problemOfErr(err) != tc.want {
				t.Fatalf("err = %v, want problem %s", err, tc.want)
			}
		})
	}
	ans, err := AnswerCode(ctx, rtc.LoopbackConfig(), off.Pass, off.Code)
	if err != nil {
		t.Fatal(err)
	}
	otherAns, err := AnswerCode(ctx, rtc.LoopbackConfig(), other.Pass, other.Code)
	if err != nil {
		t.Fatal(err)
	}
	hosts := []struct{ name, code, want string }{
		{"own offer pasted back", off.Code, ProblemCodeWantAns},
		{"answer to another offer", otherAns.Code, ProblemCodeNoOpen},
		{"garbage", "MK1A.!!!!", ProblemCodeNoOpen},
		{"nothing", "  ", ProblemCodeNotCode},
	}
	for _, tc := range hosts {
		t.Run("host/"+tc.name, func(t *testing.T) {
			if err := off.Finish(ctx, tc.code); problemOfErr(err) != tc.want {
				t.Fatalf("err = %v, want problem %s", err, tc.want)
			}
		})
	}
	// The offer still works with the right answer.
	joined := make(chan error, 1)
	go func() {
		s, err := ans.Join(ctx, &MemStore{}, "Bea")
		if s != nil {
			defer s.Forget()
		}
		joined <- err
	}()
	if err := off.Finish(ctx, ans.Code); err != nil {
		t.Fatal(err)
	}
	if err := <-joined; err != nil {
		t.Fatal(err)
	}
	// Only a host makes offers.
	solo, err := StartSolo(&MemStore{}, SoloConfig{Name: "Dee", Game: "arkham", Players: 3, Level: "random"})
	if err != nil {
		t.Fatal(err)
	}
	defer solo.Forget()
	if _, err := solo.OfferCode(ctx, rtc.LoopbackConfig()); problemOfErr(err) != ProblemCodeNotHost {
		t.Fatalf("solo offer: %v", err)
	}
}
