//go:build !wasm

package session

import (
	"errors"
	"fmt"
	"testing"

	"miskatonic/app/rtc"
	"miskatonic/app/signal"
)

// TestDialProblemNamesWhatFailed: each way a dial fails that the host did not refuse is worded
// for what failed; a link that found no path while its TURN servers were refused says so,
// wrapped as rtc.Dial wraps it (after the relayed path failed too).
func TestDialProblemNamesWhatFailed(t *testing.T) {
	turn := &rtc.NoPathError{TURN: errors.New("rtc: TURN credentials: status 429")}
	for _, tc := range []struct {
		name string
		err  error
		want string
	}{
		{"no one hosts", fmt.Errorf("%w: nothing", rtc.ErrNoHost), ProblemNoHost},
		{"no path", fmt.Errorf("%w: the host did not take the relayed path", rtc.ErrNoPath), ProblemNoPath},
		{"no path, TURN refused", turn, ProblemNoPathTURN},
		{"relayed failed after TURN was refused", fmt.Errorf("%w; %w", fmt.Errorf("%w: signaling ended", rtc.ErrNoPath), turn), ProblemNoPathTURN},
		{"every transport down", fmt.Errorf("dial: %w", signal.ErrUnreachable), ProblemAllDown},
		{"anything else", errors.New("boom"), ProblemUnreachable},
	} {
		if got := dialProblem(tc.err); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}
