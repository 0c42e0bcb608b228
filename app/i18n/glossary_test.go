package i18n

import (
	"strings"
	"testing"
)

// glossary is glossary.md as data: the official JA and FR names (ours where no rulebook gives one,
// marked in glossary.md) of every card and rule term, keyed by the catalog key that shows it.
var glossary = []struct{ key, ja, fr string }{
	{"card.candelabra", "燭台", "Chandelier"},
	{"card.dagger", "儀式の短剣", "Dague rituelle"},
	{"card.chalice", "骨の杯", "Calice d’os"},
	{"card.grimoire", "黒の魔導書", "Grimoire noir"},
	{"card.idol", "黒曜石の偶像", "Idole d’obsidienne"},
	{"card.elder-sign", "エルダーサイン", "Signe des Anciens"},
	{"card.gate-a", "ゲート", "Portail"},
	{"card.gate-b", "ゲート", "Portail"},
	{"card.orb", "魔法のオーブ", "Orbe Magique"},
	{"card.trapezohedron", "輝くトラペゾヘドロン", "Trapézoèdre Brillant"},
	{"card.investigator", "捜査官", "Investigateur"},
	{"card.student", "臆病な学生", "Étudiant Méfiant"},
	{"card.cultist", "狂信者", "Cultiste"},
	{"card.professor", "狂った教授", "Professeur Fou"},
	{"card.cthulhu", "クトゥルフ", "Cthulhu"},
	{"card.nyarlathotep", "ニャルラトホテップ", "Nyarlathotep"},
	{"card.yogsothoth", "ヨグ・ソトース", "Yog-Sothoth"},
	{"card.hastur", "ハスター", "Hastur"},
	{"card.mystery", "ミステリーカード", "Carte Mystère"},
	{"kind.artifact", "儀式道具", "Artéfact"},
	{"kind.event", "イベント", "Événement"},
	{"kind.character", "キャラクター", "Personnage"},
	{"kind.oldone", "旧支配者", "Grand Ancien"},
	{"card.sane", "正気", "saine"},
	{"card.cursed", "狂気", "maudite"},
	{"opt.doom", "破滅ボード", "Doom Track"},
	{"ark.playsheet", "プレイシート", "Feuille de jeu"},
	{"ark.dummy_note", "ダミープレイヤー", "joueur fictif"},
}

// Every glossary term is what the catalogs show for it, and the option names match the cards'.
func TestGlossary(t *testing.T) {
	for _, g := range glossary {
		if got := ja[g.key]; got != g.ja {
			t.Errorf("ja %q = %q, glossary says %q", g.key, got, g.ja)
		}
		if got := plain(fr[g.key]); got != g.fr {
			t.Errorf("fr %q = %q, glossary says %q", g.key, got, g.fr)
		}
		if opt := "opt.choice." + strings.TrimPrefix(g.key, "card."); strings.HasPrefix(g.key, "card.") && ja[opt] != "" {
			if ja[opt] != g.ja || fr[opt] != g.fr {
				t.Errorf("%q names the card differently from %q", opt, g.key)
				continue
			}
		}
	}
}

// Terms used in running text: where the English says the term, the translation says the
// glossary's form (a cheap guard against drift such as "Orbe magique" or "サニティ").
func TestGlossaryInText(t *testing.T) {
	terms := []struct{ en, ja, fr string }{
		{"Elder Sign", "エルダーサイン", "Signe des Anciens"},
		{"Trapezohedron", "トラペゾヘドロン", "Trapézoèdre"},
		{"Cultist", "狂信者", "Cultiste"},
		{"Mad Professor", "狂った教授", "Professeur Fou"},
		{"Investigator", "捜査官", "Investigateur"},
		{"Wary Student", "臆病な学生", "Étudiant Méfiant"},
		{"Great Old One", "旧支配者", "Grand"},
		{"Doom Track", "破滅ボード", "Doom Track"},
		{"Gate", "ゲート", "Portail"},
	}
	for k, msg := range en {
		if strings.Contains(k, "#") {
			continue
		}
		for _, term := range terms {
			if !strings.Contains(msg, term.en) {
				continue
			}
			if !strings.Contains(plain(ja[k]), term.ja) {
				t.Errorf("ja %q: English says %q but the text lacks %q: %q", k, term.en, term.ja, ja[k])
			}
			if !strings.Contains(plain(fr[k]), term.fr) {
				t.Errorf("fr %q: English says %q but the text lacks %q: %q", k, term.en, term.fr, fr[k])
			}
		}
	}
}

// plain is a message without its soft hyphens and with plain spaces, as a reader sees the words.
func plain(s string) string {
	return strings.NewReplacer("\u00ad", "", "\u00a0", " ", "\u202f", " ").Replace(s)
}
