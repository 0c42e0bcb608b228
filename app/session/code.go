package session

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"time"

	"miskatonic/app/rtc"
	"miskatonic/app/signal"
)

// Connecting by code: the serverless fallback for devices that share a network (a LAN, a phone's
// hotspot) but cannot reach the relay. The host makes an offer code for one new seat and shows
// it with a short pass; the guest types the pass, pastes the offer and gets an answer code to
// give back; once the host pastes that, the guest goes through the same table.Host.AddGuest as
// a relay joiner (same seating, full-table and kick rules). One code seats one device; several
// devices take one code each.
//
// A code-joined guest that loses its connection does not redial by itself (there is no relay to
// find the host through): it joins again with a fresh code from the host, and because the table
// seats by identity key, the same browser gets its old seat back.

// Problems of the code path, as catalog keys (app/i18n/words/en/connect.txt).
const (
	ProblemCodePass     = "code.bad_pass"    // the pass is not 8 letters/digits
	ProblemCodeNotCode  = "code.not_code"    // the text pasted is not a connection code
	ProblemCodeWantOff  = "code.want_offer"  // an answer code was pasted where the offer goes
	ProblemCodeWantAns  = "code.want_answer" // an offer code was pasted where the answer goes
	ProblemCodeNoOpen   = "code.no_open"     // wrong pass, or the code was cut or altered
	ProblemCodeNoLink   = "code.no_link"     // the codes were fine but the devices never connected
	ProblemCodeLost     = "code.lost"        // a code-joined guest lost the host
	ProblemCodeNotHost  = "code.not_host"    // only the host of a table makes offer codes
	ProblemCodeNoTable  = "code.no_table"    // the host answered but never seated us
	ProblemNoRelay      = "code.no_relay"    // a host table opened without the relay: codes only
	codeOfferTimeout    = 60 * time.Second   // gathering + waiting for the channel to open
	codeGuestWaitMax    = 15 * time.Minute   // how long a guest's answer stays good
	codeSeatWaitTimeout = 20 * time.Second   // from the channel opening to being seated
	passLen             = signal.PassLen     // symbols in a pass
	codeHeadOffer       = "MK1" + string(signal.CodeOffer) + "."
	codeHeadAnswer      = "MK1" + string(signal.CodeAnswer) + "."
)

// CodeRTC is the ICE set-up of the code path with no deployment's servers: none at all.
// Devices on one LAN reach each other by their host candidates. Pages pass their deployment's
// servers instead (gathering for a code is bounded by rtc.CodeGatherWait, so an unreachable
// STUN or TURN server with no internet only delays the code that long).
func CodeRTC() rtc.Config { return rtc.Config{} }

// OfferLink is an offer code as a link to the join-by-code page of origin, for the QR code: a
// phone's camera opens it straight into the page (the app works offline once loaded), with the
// code filled in; only the pass is left to type. The code itself travels in the fragment, which
// a browser never sends to a server.
func OfferLink(origin, code string) string { return origin + "/code#" + code }

// CodeFromText takes the code out of what was pasted: the code itself, or an offer link.
func CodeFromText(text string) string {
	if i := strings.LastIndexByte(text, '#'); i >= 0 {
		text = text[i+1:]
	}
	return strings.Join(strings.Fields(text), "")
}

// checkCode words what is wrong with a pass or a pasted code before any cryptography, so the
// player is told precisely what to fix. want is the kind of code expected; the pass is checked
// on the guest's side only (the host made it).
func checkCode(pass, code string, want signal.CodeKind) error {
	if want == signal.CodeOffer && !passShape(pass) {
		return &JoinError{Problem: ProblemCodePass, Err: fmt.Errorf("the pass must be %d letters or digits", passLen)}
	}
	c := CodeFromText(code)
	switch {
	case strings.HasPrefix(c, codeHeadOffer) && want == signal.CodeOffer,
		strings.HasPrefix(c, codeHeadAnswer) && want == signal.CodeAnswer:
		return nil
	case strings.HasPrefix(c, codeHeadAnswer):
		return &JoinError{Problem: ProblemCodeWantOff, Err: errors.New("an answer code where the offer goes")}
	case strings.HasPrefix(c, codeHeadOffer):
		return &JoinError{Problem: ProblemCodeWantAns, Err: errors.New("an offer code where the answer goes")}
	}
	return &JoinError{Problem: ProblemCodeNotCode, Err: errors.New("not a connection code")}
}

