package shadows

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestEmbeddedContentMatchesTheComponents: the counts the rulebook's component list fixes.
func TestEmbeddedContentMatchesTheComponents(t *testing.T) {
	c := Cards()
	eq(t, "threats", len(c.Threats), 18)
	eq(t, "assets", len(c.Assets), 15)
	eq(t, "elders", len(c.Elders), 4)
	eq(t, "characters", len(c.Characters), 5)
	base := 0
	for _, r := range c.Rando {
		if r.Elder == "" {
			base++
		}
	}
	eq(t, "randonomicon", base, 10)
	found := false
	for _, a := range c.Assets {
		found = found || a.Name == "Automobile"
	}
	eq(t, "the Automobile (FOUND)", found, true)
	e := c.Elders[c.elderIndex("ghatanothoa")]
	eq(t, "Ghatanothoa's 6 knowledge (FOUND)", e.Final.Knowledge, 6)
	eq(t, "recommended", e.Recommended, true)
	for _, th := range c.Threats {
		if th.Arkham.Limit < 1 || th.Arkham.Limit > 3 {
			t.Errorf("%s: limit %d (3 threat tokens exist)", th.Arkham.Name, th.Arkham.Limit)
		}
	}
}

// TestLoadRefusesBrokenData: each mutation of the embedded files is caught at load.
func TestLoadRefusesBrokenData(t *testing.T) {
	cases := []struct {
		name, file, from, to string
	}{
		{"unknown field", "knobs.json", `"billsLimit"`, `"billLimit"`},
		{"madness loss above cap", "knobs.json", `"madnessLoss": 5`, `"madnessLoss": 11`},
		{"bad location", "assets.json", `"location": "bank", "cost": 1`, `"location": "vault", "cost": 1`},
		{"unknown op", "threats.json", `"op": "corrupt", "at": "roadhouse", "n": 1}]},`, `"op": "explode"}]},`},
		{"threat limit 4", "threats.json", `"limit": 1,`, `"limit": 4,`},
		{"unknown shadow rule", "threats.json", `"rule": "no_share"`, `"rule": "no_fun"`},
		{"duplicate key", "characters.json", `"key": "marek"`, `"key": "hale"`},
		{"bad advantage", "characters.json", `"key": "lucky"`, `"key": "charming"`},
		{"bad who", "elders.json", `"who": "all", "n": 1}]},
   "final"`, `"who": "everyone", "n": 1}]},
   "final"`},
		{"elder card not its own", "elders.json", `"randonomicon": ["crawling_chaos", "black_pharaoh"]`, `"randonomicon": ["s3"]`},
		{"ability over the cap", "abilities.json", `"shadow": 2}`, `"shadow": 4}`},
		{"not JSON", "randonomicon.json", `[`, `{`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			mutated := false
			_, err := Load(func(name string) ([]byte, error) {
				b, err := dataFS.ReadFile("data/" + name)
				if name == c.file {
					s := string(b)
					if !strings.Contains(s, c.from) {
						t.Fatalf("%s has no %q", name, c.from)
					}
					b, mutated = []byte(strings.Replace(s, c.from, c.to, 1)), true
				}
				return b, err
			})
			if !mutated || err == nil {
				t.Fatalf("accepted (mutated=%v)", mutated)
			}
		})
	}
	if _, err := Load(func(name string) ([]byte, error) { return dataFS.ReadFile("data/" + name) }); err != nil {
		t.Fatalf("the embedded data: %v", err)
	}
	var k Knobs
	b, _ := dataFS.ReadFile("data/knobs.json")
	if err := json.Unmarshal(b, &k); err != nil || k.Comment == "" {
		t.Fatalf("knobs: %v", err)
	}
}
