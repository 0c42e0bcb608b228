package i18n

// jaReplay is the Japanese text of history and replays (see en_replay.go).
func jaReplay() map[string]string {
	return map[string]string{
		"record.title":    "このゲームの記録",
		"record.lead":     "ゲームを保存したり、共有したり、一手ずつ見直したりできます。記録には各ディールの証明と、各プレイヤーが自分の手に付けた署名が入っているので、誰でも表示どおりに遊ばれたことを確かめられます。",
		"record.download": "記録をダウンロード",
		"record.replay":   "リプレイを見る",
		"record.link":     "リプレイのリンク（ゲーム全体が入っています）",
		"record.copy":     "リンクをコピー",
		"record.too_long": "このゲームは長すぎてリンクに入りません。ダウンロードしたファイルを共有してください。",

		"history.earlier": "前のラウンド（%[1]v）",

		"replay.title":        "ゲームをリプレイ",
		"replay.lead":         "ゲームの記録（ファイルかリプレイのリンク）を開くと、見直しと検証ができます。ディールは証明から計算し直され、各プレイヤーの手は署名で確かめられます。",
		"replay.home_link":    "ゲームをリプレイ",
		"replay.open_file":    "記録ファイルを開く",
		"replay.last":         "この端末で最後に終わったゲーム",
		"replay.bad_record":   "この記録は読めません：%[1]v",
		"replay.verified":     "✓ 検証済み：証明されたディール %[1]v 回、プレイヤーの署名付きの手 %[2]v 手、ルールで最後まで再現した手 %[3]v 手。",
		"replay.not_verified": "✗ 検証できません：%[1]v",
		"replay.controls":     "リプレイの操作",
		"replay.to_start":     "最初へ",
		"replay.back":         "一手戻る",
		"replay.forward":      "一手進む",
		"replay.to_end":       "最後へ",
		"replay.position":     "ゲームの中の位置",
		"replay.at_start":     "最初の手の前（全%[1]v手）",
		"replay.at":           "%[2]v手中%[1]v手目：%[3]v、%[4]v",
		"replay.at_deal":      "%[2]v手中%[1]v手目：カードをシャッフルして配る",
		"replay.dealer":       "ディール",
		"replay.seat":         "%[1]v番席",
		"replay.seen_by":      "視点",
		"replay.public":       "全員（公開情報）",
		"replay.summary":      "まとめ",
		"replay.player":       "プレイヤー",
		"replay.held":         "%[1]v・サン値 %[2]v（%[3]v）",
		"replay.unfinished":   "この記録のゲームは終わっていません。",
		"replay.scored":       "%[1]v：%[2]v",
		"replay.winner":       "%[1]v（勝者）",

		"opt.first":        "最初のプレイヤー",
		"opt.first.help":   "第1ラウンドのアクティブプレイヤーです。初期設定ではディールがランダムに選びます。",
		"opt.helper":       "推理メモ",
		"opt.helper.help":  "誰も把握していないカードを数え、自分のカードの確率を見積もる手助けです。オフにするとテーブルの誰にも表示されません。",
		"opt.choice.deal":  "ディールで決める",
		"opt.choice.seat1": "1番席（ホスト）",
		"opt.choice.seat2": "2番席",
		"opt.choice.seat3": "3番席",
		"opt.choice.seat4": "4番席",
		"opt.choice.seat5": "5番席",
		"opt.choice.seat6": "6番席",
		"opt.choice.seat7": "7番席",
	}
}

func init() {
	later(Japanese, func() {
		for k, v := range jaReplay() {
			ja[k] = v
		}
	})
}
