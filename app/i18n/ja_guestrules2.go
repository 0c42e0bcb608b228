package i18n

// jaGuestRules2 is the Japanese of en_guestrules2.go; init merges it into ja.
var jaGuestRules2 = map[string]string{
	"why.deal.view_changed":    "ホストは、%[1]v手目の検証が済んだ後で、その時点の画面を変えて見せました。新しい画面は実際のゲームではありません。",
	"why.deal.standin_unshown": "ホストは、代役を一度も示していない席の手を、代役の手として見せました。",
}

func init() {
	later(Japanese, func() {
		for k, v := range jaGuestRules2 {
			ja[k] = v
		}
	})
}
