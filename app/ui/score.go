package ui

import "encoding/json"

// tallyJSON is the running score as the session keeps it with the table (app/session
// SetScore): a host's reload or a guest's brings the score back with the table.
type tallyJSON struct {
	Counted []string       `json:"counted"` // games (table ids) counted, so none counts twice
	Wins    map[string]int `json:"wins"`
	Order   []string       `json:"order"`
	Games   int            `json:"games"`
}

func (t *tally) save() []byte {
	j := tallyJSON{Wins: t.wins, Order: t.order, Games: t.games}
	for id := range t.counted {
		j.Counted = append(j.Counted, id)
	}
	b, _ := json.Marshal(j)
	return b
}

// load replaces the tally with a saved one; nothing saved (or unreadable) leaves it as is.
func (t *tally) load(b []byte) {
	var j tallyJSON
	if len(b) == 0 || json.Unmarshal(b, &j) != nil || j.Games == 0 {
		return
	}
	*t = tally{counted: map[string]bool{}, wins: map[string]int{}, order: j.Order, games: j.Games}
	for _, id := range j.Counted {
		t.counted[id] = true
	}
	for n, w := range j.Wins {
		t.wins[n] = w
	}
}
