package engine

// LegalIndexer is optional on Game: random players and simulations pick one legal move by its
// index without building the whole list (most moves of a random game have one or two choices,
// and listing them costs more than playing them). It must agree with Legal exactly: for every
// state and every seat s, NumLegal(s) == len(Legal(s)) and LegalAt(s, i) == Legal(s)[i] for
// 0 <= i < NumLegal(s); a game offering it tests that over random play. LegalAt with an index
// out of range returns the zero Move, which Apply refuses.
type LegalIndexer interface {
	NumLegal(s Seat) int
	LegalAt(s Seat, i int) Move
}
