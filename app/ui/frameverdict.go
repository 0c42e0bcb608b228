package ui

// The frame's deal checks: a quiet line while every deal verifies, and a red stop that stays
// when one fails or the host signed two stories. Failures are worded by their kind (a wire
// reason code, through i18n.Why, which falls back to a generic sentence for a kind this build
// does not know), so new kinds from engine/table show without a change here.

import (
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
	"miskatonic/app/session"
	"miskatonic/app/ui/board"
	"miskatonic/engine/fair"
	"miskatonic/engine/table"
)

// failure is one thing that proves (or, for this browser's own absence, leaves unproved) that
// the table cannot be trusted.
type failure struct {
	Kind   string // the reason code (wire.DealMismatch…), or kindEquivocation
	Deal   *table.DealStatus
	Head   *fair.SignedHead
	Fault  *table.Fault // the table's own verdict: a rule broken after every deal was verified
	Before bool         // a deal of the previous game at this table
}

// kindEquivocation is a signed head of the host's that contradicts this browser's record.
const kindEquivocation = "head.equivocation"

// notHostsFault are the kinds that are nobody's proven doing: this browser left before the
// check could be made.
var notHostsFault = map[string]bool{"deal.left_before": true}

// dealFailures lists every failed deal of this game and the last, and every contradicting
// signed head.
func dealFailures(snap session.Snapshot) []failure {
	var out []failure
	for i := range snap.Deals {
		if snap.Deals[i].State == table.DealFailed {
			d := snap.Deals[i]
			out = append(out, failure{Kind: d.Code, Deal: &d})
		}
	}
	for i := range snap.PrevDeals {
		if snap.PrevDeals[i].State == table.DealFailed {
			d := snap.PrevDeals[i]
			out = append(out, failure{Kind: d.Code, Deal: &d, Before: true})
		}
	}
	for i := range snap.Evidence {
		h := snap.Evidence[i]
		out = append(out, failure{Kind: kindEquivocation, Head: &h})
	}
	if f := snap.Fault; f != nil {
		out = append(out, failure{Kind: f.Code, Fault: f})
	}
	return out
}

// hostsFault says whether a failure proves the host dishonest: then the table stops.
func hostsFault(fs []failure) bool {
	for _, f := range fs {
		if !notHostsFault[f.Kind] {
			return true
		}
	}
	return false
}

// stopBanner is the red stop: what failed, whose fault it is, the proof to keep and the
// choices left. It stays as long as the table (nothing dismisses it). Failures that are
// nobody's proven doing (this browser left an earlier table before its reveal) do not stop
// this table: they are a quiet note.
func stopBanner(snap session.Snapshot, fs []failure, stop bool) app.UI {
	if len(fs) == 0 {
		return nil
	}
	what := make([]app.UI, 0, len(fs))
	details := make([]app.UI, 0, len(fs))
	for _, f := range fs {
		what = append(what, app.Elem("li").DataSet("kind", f.Kind).Text(failureText(f)))
		details = append(details, app.Elem("li").Attr("lang", "en").Text(failureDetail(f)))
	}
	if !stop {
		return app.Div().Class("frame-note", "frame-unchecked").ID("deal-unchecked").Attr("role", "status").Body(
			app.Elem("ul").Body(what...),
			app.P().Text(i18n.T("frame.fault_self")),
		)
	}
	fault := i18n.T("frame.fault_host")
	// A host-blind table's verdict names the seat whose signed part broke the rules: a guest's
	// as well as the host's (app/session/blind.go).
	if t := fs[0].Fault; t != nil && strings.HasPrefix(t.Code, "blind.") && t.Code != "blind.host" && len(t.Args) > 0 {
		fault = i18n.T("frame.fault_seat", t.Args[0])
	}
	if snap.Code != "" {
		details = append(details, app.Elem("li").Text(i18n.T("frame.detail_code", snap.Code)))
	}
	return app.Elem("section").Class("frame-stop").ID("deal-failed").Attr("role", "alert").DataSet("kind", fs[0].Kind).Body(
		app.Elem("h2").Text(i18n.T("frame.stop_title")),
		app.Elem("ul").Class("frame-stop-what").Body(what...),
		app.P().Class("frame-stop-fault").ID("deal-fault").Text(fault),
		app.Div().Class("frame-stop-actions").Body(
			app.Elem("a").Class("btn", "primary").ID("proof-export").Attr("href", proofHref(snap, fs)).
				Attr("download", proofName(snap)).Text(i18n.T("frame.export")),
			app.Elem("a").Class("btn").ID("stop-leave").Attr("href", "/").Text(i18n.T("frame.leave")),
		),
		// The rest on demand, so the stop and its choices fit a phone's screen.
		app.Elem("details").Class("frame-stop-detail").ID("deal-failed-detail").Body(
			app.Elem("summary").Text(i18n.T("frame.detail")),
			app.P().Class("frame-stop-keep").Text(i18n.T("frame.keep")),
			app.Elem("ul").Body(details...),
			app.Elem("a").ID("stop-fair").Attr("href", board.HrefFair+"#checking").Text(i18n.T("frame.how")),
		),
	)
}

// failureText is one failure in the reader's language.
func failureText(f failure) string {
	if f.Head != nil {
		return i18n.T("frame.equivocation", f.Head.Seq)
	}
	if t := f.Fault; t != nil {
		return i18n.Why(i18n.Current(), t.Code, t.Args, t.Problem)
	}
	d := f.Deal
	why := i18n.Why(i18n.Current(), d.Code, d.Args, d.Problem)
	if f.Before {
		return i18n.T("frame.failed_before", d.Epoch, why)
	}
	return i18n.T("frame.failed_deal", d.Epoch, why)
}

