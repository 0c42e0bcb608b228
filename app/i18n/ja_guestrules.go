package i18n

// jaGuestRules is the Japanese of en_guestrules.go; init merges it into ja.
var jaGuestRules = map[string]string{
	"why.deal.key_changed":  "ホストがあなたの席にあなたのものではない鍵を置きました。あなたの名前で打ち、配札できるようにするためです。",
	"why.deal.stood_in":     "あなたが卓にいる間に、ホストが代役としてあなたの席を打ちました。",
	"why.deal.sealed_short": "ホストは、ゲームが選ばせる席すべての伏せた選択がそろわないまま、それを回しました。",
}

func init() {
	later(Japanese, func() {
		for k, v := range jaGuestRules {
			ja[k] = v
		}
	})
}
