package i18n

// jaRecords is the Japanese of en_records.go; init merges it into ja.
var jaRecords = map[string]string{
	"replay.unproven":          "？ 未証明：%[1]v",
	"replay.why_no_proof":      "この記録は、記録に証明が入る前に作られました。リプレイはできますが、ディールも誰が遊んだかも証明しません。",
	"replay.why_unsealed":      "ホストの封印がありません（署名付きの参加者一覧より前の記録か、鍵のないホストの記録です）。ディールと署名は確かめられますが、プレイヤーの鍵と名前をテーブルに結びつけるものがありません。",
	"replay.why_no_keys":       "どのプレイヤーも何にも署名していません。全席がボットか、作り話のゲームです。",
	"replay.why_host_unseated": "席に着いていない鍵で封印されています。記録を持つ誰でも、別の名前で封印し直せたことになります。",
	"replay.who":               "遊んだ人",
	"replay.who_lead":          "鍵の指紋は、各プレイヤーが遊んだ端末を表します。同じ端末なら、どの記録でも同じ指紋になります。テーブルコードは、ゲームの終わりに全員に表示されたコードです。別のコードの記録は、別のゲームの記録です。",
	"replay.code":              "テーブルコード：%[1]v",
	"replay.no_code":           "テーブルコードなし：この記録はホストに封印されていません。",
	"replay.fingerprint":       "鍵 %[1]v",
	"replay.no_key":            "鍵なし（ボット）",
	"replay.host_seat":         "ホスト（この記録を封印）",
	"replay.you":               "この端末",
	"replay.host_key":          "封印した鍵：%[1]v",
}

func init() {
	later(Japanese, func() {
		for k, v := range jaRecords {
			ja[k] = v
		}
	})
}
