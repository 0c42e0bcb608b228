package i18n

// jaWatch is the Japanese of en_watch.go; init merges it into ja.
func jaWatch() map[string]string {
	return map[string]string{
		"watch.preview":        "%[1]vさんが%[2]vに招待しています — %[3]v",
		"watch.preview_anon":   "%[1]vに招待されています — %[2]v",
		"watch.seats":          "着席%[1]v人、%[2]v〜%[3]v人用",
		"watch.in_progress":    "ゲームの最中です — 今は観戦して、次のゲームから参加できます。",
		"watch.ask_note":       "このテーブルではホストが一人ずつ参加を認めます。参加したら、ホストの返事を待ちます。",
		"watch.looking":        "テーブルを探しています…",
		"watch.retry":          "もう一度試す",
		"watch.start_own":      "自分のテーブルを開く",
		"watch.join_watch":     "観戦して参加を申し込む",
		"watch.join_lobby_ask": "参加を申し込む",

		"watch.watching":      "観戦中です。テーブルに表向きのものは見えますが、誰かの伏せたカードは見えません。",
		"watch.waiting_next":  "次のゲームで席に着けるよう%[1]vさんに頼んでいます。",
		"watch.next":          "次のゲームの準備ができたら、%[1]vさんがあなたを席に着けます。",
		"watch.waiting_lobby": "%[1]vさんが参加を認めるのを待っています…",
		"watch.the_host":      "ホスト",

		"watch.title":       "観戦中",
		"watch.title_lobby": "参加の申し込み",
		"watch.is_watching": "%[1]vさんが観戦中",
		"watch.asks":        "%[1]vさんが参加を申し込んでいます",
		"watch.seat_next":   "次のゲームで席に着ける",
		"watch.let_in":      "参加を認める",
		"watch.refuse":      "断る",
		"watch.will_play":   "%[1]vさんは次のゲームに参加します",
		"watch.ask_option":  "参加の前に確認する",
		"watch.ask_help":    "新しいプレイヤーは、あなたが認めるまで待ちます。",

		"conn.no_host": "今このテーブルをホストしている人がいません。ホストがページを閉じたのかもしれません。少ししてからもう一度試すか、自分のテーブルを開いてください。",
		"conn.refused": "ホストはこのテーブルへの参加を認めませんでした。",
	}
}

func init() {
	later(Japanese, func() {
		for k, v := range jaWatch() {
			ja[k] = v
		}
	})
}
