package i18n

// jaFair is the Japanese text of table protocol v2 (see en_fair.go); init merges it into ja.
var jaFair = map[string]string{
	"conn.version": "ホストとこのアプリとで、このゲームのルールのバージョンが違います。ページを再読み込みして最新のアプリにするか、ホストにもそうしてもらってください。ホストに不審な点があるわけではありません。",

	"deal.checked":  "%[1]v件の画面を照合",
	"deal.restarts": "配り直し%[1]v回",
	"deal.missing":  "ホストから手番%[1]vの記録を待っています",
}

func init() {
	for k, v := range jaFair {
		ja[k] = v
	}
}
