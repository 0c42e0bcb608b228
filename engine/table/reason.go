package table

import "miskatonic/engine/wire"

// reason is why a deal failed: a wire reason code and its arguments, which the reader's catalog
// words, and the English for logs and for readers without the code.
type reason struct {
	code string
	text string
	args []string
}

// mismatch is a failure found by the fair-play audit: its detail stays English (it names seqs,
// seats and hashes for whoever investigates), the reader is told what it means.
func mismatch(err error) reason { return reason{code: wire.DealMismatch, text: err.Error()} }

// fail marks the deal failed for a reason.
func (d *DealStatus) fail(code, text string, args ...string) {
	if d.State == DealFailed && d.Code != "" {
		return // the first failure found is the one to report: later ones follow from it
	}
	d.State, d.Code, d.Args, d.Problem = DealFailed, code, args, text
}
