package i18n

// jaTheme18 is the Japanese of en_theme18.go.
var jaTheme18 = map[string]string{
	"guestrecord.asking":  "ホストからこのゲームの記録を受け取り、あなたが見た内容と照合しています…",
	"guestrecord.refused": "このブラウザーはホストの記録を提供しません。理由：",
	"guestrecord.detail":  "詳細（英語）",
	"guestrecord.again":   "ホストにもう一度頼む",

	"guestrecord.why.refused":   "ホストが送信を断りました。",
	"guestrecord.why.no_answer": "ホストから届きませんでした（ホストのアプリが古いのかもしれません）。",
	"guestrecord.why.too_big":   "実際のゲームの記録としては大きすぎます。",
	"guestrecord.why.broken":    "ホストが送ったものはゲームの記録ではありません。",
	"guestrecord.why.unproven":  "証明が成り立ちません。カード、手、または秘密が書き換えられています。",
	"guestrecord.why.other":     "別のゲームまたは別のテーブルの記録です。",
	"guestrecord.why.seat":      "あなたの席に別の人の鍵が入っています。",
	"guestrecord.why.moves":     "ゲーム中にあなたに示された手と一致しません。",
	"guestrecord.why.deals":     "ゲーム中にあなたが確認した配札と一致しません。",
}

func init() {
	later(Japanese, func() {
		for k, v := range jaTheme18 {
			ja[k] = v
		}
	})
}