// passShape accepts what signal accepts: signal.PassLen symbols of Crockford's base32, any case, with or
// without dashes and spaces (O, I and L read as 0, 1, 1).
func passShape(p string) bool {
	n := 0
	for _, r := range strings.ToUpper(p) {
		switch {
		case r == '-' || r == ' ':
		case r >= '0' && r <= '9', r >= 'A' && r <= 'Z' && r != 'U':
			n++
		default:
			return false
		}
	}
	return n == passLen
}

// codeProblem turns an error of app/rtc or app/signal on the code path into a *JoinError.
func codeProblem(err error, otherwise string) error {
	var je *JoinError
	if errors.As(err, &je) {
		return err
	}
	if errors.Is(err, signal.ErrBadCode) {
		return &JoinError{Problem: ProblemCodeNoOpen, Err: err}
	}
	return &JoinError{Problem: otherwise, Err: err}
}

// QRImage is a data: URL of text's QR code as SVG, for an <img>; "" if it does not fit.
func QRImage(text string) string {
	svg, err := signal.QRSVG(text)
	if err != nil {
		return ""
	}
	return "data:image/svg+xml;base64," + base64.StdEncoding.EncodeToString([]byte(svg))
}

// CodeOffer is a host's pending offer for one new seat.
type CodeOffer struct {
	Pass string // read it aloud: the guest types it
	Code string // the offer code, for copy-paste (its QR code: QRImage(OfferLink(origin, Code)))

	s    *Session
	off  *rtc.OfferCode
	used atomic.Bool // Finish handed the connection to the table: Cancel must not close it
}

// OfferCode makes a pass and an offer code for one more device (host only, hosted tables). It
// gathers every local candidate first, which takes a moment on a LAN.
func (s *Session) OfferCode(ctx context.Context, cfg rtc.Config) (*CodeOffer, error) {
	if s.host == nil || s.kind != Host {
		return nil, &JoinError{Problem: ProblemCodeNotHost, Err: errNotHost}
	}
	pass, err := signal.NewPass()
	if err != nil {
		return nil, err
	}
	if inv, err := signal.ParseInvite(s.invite); err == nil {
		cfg = cfg.ForRoom(inv.Room) // TURN credentials of the table's own room
	}
	ctx, cancel := context.WithTimeout(ctx, codeOfferTimeout)
	defer cancel()
	off, err := rtc.NewOfferCode(ctx, cfg, pass)
	if err != nil {
		return nil, codeProblem(err, ProblemCodeNoLink)
	}
	o := &CodeOffer{Pass: pass, Code: off.Code, s: s, off: off}
	s.mu.Lock()
	s.onClose = append(s.onClose, o.Cancel)
	s.mu.Unlock()
	return o, nil
}

// Finish reads the guest's answer code and, once the channel is open, hands the connection to
// the table, which seats the guest as it seats any joiner. A mistyped or foreign answer leaves
// the offer usable (paste again); a connection that never opens needs a new offer.
func (o *CodeOffer) Finish(ctx context.Context, answer string) error {
	if err := checkCode("", answer, signal.CodeAnswer); err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, codeOfferTimeout)
	defer cancel()
	c, err := o.off.Finish(ctx, CodeFromText(answer))
	if err != nil {
		return codeProblem(err, ProblemCodeNoLink)
	}
	o.used.Store(true)
	mx := newMux(c)
	if err := o.s.host.AddGuest(mx.table); err != nil {
		c.Close()
		return &JoinError{Problem: ProblemHostClosed, Err: err}
	}
	o.s.blind.addLink(mx.blind)
	return nil
}

