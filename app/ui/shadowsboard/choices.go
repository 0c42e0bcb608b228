package shadowsboard

import (
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
	"miskatonic/engine"
	"miskatonic/engine/shadows"
)

// The moves on offer can number fifty (every amount of every resource to every character at
// the same place, the Shadow Step's every character to every place), far more than a phone's
// screen holds as buttons (issue 24: the decision stays in view). So moves that differ only in
// an amount are one row of small numbered buttons, and the choices about one other character
// (what to give them; where to send them) fold under that character's name, opened with a tap
// and shown beside it. Every legal move keeps one button of its own (id sh-move-<index>) whose
// accessible name is its whole label, cost included.

// choice is one legal move and its place in Legal.
type choice struct {
	i int
	m engine.Move
}

// choiceButton is the button for c, showing text (its label without the plain one action every
// choice costs unless it says otherwise, when text is ""); its accessible name and tooltip are
// the move's whole label, cost included.
func (t *Table) choiceButton(c choice, n Names, text string, cls ...string) app.UI {
	label := n.MoveLabel(c.m, t.V)
	if text == "" {
		text = shortLabel(label)
	}
	b := app.Elem("button").Attr("type", "button").Class(append([]string{"btn"}, cls...)...).ID("sh-move-"+strconv.Itoa(c.i)).
		DataSet("kind", c.m.Kind).Text(text).OnClick(t.act(c.m), moveKey(c.m))
	if text != label {
		b = b.Aria("label", label).Title(label)
	}
	return b
}

// shortLabel is a move's label without the plain "1 action" of its price (the panel says once
// that every choice costs one unless it says otherwise): "Research · 1 action" is "Research",
// "Clear 1 corruption · 1 action, 1 muscle" is "Clear 1 corruption · 1 muscle".
func shortLabel(label string) string {
	act := i18n.T("sh.cost.action")
	if plain := i18n.T("sh.move.with_cost", "", act); strings.HasSuffix(label, plain) {
		return strings.TrimSuffix(label, plain)
	}
	return strings.Replace(label, i18n.T("sh.move.with_cost", "", act+i18n.T("app.list_sep")), i18n.T("sh.move.with_cost", "", ""), 1)
}

// amounts is a row of numbered buttons for moves that differ only in their amount (N), led by
// what they do.
func (t *Table) amounts(cs []choice, n Names, lead string) app.UI {
	btns := make([]app.UI, 0, len(cs))
	for _, c := range cs {
		btns = append(btns, t.choiceButton(c, n, strconv.Itoa(c.m.N), "sh-chip"))
	}
	return app.Div().Class("sh-amounts").DataSet("kind", cs[0].m.Kind).Body(
		app.Elem("span").Class("sh-amounts-lead").Text(lead),
		app.Elem("span").Class("sh-chips").Body(btns...),
	)
}

// folded is the choices about one other character under its name: closed until tapped, then
// scrolled into view with what it holds. summary is what its name shows; label, when not "",
// is its whole accessible name (and tooltip) where summary says less.
func folded(kind string, to engine.Seat, summary, label string, body ...app.UI) app.UI {
	head := app.Elem("summary").Class("btn", "sh-fold-head").Text(summary)
	if label != "" && label != summary {
		head = head.Aria("label", label).Title(label)
	}
	return app.Elem("details").Class("sh-fold").DataSet("kind", kind).DataSet("to", int(to)).
		On("toggle", func(ctx app.Context, e app.Event) {
			if ctx.JSSrc().Get("open").Bool() {
				ctx.JSSrc().Call("scrollIntoView", map[string]any{"block": "nearest"})
			}
		}).Body(
		head,
		app.Div().Class("sh-fold-body").Body(body...),
	)
}

