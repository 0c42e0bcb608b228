package arkham_test

import (
	"encoding/binary"
	"reflect"
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/arkham"
	"miskatonic/engine/mask"
	"miskatonic/engine/rng"
)

// FuzzBlindInputs: from a position reached by honest play, any input a hostile peer could
// send — a move, a reveal, a settle, a claim, an audit, with any fields — is met or refused
// with an error that changes nothing; nothing panics.
// go test -fuzz FuzzBlindInputs -fuzztime 30s ./engine/arkham/
func FuzzBlindInputs(f *testing.F) {
	f.Add(uint64(1), uint8(3), []byte{0, 1, 2, 3, 4, 5, 6, 7})
	f.Add(uint64(2), uint8(9), []byte{1, 0, 0, 0, 25, 0})
	f.Add(uint64(3), uint8(0), []byte{2, 3})
	f.Add(uint64(4), uint8(20), []byte{3, 0, 5, 0, 1, 2})
	f.Add(uint64(5), uint8(1), []byte{4, 9, 9, 9})
	f.Fuzz(func(t *testing.T, seed uint64, steps uint8, in []byte) {
		r := rng.FromInt(seed)
		bt := newBlindTable(t, seed, allHolders(3+int(seed%5), nil), false)
		for i := 0; i < int(steps%24) && !bt.b.Status().Over; i++ {
			st := bt.b.Status()
			if st.Deal != nil {
				var key [32]byte
				_, _ = bt.rand.Read(key[:])
				bt.applyDeal(key)
				continue
			}
			legal := bt.b.Legal(st.Active[0])
			bt.applyMove(legal[r.Intn(len(legal))])
		}
		if bt.b.Status().Deal != nil && len(in) > 0 && in[0]%2 == 0 {
			bt.setUp(bt.b.Status().Deal.Epoch) // so a deal can be fuzzed too
		}
		byteAt := func(i int) byte {
			if i < len(in) {
				return in[i]
			}
			return 0
		}
		for off := 0; off < len(in); off += 8 {
			b := bt.b
			before, needs, faults := asJSONq(b.PublicView()), b.Needs(), b.Faults()
			var err error
			id := int(int8(byteAt(off + 1)))
			if len(needs) > 0 && byteAt(off+2)%2 == 0 {
				id = needs[0].ID + int(int8(byteAt(off+1))%3)
			}
			switch byteAt(off) % 5 {
			case 0:
				err = b.Apply(engine.Move{Seat: engine.Seat(int8(byteAt(off + 3))), Kind: []string{arkham.MoveGive, arkham.MoveTake,
					arkham.MovePass, arkham.MoveDrop, arkham.MoveOrb, engine.KindDeal, "x"}[byteAt(off+4)%7],
					To: engine.Seat(int8(byteAt(off + 5))), Option: []string{"", arkham.OrbReturn, arkham.OrbRemove}[byteAt(off+6)%3],
					Seed: hexKey([32]byte{byteAt(off + 7)})})
			case 1:
				err = b.Reveal(id, arkham.CardID(byteAt(off+3)))
			case 2:
				err = b.Settle(id)
			case 3:
				c := mask.Claim{Seat: engine.Seat(int8(byteAt(off + 3))), Event: id,
					Topic: []string{arkham.TopicOldOne, arkham.TopicTrapSane, arkham.TopicTrapCursed, arkham.TopicTrap, ""}[byteAt(off+4)%5]}
				for i := 5; i < 8; i++ {
					if x := byteAt(off + i); x < 16 {
						c.Sees = append(c.Sees, engine.Seat(x%8))
					}
				}
				err = b.Claim(c)
			case 4:
				var deal [arkham.DeckCards]arkham.CardID
				d := b.Deck()
				perm := rng.FromInt(binary.LittleEndian.Uint64(append(in[off:min(off+8, len(in))], make([]byte, 8)...))).Perm(len(d))
				for i, j := range perm {
					deal[i] = d[j]
				}
				if byteAt(off+3)%4 == 0 {
					deal = bt.deal
				}
				err = b.Audited(deal, [32]byte{byteAt(off + 1)})
			}
			if err != nil && (asJSONq(b.PublicView()) != before || !reflect.DeepEqual(b.Needs(), needs) || !reflect.DeepEqual(b.Faults(), faults)) {
				t.Fatalf("refused input changed the machine: %v", err)
			}
		}
	})
}
