package i18n

// jaTable is the Japanese text of the shared table screen (see en_table.go).
var jaTable = map[string]string{
	"alert.your_move":    "● あなたの番 — %[1]v",
	"alert.notify_body":  "%[1]vであなたの番です。",
	"alert.off":          "通知：オフ",
	"alert.on":           "通知：オン",
	"alert.help":         "自分の番が来たら音と振動で知らせ、許可すればシステム通知も出します",
	"alert.unread_label": "テーブルトーク、未読%[1]v件",
	"tap.give":           "タップで渡す",
	"tap.pass":           "タップで回す",
}

func init() {
	for k, v := range jaTable {
		ja[k] = v
	}
}
