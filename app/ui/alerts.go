package ui

import (
	"sort"
	"strconv"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
	"miskatonic/app/session"
	"miskatonic/app/ui/board"
)

// alertsKey is where the one alerts toggle (sound, vibration, system notification) is kept in
// the browser, so a player who turned it on finds it on at the next table.
const alertsKey = "mk.alerts"

// alerts turns a table's snapshots into what reaches a player who looks away: the tab title
// ("● Your move — Arkham Ritual", "(2) …" for unread talk) and, only when the player asked, a
// short sound, a vibration and a system notification while the tab is hidden. It is shared by
// every game: "your move" is simply "the viewer has legal moves".
type alerts struct {
	game     string // display name of the game
	yourMove bool
	seq      int
	chatSeen int // table-talk lines the viewer has seen (own lines count as seen)
	chatLen  int
	on       bool // the toggle
	loaded   bool
	// shown is the title this screen last wrote. The tab title changes a few times a game
	// (the turn coming and going, unread talk); comparing with it first spares the page a
	// read of document.title on every other move: reading the title back into Go cost a
	// guest's page 4.5 % of its script per move (CPU profile, issue 26).
	shown string
}

// load reads the remembered toggle once.
func (a *alerts) load() {
	if a.loaded || !app.IsClient {
		a.loaded = true
		return
	}
	a.loaded = true
	if ls := app.Window().Get("localStorage"); ls.Truthy() {
		a.on = ls.Call("getItem", alertsKey).String() == "on"
	}
}

// update notes a new snapshot; it returns true when it became the viewer's move just now.
func (a *alerts) update(game string, snap session.Snapshot) (turned bool) {
	a.load()
	a.game = game
	your := snap.Started && snap.HasView && len(snap.Legal) > 0 && !snap.Status.Over
	turned = your && !a.yourMove
	a.yourMove, a.seq = your, snap.Seq
	if len(snap.Chat) < a.chatLen { // a new table or a rematch with fresh talk
		a.chatSeen = 0
	}
	// Own lines are read by definition; so is everything before the viewer arrived.
	for i := a.chatLen; i < len(snap.Chat); i++ {
		if snap.Chat[i].From == snap.Seat && i == a.chatSeen {
			a.chatSeen++
		}
	}
	a.chatLen = len(snap.Chat)
	// Only with unread lines: asking where the talk is forces the browser to lay the page out
	// there and then, which cost every move's update more than drawing it (issue 11).
	if a.chatLen > a.chatSeen && visible() && chatInView() {
		a.chatSeen = a.chatLen
	}
	return turned
}

// unread is the number of table-talk lines not seen yet.
func (a *alerts) unread() int { return max(0, a.chatLen-a.chatSeen) }

// seen marks the whole talk read (the chat was opened or scrolled into view).
func (a *alerts) seen() { a.chatSeen = a.chatLen }

// title is what the tab shows for the table.
func (a *alerts) title() string {
	t := a.game + " · " + i18n.T("app.name")
	if a.yourMove {
		t = i18n.T("alert.your_move", a.game)
	}
	if n := a.unread(); n > 0 {
		t = "(" + strconv.Itoa(n) + ") " + t
	}
	return t
}

// apply writes the title and, when the turn just came and the player asked for it, rings.
func (a *alerts) apply(turned bool) {
	if !app.IsClient {
		return
	}
	// Only when it changed: setting the title costs the browser far more than reading it, and
	// most moves leave it as it was. The page's own title is read only when this screen's
	// differs from the last it wrote (another page may have written one meanwhile).
	if t := a.title(); t != a.shown {
		if doc := app.Window().Get("document"); doc.Get("title").String() != t {
			doc.Set("title", t)
		}
		a.shown = t
	}
	if !turned || !a.on {
		return
	}
	beep()
	if nav := app.Window().Get("navigator"); nav.Get("vibrate").Truthy() {
		nav.Call("vibrate", []any{120, 60, 120})
	}
	if !visible() {
		notify(a.title(), i18n.T("alert.notify_body", a.game))
	}
}

// toggle switches sound, vibration and notifications together; turning on asks the browser for
// permission to notify (the click is the user gesture browsers require).
func (a *alerts) toggle() {
	a.on = !a.on
	if !app.IsClient {
		return
	}
	v := "off"
	if a.on {
		v = "on"
		if n := app.Window().Get("Notification"); n.Truthy() && n.Get("permission").String() == "default" {
			n.Call("requestPermission")
		}
		beep() // a sample, so the player knows what to listen for
	}
	if ls := app.Window().Get("localStorage"); ls.Truthy() {
		ls.Call("setItem", alertsKey, v)
	}
}