// failureDetail is the technical detail of one failure, in English as the logs have it.
func failureDetail(f failure) string {
	if h := f.Head; h != nil {
		return fmt.Sprintf("%s: move %d, signed head %s, key %s", f.Kind, h.Seq, hex.EncodeToString(h.Head[:]), hex.EncodeToString(h.Key))
	}
	if t := f.Fault; t != nil {
		return "table: code " + t.Code + "; " + t.Problem
	}
	d := f.Deal
	parts := []string{fmt.Sprintf("deal %d", d.Epoch)}
	if d.Code != "" {
		parts = append(parts, "code "+d.Code)
	}
	if d.Seq > 0 {
		parts = append(parts, "at move "+strconv.Itoa(d.Seq))
	}
	if d.Problem != "" {
		parts = append(parts, d.Problem)
	}
	return strings.Join(parts, "; ")
}

// proof is the file a player keeps: the table, the host's signed head, every failure as this
// browser found it, and the contradicting heads, which anyone can check against the host's key.
type proof struct {
	Kind      string             `json:"kind"`
	Game      string             `json:"game"`
	Table     string             `json:"table"`
	Seat      int                `json:"seat"`
	Seq       int                `json:"seq"`
	Code      string             `json:"code,omitempty"`
	Head      *fair.SignedHead   `json:"head,omitempty"`
	Evidence  []fair.SignedHead  `json:"evidence,omitempty"`
	Deals     []table.DealStatus `json:"deals,omitempty"`
	PrevDeals []table.DealStatus `json:"prevDeals,omitempty"`
	Fault     *table.Fault       `json:"fault,omitempty"`
}

// proofHref is the proof as a data: link (small, and made afresh with every drawing, which a
// blob: URL would leak).
func proofHref(snap session.Snapshot, fs []failure) string {
	p := proof{Kind: "miskatonic.proof", Game: snap.Game, Table: snap.Table, Seat: int(snap.Seat), Seq: snap.Seq,
		Code: snap.Code, Head: snap.Head, Evidence: snap.Evidence, Fault: snap.Fault}
	for _, f := range fs {
		if f.Deal != nil && f.Before {
			p.PrevDeals = append(p.PrevDeals, *f.Deal)
		} else if f.Deal != nil {
			p.Deals = append(p.Deals, *f.Deal)
		}
	}
	raw, err := json.MarshalIndent(p, "", " ")
	if err != nil {
		return ""
	}
	return "data:application/json;base64," + base64.StdEncoding.EncodeToString(raw)
}

func proofName(snap session.Snapshot) string {
	id := snap.Table
	if len(id) > 8 {
		id = id[:8]
	}
	return "miskatonic-proof-" + snap.Game + "-" + id + ".json"
}

// verdictLine is the quiet check of the latest deal, with the table code players compare.
func verdictLine(text, tableCode string) app.UI {
	if text == "" && tableCode == "" {
		return nil
	}
	var code []app.UI
	if tableCode != "" {
		// The code with why to compare it; on a phone just the code, so the table below keeps
		// its seats above the dock (why is on the Fair play page the link opens).
		code = []app.UI{
			app.Elem("span").Class("code-long").Text(i18n.T("deal.table_code", tableCode) + " "),
			app.Elem("span").Class("code-short").Text(i18n.T("frame.code_short", tableCode) + " "),
		}
	}
	body := append([]app.UI{app.If(text != "", app.Text(text+" "))}, code...)
	return app.P().Class("frame-verdict", "verified").ID("deal-verdict").Body(
		append(body, app.Elem("a").Attr("href", board.HrefFair+"#checking").Text(i18n.T("ark.how_checked")))...,
	)
}

// dealVerdict words the latest deal's check ("" before any deal).
func dealVerdict(deals []table.DealStatus) string {
	var last *table.DealStatus
	for i := range deals {
		if last == nil || deals[i].Epoch > last.Epoch {
			last = &deals[i]
		}
	}
	if last == nil {
		return ""
	}
	// The latest deal is in play until its reveal: the one before it says more.
	if last.State == table.DealPending {
		for i := range deals {
			if deals[i].Epoch == last.Epoch-1 && deals[i].State == table.DealVerified {
				return i18n.T("frame.verified_n", deals[i].Epoch) + dealDetails(deals[i])
			}
		}
		return i18n.T("deal.verify_pending") + dealDetails(*last)
	}
	return i18n.T("frame.verified_n", last.Epoch) + dealDetails(*last)
}

// dealDetails words what a verdict rests on: how many views were compared, how often the deal
// was restarted, which move a pending check waits for ("" when there is nothing to add).
func dealDetails(d table.DealStatus) string {
	var parts []string
	if d.Missing > 0 && d.State == table.DealPending {
		parts = append(parts, i18n.T("deal.missing", d.Missing))
	}
	if d.Checked > 0 {
		parts = append(parts, i18n.T("deal.checked", d.Checked))
	}
	if d.Restarts > 0 {
		parts = append(parts, i18n.T("deal.restarts", d.Restarts))
	}
	if len(parts) == 0 {
		return ""
	}
	return " (" + strings.Join(parts, i18n.T("app.list_sep")) + ")"
}
