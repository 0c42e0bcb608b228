//go:build browser

package e2e

import (
	"testing"

	"miskatonic/app/i18n"
)

// TestOfflineStartInJapanese: the browser build embeds English alone and a Japanese page
// fetches its words (/words.ja.txt). The home page is drawn in Japanese on the first visit, and
// with the server gone a reload still starts in Japanese: the service worker cached the words.
func TestOfflineStartInJapanese(t *testing.T) {
	srv := StartApp(t)
	b := NewBrowser(t, "offline-ja", Laptop)
	preferLanguages(t, b, "ja-JP,ja;q=0.9,en;q=0.5")
	b.Open(srv.URL + "/")
	b.WaitApp()
	b.WaitText("#game-arkham h2", i18n.In(i18n.Japanese, "game.arkham"))
	b.WaitServiceWorker()
	reloadWithServerGone(t, srv, b)
	b.WaitText("#game-arkham h2", i18n.In(i18n.Japanese, "game.arkham"))
	b.WaitText("#game-shadows h2", i18n.In(i18n.Japanese, "game.shadows"))
	b.Screenshot("offline-home-ja")
}
