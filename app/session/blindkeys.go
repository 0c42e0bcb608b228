package session

// A page's deal keys (blindtable.Saved) are kept in its storage only while its game needs them:
// a reload in the middle of a round continues it with them. Once the game is over (its record
// is the log every page holds) or another table's game replaces it, they are deleted, so a
// browser never piles up the secrets of past games. (A stopped game's keys stay until a new
// game replaces them: a reload must find the same verdict.)

import (
	"encoding/json"
	"slices"

	"miskatonic/engine/blindtable"
)

// keyBlindSlots lists the guest's deal-key slots (JSON array of keys): local storage has no
// listing the Store interface offers, so the slots a new game replaces are found here.
const keyBlindSlots = keyBlind + "slots"

// takeSlot makes slot the guest's only deal-key slot: every other one listed belonged to a game
// this one replaces, and goes.
func takeSlot(st Store, slot string) {
	var slots []string
	if v, ok := st.Get(keyBlindSlots); ok {
		_ = json.Unmarshal([]byte(v), &slots)
	}
	for _, k := range slots {
		if k != slot {
			st.Del(k)
		}
	}
	raw, _ := json.Marshal([]string{slot})
	_ = st.Set(keyBlindSlots, string(raw))
}

// dropKeys deletes the deal keys of a game that is over (host: its page's; guest: its slot).
func (b *blind) dropKeys(cl *blindtable.Client) {
	over := false
	cl.Do(func(p *blindtable.Page) { over = p.State().Blind().Status().Over })
	if !over {
		return
	}
	st := b.s.store
	if b.s.kind == Host {
		if _, ok := st.Get(keyHostBlind + "saved"); ok {
			st.Del(keyHostBlind + "saved")
		}
		return
	}
	b.mu.Lock()
	cfg := b.cfg
	b.mu.Unlock()
	if cfg == nil {
		return
	}
	slot := blindSlot(*cfg)
	st.Del(slot)
	var slots []string
	if v, ok := st.Get(keyBlindSlots); ok && json.Unmarshal([]byte(v), &slots) == nil && slices.Contains(slots, slot) {
		raw, _ := json.Marshal(slices.DeleteFunc(slots, func(k string) bool { return k == slot }))
		_ = st.Set(keyBlindSlots, string(raw))
	}
}
