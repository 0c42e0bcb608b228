package ui

import (
	"testing"

	"miskatonic/app/i18n"
	"miskatonic/engine/arkham"
	"miskatonic/engine/rituals"
	"miskatonic/engine/shadows"
)

// The replay page says what each move was in the reader's language: every kind of move of the
// three games has a name, translated, and every move of the recorded fixtures finds one (the line
// read "Move 12 of 48: p2, take" on a Japanese page).
func TestReplayMoveKindsNamed(t *testing.T) {
	kinds := map[string][]string{
		"arkham":  {arkham.MoveGive, arkham.MoveTake, arkham.MovePass, arkham.MoveDrop, arkham.MoveOrb},
		"rituals": {rituals.MoveGrab, rituals.MoveSend, rituals.MovePass, rituals.MovePlay, rituals.MovePlace, rituals.MovePsychotic},
		"shadows": {shadows.MoveCharacter, shadows.MoveRing, shadows.MoveEnd, shadows.MoveMove, shadows.MoveDrive,
			shadows.MoveHeal, shadows.MoveClear, shadows.MoveShare, shadows.MoveRetainer, shadows.MovePassRing,
			shadows.MoveView, shadows.MoveAbility, shadows.MoveUse, shadows.MoveResearch, shadows.MoveHire,
			shadows.MoveBuySell, shadows.MoveReport, shadows.MoveWithdraw, shadows.MoveAcquire, shadows.MoveBanish,
			shadows.MoveLeave},
	}
	for game := range kinds {
		for _, m := range loadRecord(t, game).Moves {
			if m.Kind != "" && m.Seat >= 0 {
				kinds[game] = append(kinds[game], m.Kind)
			}
		}
	}
	for game, ks := range kinds {
		for _, k := range ks {
			if got := moveKindName(game, k); got == k {
				t.Errorf("%s move %q has no name on the replay page", game, k)
				continue
			}
			key := "replay.kind." + game + "." + k
			en := i18n.In(i18n.English, key)
			for _, l := range []i18n.Lang{i18n.Japanese, i18n.French} {
				if got := i18n.In(l, key); got == en {
					t.Errorf("%s: %s move %q reads %q, as in English", l, game, k, got)
				}
			}
		}
	}
	// A kind no game names (a newer record, say) shows as recorded rather than as a gap.
	if got := moveKindName("arkham", "unheard-of"); got != "unheard-of" {
		t.Errorf("unknown kind shows as %q", got)
	}
}
