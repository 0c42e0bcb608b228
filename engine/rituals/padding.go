package rituals

// ViewSlack bounds how many bytes a seat's view (with its legal moves) may carry beyond the
// public view of the same moment: the table pads every view frame to the public one's size
// plus this, so frame sizes say nothing of hidden cards (engine/table, issue 10 finding 11).
// Random games at every seat count reach about 1.2 KiB.
func (Rules) ViewSlack() int { return 2 << 10 }
