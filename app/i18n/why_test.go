package i18n

import (
	"testing"

	"miskatonic/engine/wire"
)

// Every reason code the table can give (engine/wire's list) is worded in every catalog, itself
// (not by the English fallback), with exactly the code's number of arguments.
func TestEveryReasonCodeInEveryCatalog(t *testing.T) {
	codes := wire.ReasonCodes()
	if len(codes) < 30 {
		t.Fatalf("only %d codes listed", len(codes))
	}
	for code, n := range codes {
		for _, l := range Languages {
			msg, ok := catalogs[l]["why."+code]
			if !ok {
				t.Errorf("%s: no %q", l, "why."+code)
				continue
			}
			if got := len(verbs(msg)); got != n {
				t.Errorf("%s: %q has %d arguments, the code has %d", l, "why."+code, got, n)
			}
		}
	}
}

// A code this app does not know (a newer host's) shows the host's English marked as English,
// or a plain sentence; never a bare code.
func TestWhyUnknownCode(t *testing.T) {
	if got, want := Why(Japanese, "refused.future", nil, "too early"), In(Japanese, "why.unknown_text", "too early"); got != want {
		t.Errorf("unknown code with English: %q, want %q", got, want)
	}
	if got, want := Why(French, "", nil, ""), In(French, "why.unknown"); got != want {
		t.Errorf("no code, no English: %q, want %q", got, want)
	}
	if got, want := Why(French, wire.RefusedCode("stale"), nil, "based on seq 3"), In(French, "why.refused.stale"); got != want {
		t.Errorf("known code: %q, want %q", got, want)
	}
}
