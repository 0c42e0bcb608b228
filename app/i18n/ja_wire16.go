package i18n

// jaWire16 is enWire16 in Japanese.
var jaWire16 = map[string]string{
	"why.bye.refused": "ホストは参加を認めませんでした。",

	"problem.storage":      "このブラウザにテーブルを保存できませんでした（保存領域がいっぱいか、プライベートブラウズで無効になっている可能性があります）。",
	"problem.saved_broken": "このブラウザに保存されたテーブルを読み込めなかったため、取り除きました。新しいテーブルを始めてください。",
	"problem.unknown_game": "このアプリにはそのゲームがありません。ページを再読み込みして最新のアプリにしてください。",
	"problem.setup":        "その人数や席数ではこのゲームを遊べません。",
	"problem.no_seat":      "もう一人分の手札を受け持つ空き席がありません。",
	"problem.not_host":     "それができるのはテーブルのホストだけです。",
	"problem.internal":     "アプリ内で問題が起きました。ページを再読み込みしてもう一度お試しください。",

	"replay.why_damaged":      "ファイルかリンクが壊れているか、ゲームの記録ではありません",
	"replay.why_unknown_game": "このアプリにないゲームの記録です",
	"replay.why_moves":        "その手順をゲームのルールどおりに再現できません",
	"replay.fail_deal":        "%[1]v回目のディールが記録の内容で証明できません",
	"replay.fail_move":        "%[1]v手目にプレイヤーの署名がないか、ルールで認められていません",
	"replay.fail_record":      "記録が途中で終わっているか、配札の証明がないか、ルールのバージョンが違います",
}

func init() {
	later(Japanese, func() {
		for k, v := range jaWire16 {
			ja[k] = v
		}
	})
}
