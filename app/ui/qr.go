package ui

import (
	"encoding/base64"

	"rsc.io/qr"

	"miskatonic/engine/bot"
)

// qrDataURL renders text as a QR code PNG in a data: URL ("" if it does not fit).
func qrDataURL(text string) string {
	code, err := qr.Encode(text, qr.M)
	if err != nil {
		return ""
	}
	code.Scale = 6
	return "data:image/png;base64," + base64.StdEncoding.EncodeToString(code.PNG())
}

func botLevels(game string) []string { return bot.Levels(game) }
