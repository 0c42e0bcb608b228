package i18n

// frWire16 is enWire16 in French. fr.go's spacing pass has run before this file's init, so
// the no-break spaces before : ; ? ! are written here as they are.
var frWire16 = map[string]string{
	"why.bye.refused": "L’hôte ne vous a pas laissé entrer.",
}

func init() {
	for k, v := range frWire16 {
		fr[k] = v
	}
}
