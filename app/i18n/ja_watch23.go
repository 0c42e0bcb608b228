package i18n

// jaWatch23 is the Japanese of en_watch23.go; init merges it into ja.
var jaWatch23 = map[string]string{
	"ark.watch_over": "この儀式を最後まで見届けました。",
	"sh.watch_won":   "プレイヤーたちはそろって勝ちました！",
	"sh.watch_lost":  "プレイヤーたちはそろって負けました。",
}

func init() {
	later(Japanese, func() {
		for k, v := range jaWatch23 {
			ja[k] = v
		}
	})
}
