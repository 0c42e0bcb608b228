package i18n

// jaWhy is enWhy in Japanese.
func jaWhy() map[string]string {
	return map[string]string{
		"why.refused.malformed":     "アプリから送った内容をテーブルが読み取れませんでした。",
		"why.refused.bad_seat":      "その席はあなたの席ではありません。",
		"why.refused.not_your_turn": "今はあなたの番ではありません。",
		"why.refused.illegal":       "今はその手は出せません。",
		"why.refused.game_over":     "ゲームはもう終わっています。",
		"why.refused.need_deal":     "まだカードを配っているところです。少し待ってからもう一度どうぞ。",
		"why.refused.bad_config":    "その席数や設定ではテーブルを用意できません。",
		"why.refused.oversized":     "アプリから送った内容が大きすぎました。",
		"why.refused.stale":         "あなたの手が届く前に場面が進みました。もう一度選んでください。",
		"why.refused.duplicate":     "同じメッセージがすでに届いていました。",
		"why.refused.flood":         "短い間にメッセージが多すぎます。",
		"why.refused.auth":          "ホストがこのプレイヤーの本人確認をできませんでした。",
		"why.refused.state":         "今のテーブルの状況には合わない操作です。",
		"why.refused.version":       "ホストはこのゲームの別のバージョンのルールで遊んでいます。",

		"why.bye.full":      "テーブルの席はすべて埋まっています。",
		"why.bye.kicked":    "ホストがあなたをテーブルから外しました。",
		"why.bye.closed":    "ホストがテーブルを閉じました。",
		"why.bye.flood":     "拒否されるメッセージをアプリが送りすぎたため、ホストが接続を切りました。",
		"why.bye.auth":      "アプリが時間内に本人確認をしなかったため、ホストが接続を切りました。",
		"why.bye.elsewhere": "あなたの席に別のウィンドウか端末からつなぎ直されました。",
		"why.bye.dropped":   "ホストが接続を切りました。",
		"why.bye.version":   "ホストとこのアプリとで、このゲームのルールのバージョンが違います。",

		"why.deal.mismatch":       "ホストが見せた内容が、配札を再現した結果と合いません。",
		"why.deal.left_out":       "ホストがあなたの席を配札から外しました。",
		"why.deal.skipped":        "ホストがこの配札を明かさないまま次の配札を始めました。",
		"why.deal.never_revealed": "ゲームが終わっても、ホストはこの配札を明かしませんでした。",
		"why.deal.withheld":       "検証に必要な%[1]v手目を、ホストが送ってきませんでした。",
		"why.deal.new_game":       "ホストがこの配札を明かさないまま新しいゲームを始めました。",
		"why.deal.other_table":    "ホストがこの配札を明かさないまま別のテーブルに移りました。",
		"why.deal.left_before":    "配札が明かされる前に、このブラウザがゲームを離れました。",

		"why.unknown":      "このアプリの知っている理由は示されませんでした。",
		"why.unknown_text": "英語の説明：%[1]v",
	}
}

func init() {
	later(Japanese, func() {
		for k, v := range jaWhy() {
			ja[k] = v
		}
	})
}
