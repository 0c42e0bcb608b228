package shadowsboard

import (
	"strconv"
	"sync"

	"miskatonic/app/i18n"
	"miskatonic/engine/shadows"
)

// The cards' names and texts are designed in English in the engine's data (its tools and logs
// read them there); the board shows them from the catalog ("shc.*" keys, words/<lang>/cards.txt)
// in the reader's language. cur is the data with every name and text in the current language,
// made once per language; a card the catalog lacks keeps its English (TestCardsInCatalog fails
// on that).

var (
	cardsMu     sync.Mutex
	cardsByLang = map[i18n.Lang]*shadows.Content{}
)

// cur is the card data worded in the current language.
func cur() *shadows.Content {
	l := i18n.Current()
	cardsMu.Lock()
	defer cardsMu.Unlock()
	if c, ok := cardsByLang[l]; ok {
		return c
	}
	c := localize(shadows.Cards(), l)
	cardsByLang[l] = c
	return c
}

// cardT is a card's word in l, or its English from the data when the catalog lacks it.
func cardT(l i18n.Lang, key, english string) string {
	if !i18n.Has(key) {
		return english
	}
	return i18n.In(l, key)
}

// localize copies the data with its names and texts in l (slices copied: the engine's stay).
func localize(src *shadows.Content, l i18n.Lang) *shadows.Content {
	c := *src
	c.Characters = append([]shadows.Character(nil), src.Characters...)
	for i := range c.Characters {
		ch := &c.Characters[i]
		k := "shc.char." + ch.Key
		ch.Name, ch.Title = cardT(l, k+".name", ch.Name), cardT(l, k+".title", ch.Title)
		ch.Advantage.Name, ch.Advantage.Text = cardT(l, k+".adv", ch.Advantage.Name), cardT(l, k+".adv_text", ch.Advantage.Text)
	}
	c.Abilities = append([]shadows.Ability(nil), src.Abilities...)
	for i := range c.Abilities {
		a := &c.Abilities[i]
		a.Name, a.Text = cardT(l, "shc.ability."+a.Key+".name", a.Name), cardT(l, "shc.ability."+a.Key+".text", a.Text)
	}
	c.Assets = append([]shadows.Asset(nil), src.Assets...)
	for i := range c.Assets {
		a := &c.Assets[i]
		a.Name, a.Text = cardT(l, "shc.asset."+a.Key+".name", a.Name), cardT(l, "shc.asset."+a.Key+".text", a.Text)
	}
	c.Rando = append([]shadows.Rando(nil), src.Rando...)
	for i := range c.Rando {
		r := &c.Rando[i]
		if r.Name != "" {
			r.Name, r.Text = cardT(l, "shc.rando."+r.Key+".name", r.Name), cardT(l, "shc.rando."+r.Key+".text", r.Text)
		}
	}
	c.Elders = append([]shadows.Elder(nil), src.Elders...)
	for i := range c.Elders {
		e := &c.Elders[i]
		k := "shc.elder." + e.Key
		e.Name, e.Rule = cardT(l, k+".name", e.Name), cardT(l, k+".rule", e.Rule)
		e.Awakening.Text, e.Final.Text = cardT(l, k+".awakening", e.Awakening.Text), cardT(l, k+".final", e.Final.Text)
		if e.Stirring != nil {
			s := *e.Stirring
			s.Text = cardT(l, k+".stirring", s.Text)
			e.Stirring = &s
		}
	}
	c.Threats = append([]shadows.Threat(nil), src.Threats...)
	for i := range c.Threats {
		t := &c.Threats[i]
		k := "shc.threat." + strconv.Itoa(i+1)
		t.Arkham.Name, t.Arkham.Text = cardT(l, k+".arkham", t.Arkham.Name), cardT(l, k+".arkham_text", t.Arkham.Text)
		t.Shadow.Name, t.Shadow.Text = cardT(l, k+".shadow", t.Shadow.Name), cardT(l, k+".shadow_text", t.Shadow.Text)
	}
	return &c
}

// localView is v with the elder's card and the viewed shadow's name in the current language
// (the view carries the engine's English); v itself is not changed.
func localView(v *shadows.View) *shadows.View {
	if v == nil {
		return nil
	}
	lv := *v
	if v.Elder != nil {
		e := *v.Elder
		for _, d := range cur().Elders {
			if d.Key == e.Key {
				e.Name, e.Rule, e.Awakening, e.Final = d.Name, d.Rule, d.Awakening.Text, d.Final.Text
				if d.Stirring != nil {
					e.Stirring = d.Stirring.Text
				}
			}
		}
		lv.Elder = &e
	}
	if v.Threat != nil && v.Threat.ShadowNm != "" {
		th := *v.Threat
		switch t := threat(th.Shadow); {
		case t != nil:
			th.ShadowNm = t.Shadow.Name
		case th.Shadow < 0 && lv.Elder != nil:
			th.ShadowNm = lv.Elder.Name
		}
		lv.Threat = &th
	}
	return &lv
}
