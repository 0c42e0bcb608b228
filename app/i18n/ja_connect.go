package i18n

// jaConnect is the Japanese text of how a link was made or why not (see en_connect.go); init
// merges it into ja.
func jaConnect() map[string]string {
	return map[string]string{
		"conn.no_path":      "ホストは応答しましたが、あなたとの間にネットワーク経路が開けず、シグナリングサーバー経由の経路も失敗しました。もう一度試してください。失敗が続く場合は、別のネットワーク（スマートフォンのテザリングなど）を試すか、ホストにコードを作ってもらってください。",
		"conn.all_down":     "招待を運ぶサーバーがどれも応答しませんでした。ここからはテーブルに届く手段がすべて止まっています。インターネット接続を確認して、もう一度試してください。",
		"link.failed":       "%[1]vさんは接続できませんでした（ネットワーク）。",
		"link.relayed":      "%[1]vさんはリレー経由で接続しています。その人の操作は少し遅くなります。",
		"link.path.direct":  "直接",
		"link.path.turn":    "TURN経由",
		"link.path.relayed": "リレー",
		"link.dismiss":      "わかりました",
		"link.path_title":   "このプレイヤーの端末があなたの端末に届く経路",
		"code.one_network":  "この接続は同じネットワーク内でしか使えません。このサイトにはICEサーバーが設定されていません。",
		"code.ice_servers":  "この接続はこのサイトのICEサーバーを使うので、別のネットワークの端末ともつながります。",
	}
}

func init() {
	later(Japanese, func() {
		for k, v := range jaConnect() {
			ja[k] = v
		}
	})
}
