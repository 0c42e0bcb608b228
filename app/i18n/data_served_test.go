package i18n

import (
	"strings"
	"testing"

	"miskatonic/app/i18n/internal/words"
)

// What the server publishes for a language (Data), read the way a page reads what it fetched,
// is that language's whole catalog: every message of every package, no more, the same text.
func TestDataIsTheWholeCatalog(t *testing.T) {
	for _, l := range Languages {
		ensure(l)
		got := map[string]string{}
		data := string(Data(l))
		if strings.Contains(data, "\n#") || strings.HasPrefix(data, "#") {
			t.Errorf("%s: comments are published", l)
		}
		err := words.Each(data, func(k, v string) {
			if l == French {
				v = frTypography(v)
			}
			got[k] = v
		})
		if err != nil {
			t.Fatalf("%s: %v", l, err)
		}
		mu.RLock()
		want := catalogs[l]
		if len(got) != len(want) {
			t.Errorf("%s: %d messages published, the catalog has %d", l, len(got), len(want))
		}
		for k, v := range want {
			if got[k] != v {
				t.Errorf("%s: %s published as %q, the catalog has %q", l, k, got[k], v)
				break
			}
		}
		mu.RUnlock()
	}
}
