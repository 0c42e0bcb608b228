package i18n

// The words for public signaling transports (issue 17): what a guest is told when none of the
// configured ways to reach a host answered. Kept apart from the shared catalogs so branches do
// not collide; init merges them in.
var (
	enSignal = map[string]string{
		"conn.tried": "Tried: %[1]v. None of them answered within a few seconds.",
	}
	frSignal = map[string]string{
		"conn.tried": "Essayé : %[1]v. Aucun n’a répondu en quelques secondes.",
	}
	jaSignal = map[string]string{
		"conn.tried": "試した経路：%[1]v。数秒以内にどれも応答しませんでした。",
	}
)

func init() {
	for l, add := range map[Lang]map[string]string{English: enSignal, French: frSignal, Japanese: jaSignal} {
		cat := map[Lang]map[string]string{English: en, Japanese: ja, French: fr}[l]
		later(l, func() {
			for k, v := range add {
				if _, ok := cat[k]; !ok {
					cat[k] = v
				}
			}
		})
	}
}
