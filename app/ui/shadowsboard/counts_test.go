package shadowsboard

import (
	"strings"
	"testing"

	"miskatonic/app/i18n"
)

// TestAssetCostAgrees: an asset's cost (the second argument) picks the plural: "costs 1 bill",
// "coûte 1 billet", "costs 3 bills".
func TestAssetCostAgrees(t *testing.T) {
	cases := []struct {
		lang       i18n.Lang
		cost       int
		want, nope string
	}{
		{i18n.English, 1, "costs 1 bill", "1 bills"},
		{i18n.English, 3, "costs 3 bills", ""},
		{i18n.French, 1, "coûte 1 billet", "1 billets"},
		{i18n.French, 0, "coûte 0 billet", "0 billets"},
		{i18n.French, 2, "coûte 2 billets", ""},
		{i18n.Japanese, 1, "ドル札1", ""},
	}
	for _, c := range cases {
		got := i18n.In(c.lang, "sh.asset_where", "Arkham", c.cost)
		if !strings.Contains(got, c.want) || (c.nope != "" && strings.Contains(got, c.nope)) {
			t.Errorf("%s, cost %d: %q, want %q", c.lang, c.cost, got, c.want)
		}
	}
}
