package bot

import "miskatonic/engine"

// What every game's bots do before they think, written once: read the view as the game's type
// (a bot playing a remote seat reads it off the wire, and a hostile one must give an error,
// never a panic) and refuse to choose from no moves.

// TypedView accepts a view as the engine makes it (*V) or as a value (V); any other is
// KindMalformed. op names the bot ("bot: arkham"), game the game for people ("an Arkham Ritual").
func TypedView[V any](v engine.View, op, game string) (*V, error) {
	switch x := v.(type) {
	case *V:
		if x != nil {
			return x, nil
		}
	case V:
		return &x, nil
	}
	return nil, engine.Errorf(engine.KindMalformed, op, "not %s view: %T", game, v)
}

// NeedMoves refuses to choose from an empty legal list (KindNotYourTurn).
func NeedMoves(op string, legal []engine.Move) error {
	if len(legal) == 0 {
		return engine.Errorf(engine.KindNotYourTurn, op, "no legal move")
	}
	return nil
}

// Read is what a bot does first: read and check the view (read: a game's TypedView and its
// range checks), and refuse an empty legal list.
func Read[V any](op string, read func(engine.View) (*V, error), v engine.View, legal []engine.Move) (*V, error) {
	tv, err := read(v)
	if err != nil {
		return nil, err
	}
	if err := NeedMoves(op, legal); err != nil {
		return nil, err
	}
	return tv, nil
}

// Typed makes a Func of a decision over the game's view: read reads and checks the view (a
// game's TypedView and its range checks), an empty legal list is refused, then decide chooses.
func Typed[V any](op string, read func(engine.View) (*V, error), decide func(*V, []engine.Move) engine.Move) Func {
	return func(v engine.View, legal []engine.Move) (engine.Move, error) {
		tv, err := Read(op, read, v, legal)
		if err != nil {
			return engine.Move{}, err
		}
		return decide(tv, legal), nil
	}
}