// button is the one toggle, shown on every table.
func (a *alerts) button(onClick app.EventHandler) app.UI {
	a.load()
	label := i18n.T("alert.off")
	if a.on {
		label = i18n.T("alert.on")
	}
	return app.Elem("button").Attr("type", "button").ID("alerts-toggle").Class("btn", "small", "alerts-toggle").
		Aria("pressed", strconv.FormatBool(a.on)).Title(i18n.T("alert.help")).
		Text(label).OnClick(onClick)
}

func visible() bool {
	if !app.IsClient {
		return true
	}
	return app.Window().Get("document").Get("visibilityState").String() != "hidden"
}

// chatInView says whether the table talk is on screen now. An IntersectionObserver watches
// it and keeps the answer: asking the element where it is (getBoundingClientRect) forced the
// browser to lay the page out on every update, which cost a phone more than drawing the move
// (issue 11). Until the observer first reports (it does so at once, asynchronously) the talk
// counts as out of view, so at worst a line is counted unread until the next update.
func chatInView() bool {
	if !app.IsClient {
		return false
	}
	el := app.Window().GetElementByID("chat")
	if !el.Truthy() {
		return false
	}
	if chatWatch.el == nil || !chatWatch.el.Equal(el) {
		chatWatch.watch(el)
	}
	return chatWatch.inView
}

// chatWatch observes the talk panel drawn now (a new table draws a new one).
var chatWatch viewWatch

// viewWatch keeps whether one element is in the viewport, from an IntersectionObserver.
type viewWatch struct {
	el     app.Value // nil before the first watch
	obs    app.Value
	cb     app.Func
	inView bool
}

func (w *viewWatch) watch(el app.Value) {
	if w.obs != nil {
		w.obs.Call("disconnect")
		w.cb.Release()
	}
	w.el, w.inView = el, false
	io := app.Window().Get("IntersectionObserver")
	if !io.Truthy() {
		w.obs = nil
		return
	}
	w.cb = app.FuncOf(func(this app.Value, args []app.Value) any {
		entries := args[0]
		if n := entries.Length(); n > 0 {
			w.inView = entries.Index(n - 1).Get("isIntersecting").Bool()
		}
		return nil
	})
	w.obs = io.New(w.cb)
	w.obs.Call("observe", el)
}

// beep plays a short two-note chime through Web Audio (no sound file to download).
func beep() {
	ac := app.Window().Get("AudioContext")
	if !ac.Truthy() {
		return
	}
	defer func() { _ = recover() }() // an audio failure must never break the table
	c := ac.New()
	now := c.Get("currentTime").Float()
	for i, f := range []float64{660, 880} {
		o := c.Call("createOscillator")
		g := c.Call("createGain")
		o.Get("frequency").Set("value", f)
		g.Get("gain").Call("setValueAtTime", 0.0001, now+float64(i)*0.15)
		g.Get("gain").Call("exponentialRampToValueAtTime", 0.2, now+float64(i)*0.15+0.02)
		g.Get("gain").Call("exponentialRampToValueAtTime", 0.0001, now+float64(i)*0.15+0.14)
		o.Call("connect", g)
		g.Call("connect", c.Get("destination"))
		o.Call("start", now+float64(i)*0.15)
		o.Call("stop", now+float64(i)*0.15+0.15)
	}
}

// notify shows a system notification if the person allowed them.
func notify(title, body string) {
	n := app.Window().Get("Notification")
	if !n.Truthy() || n.Get("permission").String() != "granted" {
		return
	}
	defer func() { _ = recover() }()
	n.New(title, map[string]any{"body": body, "icon": "/web/icon-192.png", "tag": "mk-turn"})
}

// tally is the running score at one table: wins per player name over the games that ended
// while this page watched (a rematch keeps the page, so the score carries across games).
type tally struct {
	counted map[string]bool // games (by table id) already counted
	wins    map[string]int
	order   []string // names in seat order, as first seen
	games   int
}

// note counts a finished game once.
func (t *tally) note(snap session.Snapshot) {
	if !snap.Status.Over || snap.Status.Result == nil || snap.Table == "" {
		return
	}
	if t.counted == nil {
		t.counted, t.wins = map[string]bool{}, map[string]int{}
	}
	if t.counted[snap.Table] {
		return
	}
	t.counted[snap.Table] = true
	t.games++
	names := map[int]string{}
	for _, s := range snap.Lobby.Seats {
		names[int(s.Seat)] = s.Name
		if _, ok := t.wins[s.Name]; !ok {
			t.wins[s.Name] = 0
			t.order = append(t.order, s.Name)
		}
	}
	for _, w := range snap.Status.Result.Winners {
		if n, ok := names[int(w)]; ok {
			t.wins[n]++
		}
	}
}

// scores lists the running score, most wins first (ties in seat order).
func (t *tally) scores() []board.Score {
	if t.games == 0 {
		return nil
	}
	out := make([]board.Score, 0, len(t.order))
	for _, n := range t.order {
		out = append(out, board.Score{Name: n, Wins: t.wins[n], Games: t.games})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Wins > out[j].Wins })
	return out
}
