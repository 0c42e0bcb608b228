package i18n

// enLang is the English text of the language switcher (app/ui/lang.go); init merges it into en.
var enLang = map[string]string{
	"app.language": "Language",
	"app.list_sep": ", ", // between names in a list: "Ann, Ben"
}

func init() {
	for k, v := range enLang {
		en[k] = v
	}
}
