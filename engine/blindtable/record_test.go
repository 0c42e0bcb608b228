package blindtable

import (
	"crypto/ed25519"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/mask"
)

// TestRecordVerifies: the host's record of a whole game verifies on its own (every deal
// audited, every public opening proven), survives JSON, and a record changed anywhere — a chain
// step's card, a public token, a signature, an entry dropped — fails, naming the entry.
func TestRecordVerifies(t *testing.T) {
	f, _ := recordedGame(t)
	rec := f.host.Record([]string{"Ann", "Bo", "Cy"})
	data, err := json.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	if dir := os.Getenv("BLIND_RECORD_DIR"); dir != "" { // refresh the replay fixture
		if err := os.WriteFile(filepath.Join(dir, "arkham-blind-3.json"), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	back, err := DecodeRecord(data)
	if err != nil {
		t.Fatal(err)
	}
	r, err := VerifyRecord(back)
	if err != nil || r.Verdict != nil || !r.Status.Over || r.Deals == 0 {
		t.Fatalf("honest record: %+v, %v", r, err)
	}
	t.Logf("record: %d bytes, %d entries, %d deals audited, %d moves", len(data), r.Entries, r.Deals, r.Moves)
	find := func(kind string, ok func(Entry) bool) int {
		for i, e := range back.Log {
			if e.In.Kind == kind && (ok == nil || ok(e)) {
				return i
			}
		}
		t.Fatalf("no %s entry", kind)
		return -1
	}
	public := func(e Entry) bool { return strings.Contains(string(e.In.Body), `"public"`) }
	for name, change := range map[string]func(r *Record){
		"chain card swapped": func(r *Record) {
			i := find(KindShuffle, nil)
			var sh Shuffle
			_ = json.Unmarshal(r.Log[i].In.Body, &sh)
			sh.Deck[0], sh.Deck[1] = sh.Deck[1], sh.Deck[0]
			r.Log[i].In.Body, _ = json.Marshal(sh)
		},
		"public token re-signed by its seat but changed": func(r *Record) {
			i := find(KindTokens, public)
			var tb Tokens
			_ = json.Unmarshal(r.Log[i].In.Body, &tb)
			tb.Out.Public.T, _ = mask.AddPoints(tb.Out.Public.T, f.host.st.deck.Point(0))
			in, _ := Sign(f.ids[r.Log[i].In.From], ConfigID(r.Config), r.Log[i].In.From, KindTokens, tb)
			r.Log[i].In = in
		},
		// The deal's last step: an earlier step changed after the fact, with the later steps
		// left as they were, changes no card of the deal (mask.Audit checks the final deck the
		// σ determine first), so it is the last step a forger must change.
		"chain cards swapped, re-signed by the step's seat": func(r *Record) {
			i := find(KindShuffle, func(e Entry) bool { return e.In.From == 2 })
			var sh Shuffle
			_ = json.Unmarshal(r.Log[i].In.Body, &sh)
			sh.Deck[0], sh.Deck[1] = sh.Deck[1], sh.Deck[0]
			r.Log[i].In, _ = Sign(f.ids[r.Log[i].In.From], ConfigID(r.Config), r.Log[i].In.From, KindShuffle, sh)
		},
		"signature flipped": func(r *Record) { r.Log[5].In.Sig[3] ^= 1 },
		"entry dropped": func(r *Record) {
			r.Log = append(r.Log[:7:7], r.Log[8:]...)
		},
		"identity swapped": func(r *Record) {
			r.Config.Identities = map[engine.Seat]ed25519.PublicKey{0: r.Config.Identities[1], 1: r.Config.Identities[0], 2: r.Config.Identities[2]}
		},
	} {
		var r Record
		_ = json.Unmarshal(data, &r)
		change(&r)
		if res, err := VerifyRecord(r); err == nil && res.Verdict == nil {
			t.Errorf("%s: the record still verifies", name)
		} else {
			t.Logf("%s: %v %v", name, err, res.Verdict)
		}
	}
}