// groupChoices lays out one group's moves (in Legal's order): amounts in rows, the choices
// about another character folded under its name, the rest a button each.
func (t *Table) groupChoices(cs []choice, n Names) []app.UI {
	cs = giveOrder(cs)
	var out []app.UI
	for k := 0; k < len(cs); {
		c := cs[k]
		// The run of moves that go together: same kind and character (and, for an amount,
		// same resource).
		j := k + 1
		for j < len(cs) && together(c.m, cs[j].m) {
			j++
		}
		run := cs[k:j]
		k = j
		switch {
		case gives(c.m.Kind) || c.m.Kind == shadows.MoveRetainer:
			out = append(out, t.shareFold(run, n))
		case c.m.Kind == shadows.MoveAbility && c.m.Option != "":
			body := make([]app.UI, 0, len(run))
			for _, s := range run {
				body = append(body, t.choiceButton(s, n, LocName(s.m.Option), "sh-chip"))
			}
			name := ""
			if int(c.m.Seat) < len(t.V.Characters) {
				if a := ability(t.V.Characters[c.m.Seat].Ability); a != nil {
					name = a.Name
				}
			}
			out = append(out, folded(c.m.Kind, c.m.To, i18n.T("sh.choose.step", name, n.Char(c.m.To)), "",
				app.Div().Class("sh-chips").Body(body...)))
		case len(run) > 1 && (c.m.Kind == shadows.MoveClear || c.m.Kind == shadows.MoveHire):
			out = append(out, t.amounts(run, n, i18n.T("sh.choose."+c.m.Kind)))
		case c.m.Kind == shadows.MoveMove:
			// The group's title says it is a move: the button names the place (and a price
			// other than the one action).
			out = append(out, t.choiceButton(c, n, shortLabel(i18n.T("sh.move.with_cost", LocName(c.m.Option),
				PriceText(c.m.Kind, t.price(c.m)))), moveClass(c.m.Kind)))
		default:
			for _, s := range run {
				out = append(out, t.choiceButton(s, n, "", moveClass(s.m.Kind)))
			}
		}
	}
	return out
}

// price is what m costs by the rules as the view shows them (shadows.CostInView), or a plain
// action where the view cannot tell.
func (t *Table) price(m engine.Move) shadows.Cost {
	if c, ok := shadows.CostInView(t.V, m); ok {
		return c
	}
	return shadows.Cost{Action: true}
}

// shareFold is all that can be given to one character (or shared by the Private Detective): an
// amount row per resource, a button per asset and for the Ring, under "give to" that character.
func (t *Table) shareFold(run []choice, n Names) app.UI {
	c := run[0]
	var body []app.UI
	for k := 0; k < len(run); {
		j := k + 1
		for j < len(run) && run[j].m.Kind == run[k].m.Kind && run[j].m.Option == run[k].m.Option && run[k].m.Option != shadows.ShareAsset {
			j++
		}
		if run[k].m.Kind == shadows.MovePassRing || run[k].m.Option == shadows.ShareAsset {
			body = append(body, t.choiceButton(run[k], n, "", "sh-move"))
		} else {
			body = append(body, t.amounts(run[k:j], n, i18n.T("sh.choose.give."+run[k].m.Option)))
		}
		k = j
	}
	// Under the group's title (Share) the name says enough: "Give to" in front of three long
	// names took a phone's screen three lines a fold (issue 24); it stays the accessible name.
	label := i18n.T("sh.choose.share", n.Char(c.m.To))
	head := n.Char(c.m.To)
	if c.m.Kind == shadows.MoveRetainer {
		label = i18n.T("sh.move.with_cost", label, i18n.T("sh.cost.free")+" · "+i18n.T("sh.move.retainer"))
		head = label
	}
	return folded(c.m.Kind, c.m.To, head, label, body...)
}

// together says whether b joins a's run: what is given to the same character (a share or the
// Ring), the same kind about the same character, and for clearing or hiring (amounts of one
// thing) simply the same kind.
func together(a, b engine.Move) bool {
	if gives(a.Kind) && gives(b.Kind) {
		return a.To == b.To
	}
	if a.Kind != b.Kind {
		return false
	}
	switch a.Kind {
	case shadows.MoveShare, shadows.MoveRetainer:
		return a.To == b.To
	case shadows.MoveAbility:
		return a.Option != "" && b.Option != "" && a.To == b.To
	case shadows.MoveClear, shadows.MoveHire:
		return true
	}
	return false
}

// gives says whether a move kind gives another character something here: a resource, an asset
// or the Ring (all of them folded under that character's name).
func gives(kind string) bool { return kind == shadows.MoveShare || kind == shadows.MovePassRing }

// giveOrder puts what can be given to one character together (Legal lists the Ring after every
// share), the rest in Legal's order.
func giveOrder(cs []choice) []choice {
	out := make([]choice, 0, len(cs))
	used := make([]bool, len(cs))
	for i, c := range cs {
		if used[i] {
			continue
		}
		out, used[i] = append(out, c), true
		if !gives(c.m.Kind) {
			continue
		}
		for j := i + 1; j < len(cs); j++ {
			if !used[j] && gives(cs[j].m.Kind) && cs[j].m.To == c.m.To {
				out, used[j] = append(out, cs[j]), true
			}
		}
	}
	return out
}

// moveClass is a plain move button's look: ending the turn quieter, banishing the boldest.
func moveClass(kind string) string {
	switch kind {
	case shadows.MoveEnd, shadows.MoveLeave:
		return "sh-end"
	case shadows.MoveBanish:
		return "sh-banish"
	}
	return "sh-move"
}
