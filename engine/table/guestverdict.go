package table

// Deal verdicts kept across games and reloads (Memory).

import "miskatonic/engine/wire"

// endGame closes the current game's verdicts (unverified ones fail with why) and returns every
// verdict kept from earlier games with them.
func (g *Guest) endGame(why reason) []DealStatus {
	cur := closeDeals(g.sortedDeals(), why)
	for i := range cur {
		cur[i].Table = g.st.Table
	}
	return keepPrev(append(append([]DealStatus(nil), g.st.PrevDeals...), cur...))
}

func closeDeals(deals []DealStatus, why reason) []DealStatus {
	out := make([]DealStatus, 0, len(deals))
	for _, d := range deals {
		if d.State == DealPending {
			d.fail(why.code, why.text, why.args...)
		}
		out = append(out, d)
	}
	return out
}

// leftDeals are the verdicts a page carries over from a game it left for another table. A
// deal still waiting for its reveal is failed as left before it, unless the game was the page's
// own table (Memory.Own): its person ended that table themselves, and the note would only tell
// them so, so that deal is not carried. Every verified or failed verdict is carried as it was.
func leftDeals(m Memory) []DealStatus {
	if !m.Own {
		return closeDeals(m.Deals, reason{wire.DealLeftBefore, "this browser left the game before the deal was revealed", nil})
	}
	out := make([]DealStatus, 0, len(m.Deals))
	for _, d := range m.Deals {
		if d.State != DealPending {
			out = append(out, d)
		}
	}
	return out
}

// keepPrev bounds the kept verdicts, dropping the oldest verified ones first: a failure is
// never dropped.
func keepPrev(prev []DealStatus) []DealStatus {
	for i := 0; len(prev) > maxPrev && i < len(prev); {
		if prev[i].State == DealVerified {
			prev = append(prev[:i], prev[i+1:]...)
			continue
		}
		i++
	}
	return prev
}

// restoreDeals brings back this game's verdicts from before a reload: a failed deal stays
// failed whatever the host says now.
func (g *Guest) restoreDeals() {
	for _, d := range g.memory.Deals {
		if d.State == DealFailed {
			gd := g.deal(d.Epoch)
			gd.status = d
		}
	}
}

// save hands the guest's memory to cfg.Save when it changed.
func (g *Guest) save() {
	if g.cfg.Save == nil {
		return
	}
	deals := g.sortedDeals()
	for i := range deals {
		deals[i].Table = g.st.Table
	}
	b, changed, err := g.mem.encode(Memory{Table: g.st.Table, Own: g.cfg.Own && g.st.Table != "", Deals: deals, Prev: g.st.PrevDeals, Sealed: g.sealedMemory(), Fault: g.st.Fault})
	if err != nil || !changed || string(b) == g.saved {
		return
	}
	g.saved = string(b)
	g.cfg.Save(b)
}
