package i18n

// jaFair is the Japanese text of table protocol v2 (see en_fair.go); init merges it into ja.
func jaFair() map[string]string {
	return map[string]string{
		"conn.version": "ホストとこのアプリとで、アプリまたはこのゲームのルールのバージョンが違います。ページを再読み込みして最新のアプリにするか、ホストにもそうしてもらってください。ホストに不審な点があるわけではありません。",

		"deal.checked":  "%[1]v件の画面を照合",
		"deal.restarts": "配り直し%[1]v回",
		"deal.missing":  "ホストから手番%[1]vの記録を待っています",

		"chat.seat":       "%[1]v（席%[2]v）",
		"chat.watcher":    "%[1]v（観戦中）",
		"deal.table_code": "テーブルコード %[1]v（ホストの署名つき）：ほかのプレイヤーと見比べてください。コードが違えば、ホストが人によって違う内容を伝えたことになり、その署名が証拠になります。",
	}
}

func init() {
	later(Japanese, func() {
		for k, v := range jaFair() {
			ja[k] = v
		}
	})
}
