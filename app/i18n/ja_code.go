package i18n

// jaCode is the Japanese text of connecting by code (see en_code.go); init merges it into ja.
func jaCode() map[string]string {
	return map[string]string{
		// Host: the lobby panel.
		"code.host_title":    "インターネットなしで端末をつなぐ",
		"code.host_hint":     "インターネットがない、または招待リンクが使えないときでも、同じWi-Fiやテザリングにいる端末ならつなげます。相手の端末用にコードを作ると、相手からコードが返ってきます。",
		"code.host_make":     "端末用のコードを作る",
		"code.host_again":    "別の端末をつなぐ",
		"code.host_making":   "コードを準備しています…",
		"code.host_step1":    "1. 相手の端末でMiskatonicを開き、「コードで参加」を選んでもらいます。",
		"code.host_pass":     "2. このパスを読み上げてください：",
		"code.host_code":     "3. このコードを渡してください（コピーするか、QRコードを読み取ってもらいます）：",
		"code.host_answer":   "4. 相手の端末に表示されたコードを貼り付けてください：",
		"code.host_connect":  "接続",
		"code.host_joining":  "接続中…まもなく相手の端末が着席します。",
		"code.host_done":     "接続しました。その端末は他のプレイヤーと同じように着席します。",
		"code.host_full":     "満席です。別の端末をつなぐには、プレイヤーかボットを外してください。",
		"code.host_cancel":   "キャンセル",
		"code.host_new_code": "新しいコードを作る",
		"code.rejoin_title":  "コードで端末を再接続",
		"code.rejoin_hint":   "あるプレイヤーの端末がテーブルとの接続を失いました。インターネットがないと自力では戻れません。ここでコードを作れば、同じブラウザで元の席に戻れます。",
		"code.qr_offer":      "相手の端末に渡す接続コードのQRコード",
		"code.qr_answer":     "ホストに返す応答コードのQRコード",

		// Guest: the join-with-a-code page.
		"code.join_link":    "コードで参加",
		"code.join_title":   "コードでテーブルに参加",
		"code.join_hint":    "インターネットにつながらないとき、同じネットワークの端末どうしで使います。ホストがロビー（「インターネットなしで端末をつなぐ」）でコードを作ってくれます。",
		"code.join_pass":    "パス（ホストから聞いた英数字13文字）",
		"code.join_offer":   "ホストのコード（ここに貼り付け）",
		"code.join_submit":  "応答コードを作る",
		"code.join_making":  "コードを読み取っています…",
		"code.join_answer":  "この応答コードをホストに返してください（コピーするか、QRコードを読み取ってもらいます）。このページは開いたままにしてください。",
		"code.join_waiting": "ホストが応答コードを貼り付けるのを待っています…",
		"code.join_restart": "最初からやり直す",
		"code.join_again":   "新しいコードでもう一度参加",
		"code.join_instead": "ホストが同じネットワークにいて、インターネットがない？ 代わりにコードをもらいましょう：",
		"code.placeholder":  "ここにコードを貼り付け",

		// What went wrong, with what to do next.
		"code.bad_pass":    "パスは K7QM-2XPA-9RTW5 のような英数字13文字です。ホストに確認してください。",
		"code.not_code":    "これは接続コードではありません。「MK1」から最後の文字までコード全体をコピーして、もう一度貼り付けてください。",
		"code.want_offer":  "これはホストに返すための応答コードです。ここにはホストのコード（MK1Oで始まるもの）を貼り付けてください。",
		"code.want_answer": "これは相手の端末に渡すためのあなたのコードです。相手の端末に表示されたコード（MK1Aで始まるもの）を貼り付けてください。",
		"code.no_open":     "このパスではコードを開けません。パスが正しいか、コード全体がコピーされたかを確認してください。ホストがもっと新しいコードを作ったのかもしれません。",
		"code.no_link":     "コードは正しいのですが、端末どうしがつながりませんでした。同じWi-Fiやテザリングにいるか確認し、新しいコードでやり直してください。",
		"code.lost":        "ホストとの接続が切れました。ホストに新しいコードを作ってもらい、このブラウザで参加し直せば元の席に戻れます。",
		"code.not_host":    "端末をつなげるのはテーブルのホストだけです。",
		"code.no_table":    "端末はつながりましたが、ホストのテーブルに着席できませんでした。満席でないかホストに確認してもらい、やり直してください。",
		"code.no_relay":    "インターネットにつながらないため、今は招待リンクが使えません。このネットワークの端末なら、下の「インターネットなしで端末をつなぐ」で参加できます。",
	}
}

func init() {
	later(Japanese, func() {
		for k, v := range jaCode() {
			ja[k] = v
		}
	})
}
