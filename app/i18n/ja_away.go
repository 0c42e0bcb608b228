package i18n

var jaAway = map[string]string{
	"away.waiting":       "%[1]vさんの接続が切れています。戻るのを待っています（残り%[2]v秒）。",
	"away.host_choosing": "%[1]vさんはまだ戻っていません。ホストが、もう少し待つか、ボットに代わりを任せるか、ゲームを終えるかを選んでいます。",
	"away.ask_host":      "%[1]vさんはまだ戻っていません。どうしますか？",
	"away.wait":          "もう少し待つ",
	"away.standin":       "%[1]vさんが戻るまでボットに任せる",
	"away.end":           "ゲームを終える",
	"away.standing_in":   "%[1]v（戻るまでボットが代行）",
}

func init() {
	for k, v := range jaAway {
		ja[k] = v
	}
}
