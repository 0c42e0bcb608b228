package shadows

import (
	"strconv"

	"miskatonic/engine"
)

// Options are the host's choices before a game.
type Options struct {
	Elder  string `json:"elder"`  // an elder key, or "random"
	Length string `json:"length"` // standard | short | long
}

// LengthChoices are the game lengths: threats per level come from the knobs.
var LengthChoices = []string{"standard", "short", "long"}

// OptionList describes the options for the lobby. The default elder is the one the rulebook
// recommends for a first game.
func OptionList() []engine.Option {
	elders := []string{}
	def := ""
	for _, e := range cards().Elders {
		if e.Recommended {
			elders = append([]string{e.Key}, elders...)
			def = e.Key
		} else {
			elders = append(elders, e.Key)
		}
	}
	elders = append(elders, "random")
	return []engine.Option{
		{Key: "elder", Choices: elders, Default: def},
		{Key: "length", Choices: append([]string(nil), LengthChoices...), Default: "standard"},
	}
}

// ParseOptions validates a config's options, filling defaults; unknown keys or values are
// refused with KindBadConfig.
func ParseOptions(m map[string]string) (Options, error) {
	val, err := engine.OptionValues("shadows: options", OptionList(), m)
	if err != nil {
		return Options{}, err
	}
	return Options{Elder: val["elder"], Length: val["length"]}, nil
}

// Map returns the options as a config map.
func (o Options) Map() map[string]string {
	return map[string]string{"elder": o.Elder, "length": o.Length}
}

// context binds a deal to the game, its table size, options and the deal's number and purpose.
func (o Options) context(seats, epoch int, why string) string {
	return "shadows/v1 epoch=" + strconv.Itoa(epoch) + " seats=" + strconv.Itoa(seats) +
		" elder=" + o.Elder + " length=" + o.Length + " for=" + why
}
