package i18n

func jaFrame() map[string]string {
	return map[string]string{
		"frame.stop_title":    "停止：このテーブルは公正さの確認に失敗しました",
		"frame.failed_deal":   "ディール%[1]vは確認できませんでした。%[2]v",
		"frame.failed_before": "前のゲームのディール%[1]vは確認できませんでした。%[2]v",
		"frame.equivocation":  "ホストはこのゲームについて、同じ手番%[1]vに食い違う2つの記録に署名しました。プレイヤーごとに違う話をしています。",
		"frame.fault_host":    "これはホストの責任です。正直なホストのディールは必ず確認を通ります。あなたの操作が原因ではありません。テーブルは止まりました。このホストと続けて遊ばないでください。",
		"frame.fault_self":    "このブラウザーはディールを確認する前に離れたため、公正だったとは言えません。不正が証明された人はいないので、このテーブルはそのまま続きます。",
		"frame.keep":          "証拠を保存してください。ファイルにはホストの署名つきのコミットメントと食い違った内容が入っていて、誰でも確かめられます。",
		"frame.export":        "証拠を保存",
		"frame.leave":         "テーブルを離れる",
		"frame.how":           "ディールの確かめ方",
		"frame.detail":        "詳細",
		"frame.detail_code":   "失敗したときのテーブルコード：%[1]v",
		"frame.verified_n":    "ディール%[1]vを確認しました。",
		"frame.standin":       "%[1]vさんが戻るまでボットが代わりに遊びます。",
		"frame.locked":        "決定済み：%[2]v人中%[1]v人（%[3]v）。",
		"frame.locked_none":   "まだ誰も決めていません：%[1]v人が選択中。",
		"frame.play_again":    "もう一度遊ぶ",
		"frame.history":       "これまでの出来事",
		"frame.round":         "ラウンド%[1]v",
	}
}

func init() {
	later(Japanese, func() {
		for k, v := range jaFrame() {
			ja[k] = v
		}
	})
}
