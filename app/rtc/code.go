package rtc

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/pion/webrtc/v3"

	"miskatonic/app/signal"
)

// Serverless set-up by copy-paste or QR code. The host makes an offer code for one guest; the
// guest turns it into an answer code; the host finishes with that. Nothing but the two codes
// passes between the devices. For a LAN with no internet, use Config{} (no STUN server to wait
// for); candidates are gathered completely before a code is made (no trickling).

// OfferCode is a host's pending offer to one guest.
type OfferCode struct {
	Code string // show as text and QR (signal.QRSVG)
	pass string
	pc   *webrtc.PeerConnection
	conn *Conn
	open chan struct{}
	once sync.Once
}

// NewOfferCode gathers a complete offer and seals it under pass (signal.NewPass).
func NewOfferCode(ctx context.Context, cfg Config, pass string) (*OfferCode, error) {
	pc, err := newPeerConnection(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("rtc: new peer connection: %w", err)
	}
	ordered := true
	dc, err := pc.CreateDataChannel("miskatonic", &webrtc.DataChannelInit{Ordered: &ordered})
	if err != nil {
		pc.Close()
		return nil, fmt.Errorf("rtc: create data channel: %w", err)
	}
	o := &OfferCode{pass: pass, pc: pc, open: make(chan struct{})}
	dc.OnOpen(func() { o.once.Do(func() { close(o.open) }) })
	o.conn = newConn(pc, dc)
	sdp, err := complete(ctx, pc, func() (webrtc.SessionDescription, error) { return pc.CreateOffer(nil) })
	if err == nil {
		o.Code, err = signal.SealCode(signal.CodeOffer, pass, sdp)
	}
	if err != nil {
		pc.Close()
		return nil, err
	}
	return o, nil
}

// Finish reads the guest's answer code and returns the connection once it is open.
func (o *OfferCode) Finish(ctx context.Context, answerCode string) (*Conn, error) {
	sdp, err := signal.OpenCode(signal.CodeAnswer, o.pass, answerCode)
	if err != nil {
		return nil, err
	}
	if err := o.pc.SetRemoteDescription(webrtc.SessionDescription{Type: webrtc.SDPTypeAnswer, SDP: sdp}); err != nil {
		return nil, fmt.Errorf("rtc: the answer is not usable: %w", err)
	}
	return waitOpen(ctx, o.conn, o.open)
}

// Cancel abandons the offer.
func (o *OfferCode) Cancel() { o.conn.Close() }

// AnswerCode is a guest's reply to an offer code.
type AnswerCode struct {
	Code string // give back to the host
	conn chan *Conn
	pc   *webrtc.PeerConnection
}

// NewAnswerCode opens the host's offer code with pass and makes the answer code.
func NewAnswerCode(ctx context.Context, cfg Config, pass, offerCode string) (*AnswerCode, error) {
	sdp, err := signal.OpenCode(signal.CodeOffer, pass, offerCode)
	if err != nil {
		return nil, err
	}
	pc, err := newPeerConnection(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("rtc: new peer connection: %w", err)
	}
	a := &AnswerCode{conn: make(chan *Conn, 1), pc: pc}
	pc.OnDataChannel(func(dc *webrtc.DataChannel) {
		c := newConn(pc, dc)
		opened := func() {
			select {
			case a.conn <- c:
			default:
			}
		}
		dc.OnOpen(opened)
		openedAlready(dc, opened)
	})
	if err := pc.SetRemoteDescription(webrtc.SessionDescription{Type: webrtc.SDPTypeOffer, SDP: sdp}); err != nil {
		pc.Close()
		return nil, fmt.Errorf("rtc: the offer is not usable: %w", err)
	}
	ans, err := complete(ctx, pc, func() (webrtc.SessionDescription, error) { return pc.CreateAnswer(nil) })
	if err == nil {
		a.Code, err = signal.SealCode(signal.CodeAnswer, pass, ans)
	}
	if err != nil {
		pc.Close()
		return nil, err
	}
	return a, nil
}

// Wait returns the connection once the host has used the answer code and the channel opened.
func (a *AnswerCode) Wait(ctx context.Context) (*Conn, error) {
	select {
	case c := <-a.conn:
		return c, nil
	case <-ctx.Done():
		a.pc.Close()
		return nil, fmt.Errorf("rtc: waiting for the host: %w", ctx.Err())
	}
}

// CodeGatherWait bounds gathering for a code: candidates gathered by then go in it. With no
// internet a STUN or TURN server never answers, and the code must not wait for it.
var CodeGatherWait = 5 * time.Second

// complete makes a local description and waits until every candidate is in it (or
// CodeGatherWait has passed: the description then holds those gathered so far).
func complete(ctx context.Context, pc *webrtc.PeerConnection, describe func() (webrtc.SessionDescription, error)) (string, error) {
	sd, err := describe()
	if err != nil {
		return "", fmt.Errorf("rtc: create description: %w", err)
	}
	gathered := gatheringDone(pc)
	if err := pc.SetLocalDescription(sd); err != nil {
		return "", fmt.Errorf("rtc: set local description: %w", err)
	}
	enough := time.NewTimer(CodeGatherWait)
	defer enough.Stop()
	select {
	case <-gathered:
	case <-enough.C:
	case <-ctx.Done():
		return "", fmt.Errorf("rtc: gathering candidates: %w", ctx.Err())
	}
	return pc.LocalDescription().SDP, nil
}

func waitOpen(ctx context.Context, c *Conn, open <-chan struct{}) (*Conn, error) {
	select {
	case <-open:
		return c, nil
	case <-c.Done():
		return nil, c.closedErr()
	case <-ctx.Done():
		c.Close()
		return nil, fmt.Errorf("rtc: connecting: %w", ctx.Err())
	}
}
