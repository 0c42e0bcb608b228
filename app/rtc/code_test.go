package rtc

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"miskatonic/app/signal"
)

// TestCopyPasteCodes connects two pion peers passing nothing but the two codes (and the pass),
// as two devices on a LAN with no relay would.
func TestCopyPasteCodes(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	pass, err := signal.NewPass()
	if err != nil {
		t.Fatal(err)
	}
	off, err := NewOfferCode(ctx, LoopbackConfig(), pass)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("offer code: %d characters", len(off.Code))
	svg, err := signal.QRSVG(off.Code)
	if err != nil || !strings.HasPrefix(svg, "<svg") {
		t.Fatalf("offer code does not fit a QR code: %v", err)
	}
	// The guest types the pass in lower case without the dash.
	typed := strings.ToLower(strings.ReplaceAll(pass, "-", ""))
	ans, err := NewAnswerCode(ctx, LoopbackConfig(), typed, off.Code)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("answer code: %d characters", len(ans.Code))
	if _, err := signal.QRPNG(ans.Code); err != nil {
		t.Fatalf("answer code does not fit a QR code: %v", err)
	}
	// The host pastes the answer with a line break in it.
	pasted := ans.Code[:40] + "\n" + ans.Code[40:]
	host, err := off.Finish(ctx, pasted)
	if err != nil {
		t.Fatal(err)
	}
	defer host.Close()
	guest, err := ans.Wait(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer guest.Close()
	if err := guest.Send([]byte("hello over the LAN")); err != nil {
		t.Fatal(err)
	}
	if f, err := host.Recv(); err != nil || string(f) != "hello over the LAN" {
		t.Fatalf("host got %q %v", f, err)
	}
}

func TestCodeRefusals(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	pass, _ := signal.NewPass()
	other, _ := signal.NewPass()
	off, err := NewOfferCode(ctx, LoopbackConfig(), pass)
	if err != nil {
		t.Fatal(err)
	}
	defer off.Cancel()
	cases := []struct{ name, pass, code string }{
		{"wrong pass", other, off.Code},
		{"tampered", pass, off.Code[:len(off.Code)-3] + "AAA"},
		{"cut short", pass, off.Code[:len(off.Code)/2]},
		{"answer where an offer is due", pass, strings.Replace(off.Code, "MK1O", "MK1A", 1)},
		{"not a code", pass, "hello"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := NewAnswerCode(ctx, LoopbackConfig(), tc.pass, tc.code); !errors.Is(err, signal.ErrBadCode) {
				t.Fatalf("err = %v, want ErrBadCode", err)
			}
		})
	}
}
