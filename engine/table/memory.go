package table

import (
	"encoding/json"
	"slices"
)

// The guest saves its memory after every frame that changed anything, so encoding it is on
// the path of every view. Its largest part, the verdicts of earlier games (up to maxPrev of
// them), rarely changes: it is encoded once and reused while it is the same, and when nothing
// else changed either, nothing is encoded or compared at all.

// memoryCache is what the guest's last save looked at.
type memoryCache struct {
	prev  []DealStatus // a copy of the earlier verdicts encoded in prevJSON
	json  []byte       // their encoding; nil until the first save
	rest  string       // the encoding of everything else
	first bool         // set once a save has run
}

// encodePrev returns prev's JSON and whether it is the same as at the last call.
func (c *memoryCache) encodePrev(prev []DealStatus) ([]byte, bool, error) {
	if c.json != nil && slices.EqualFunc(c.prev, prev, sameStatus) {
		return c.json, true, nil
	}
	b := []byte{}
	if len(prev) > 0 {
		var err error
		if b, err = json.Marshal(prev); err != nil {
			return nil, false, err
		}
	}
	c.prev, c.json = slices.Clone(prev), b
	return b, false, nil
}

func sameStatus(a, b DealStatus) bool {
	return a.Epoch == b.Epoch && a.State == b.State && a.Code == b.Code && slices.Equal(a.Args, b.Args) &&
		a.Problem == b.Problem && a.Seq == b.Seq && a.Checked == b.Checked && a.Table == b.Table &&
		a.Restarts == b.Restarts && a.Missing == b.Missing
}

// encode returns json.Marshal(m), byte for byte, with m.Prev's part from the cache; changed
// is false when nothing changed since the last call (b is then nil).
func (c *memoryCache) encode(m Memory) (b []byte, changed bool, err error) {
	head, err := json.Marshal(Memory{Table: m.Table, Own: m.Own, Deals: m.Deals})
	if err != nil {
		return nil, false, err
	}
	var sealed []byte
	if m.Sealed != nil {
		if sealed, err = json.Marshal(m.Sealed); err != nil {
			return nil, false, err
		}
	}
	var fault []byte
	if m.Fault != nil {
		if fault, err = json.Marshal(m.Fault); err != nil {
			return nil, false, err
		}
	}
	prev, same, err := c.encodePrev(m.Prev)
	if err != nil {
		return nil, false, err
	}
	rest := string(head) + "\x00" + string(sealed) + "\x00" + string(fault)
	if same && c.first && rest == c.rest {
		return nil, false, nil
	}
	c.rest, c.first = rest, true
	b = head[:len(head)-1] // without its closing brace
	field := func(name string, v []byte) {
		if len(b) > 1 {
			b = append(b, ',')
		}
		b = append(append(append(b, '"'), name...), `":`...)
		b = append(b, v...)
	}
	if len(prev) > 0 {
		field("prev", prev)
	}
	if sealed != nil {
		field("sealed", sealed)
	}
	if fault != nil {
		field("fault", fault)
	}
	return append(b, '}'), true, nil
}
