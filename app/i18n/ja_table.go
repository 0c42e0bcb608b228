package i18n

// jaTable is the Japanese text of the shared table screen (see en_table.go).
func jaTable() map[string]string {
	return map[string]string{
		"alert.your_move":     "● あなたの番 — %[1]v",
		"alert.notify_body":   "%[1]vであなたの番です。",
		"alert.off":           "通知：オフ",
		"alert.on":            "通知：オン",
		"alert.help":          "自分の番が来たら音と振動で知らせ、許可すればシステム通知も出します",
		"alert.unread_label":  "テーブルトーク、未読%[1]v件",
		"tap.give":            "タップで渡す",
		"tap.pass":            "タップで回す",
		"explain.more":        "遊び方で詳しく読む",
		"explain.none_failed": "失敗した人はいません。このラウンドで正気度は減りません。",
		"explain.loss_count":  "%[1]v人分の手札が失敗したので（ダミーも数えます）、失敗した人はそれぞれ%[1]v失います。",
		"explain.loss_doom":   "破滅ボードが%[1]vなので、失敗した人はそれぞれ%[1]v失います。",
		"explain.doom_track":  "破滅ボード",
		"explain.hints_title": "はじめてのゲーム：3つのヒント",
		"explain.hints_done":  "わかった",
		"explain.hint_card":   "自分のカードだけは見えません。他の人のカードと捨て札から推理しましょう。",
		"explain.hint_tap":    "カードをタップするか指すと、その効果が読めます。",
		"explain.hint_turn":   "裏向きのカードが回ってきたら、受け取る（自分のカードは捨て札に）か、手を場に置いている人に回します。",
		"rematch.stay":        "次のゲームも参加する",
		"rematch.leave":       "テーブルを離れる",
		"rematch.waiting":     "テーブルに残ります。%[1]vさんが配ると次のゲームが始まります。",
		"rematch.score":       "%[1]vゲームの通算勝利数：%[2]v",
		"rematch.score_one":   "%[1]v %[2]v勝",
		"quick.game":          "クイックゲーム",
		"quick.help":          "ボット4人を相手に、すべて既定の設定ですぐに始めます",
		"quick.you":           "あなた",
		"resume.lead":         "この端末で進行中のゲームがあります。",
		"resume.table":        "自分のテーブルに戻る",
		"resume.solo":         "ボットとのゲームに戻る",
		"invite.title":        "テーブルに招待されています",
		"invite.lead":         "ブラウザで一緒にカードゲームを遊ぶための招待リンクです。インストールもアカウントも不要です。",
		"invite.next":         "他の人に表示される名前を決めて席に着きましょう。着席するとすぐに、ゲーム名・ホスト・着席済みのプレイヤーが表示されます。",
		"invite.rules":        "%[1]vの遊び方",
		"install.button":      "Miskatonicをインストール",
		"install.help":        "この端末にアプリのように置けます。ブラウザのバーなしで開き、ボット相手ならオフラインでも遊べます。",
		"wait.lost":           "ホストのページが再読み込み中なら数秒で戻ります。このページは数秒おきに再接続を試み、30秒ほどたつと離れる方法も表示します。",
		"wait.host_gone":      "このページを開いている限り5秒おきに再接続を試み、あなたの席はそのまま残ります。ホストのページが閉じられた場合は、ホストがホーム画面の「自分のテーブルに戻る」でテーブルを再開できます。",
	}
}

func init() {
	later(Japanese, func() {
		for k, v := range jaTable() {
			ja[k] = v
		}
	})
}