// Cancel abandons the offer (the panel was closed or a new code made).
func (o *CodeOffer) Cancel() {
	if !o.used.Load() {
		o.off.Cancel()
	}
}

// CodeAnswer is a guest's answer to a host's offer code, waiting for the host to use it.
type CodeAnswer struct {
	Code string // give it back to the host
	QR   string // data: URL of the code's QR image

	ans    *rtc.AnswerCode
	ctx    context.Context // the answer's lifetime: Join waits within it, Cancel ends it
	cancel context.CancelFunc
}

// AnswerCode opens the host's offer code with the pass and makes the answer code. Its errors
// are *JoinError with a code.* problem saying what to fix.
func AnswerCode(ctx context.Context, cfg rtc.Config, pass, offer string) (*CodeAnswer, error) {
	if err := checkCode(pass, offer, signal.CodeOffer); err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(ctx, codeOfferTimeout)
	defer cancel()
	a, err := rtc.NewAnswerCode(ctx, cfg, pass, CodeFromText(offer))
	if err != nil {
		return nil, codeProblem(err, ProblemCodeNoLink)
	}
	actx, acancel := context.WithTimeout(context.Background(), codeGuestWaitMax)
	return &CodeAnswer{Code: a.Code, QR: QRImage(a.Code), ans: a, ctx: actx, cancel: acancel}, nil
}

// Join waits (up to 15 minutes) for the host to paste the answer, then takes the seat the
// table gives this browser and returns the session, like Join does for an invite link.
func (a *CodeAnswer) Join(ctx context.Context, st Store, name string) (*Session, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	stop := context.AfterFunc(a.ctx, cancel)
	defer stop()
	c, err := a.ans.Wait(ctx)
	if err != nil {
		return nil, &JoinError{Problem: ProblemCodeNoLink, Err: err}
	}
	mx := newMux(c)
	g, err := newGuest(mx.table, name, st, "", false)
	if err != nil {
		c.Close()
		return nil, err
	}
	s, err := seatedGuest(g, name, st, codeSeatWaitTimeout, ProblemCodeNoTable)
	if err != nil {
		return nil, err
	}
	s.blind = newBlind(s)
	go s.blind.guestLink(mx.blind)
	s.wg.Add(1)
	go s.watchCode(c)
	return s, nil
}

// Cancel gives up waiting for the host: a pending Join returns, and the connection closes.
// After Join has returned a session, Cancel changes nothing.
func (a *CodeAnswer) Cancel() { a.cancel() }

// watchCode tells a code-joined guest when the link to the host breaks: there is no relay to
// redial through, so the way forward is a fresh code (which gives the same seat back).
func (s *Session) watchCode(c *rtc.Conn) {
	defer s.wg.Done()
	select {
	case <-s.quit:
	case <-c.Done():
		if s.guest.State().Dropped == nil {
			s.setProblem(ProblemCodeLost, true)
		}
	}
}

// StartHostAnyNet is StartHost for a page that may have no internet: when the relay cannot be
// reached the table still opens (saved as usual), without an invite link and with
// ProblemNoRelay shown, and devices connect by code; it keeps trying to claim its room, and the
// link appears (the problem cleared) once the relay answers. Any other failure is StartHost's.
func StartHostAnyNet(st Store, cfg HostConfig) (*Session, error) {
	s, err := StartHost(st, cfg)
	var je *JoinError
	if err == nil || !errors.As(err, &je) || je.Problem != ProblemUnreachable {
		return s, err
	}
	s, inv, delay, err := newHosted(st, cfg)
	if err != nil {
		return nil, err
	}
	s.problem = ProblemNoRelay
	s.runHosted(inv, delay)
	s.wg.Add(1)
	go s.relisten(inv, cfg.Net) // the link appears once the relay answers (reach.go)
	return s, nil
}
