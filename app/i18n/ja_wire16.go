package i18n

// jaWire16 is enWire16 in Japanese.
var jaWire16 = map[string]string{
	"why.bye.refused": "ホストは参加を認めませんでした。",
}

func init() {
	for k, v := range jaWire16 {
		ja[k] = v
	}
}
