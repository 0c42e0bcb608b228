package games

import "testing"

func TestLookup(t *testing.T) {
	cases := []struct {
		name string
		ok   bool
	}{
		{"arkham", true},
		{"highcard", true}, // a test game: found, though not listed
		{"Arkham", false},
		{"", false},
		{"chess", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r, ok := Lookup(c.name)
			if ok != c.ok || (ok && r.Name() != c.name) {
				t.Fatalf("Lookup(%q) = %v, %v", c.name, r, ok)
			}
		})
	}
	seen := map[string]bool{}
	for _, r := range All() {
		if r.Name() == "highcard" {
			t.Fatal("a test game is listed")
		}
		if seen[r.Name()] {
			t.Fatalf("duplicate game %q", r.Name())
		}
		seen[r.Name()] = true
		if lo, hi := r.Seats(); lo < 1 || hi < lo {
			t.Fatalf("%s: seats %d..%d", r.Name(), lo, hi)
		}
	}
}
