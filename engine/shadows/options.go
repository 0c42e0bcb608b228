package shadows

import (
	"sort"
	"strconv"
	"strings"

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
	list := OptionList()
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if k != "elder" && k != "length" {
			return Options{}, engine.Errorf(engine.KindBadConfig, "shadows: options", "unknown option %q", k)
		}
	}
	val := map[string]string{}
	for _, o := range list {
		v := m[o.Key]
		if v == "" {
			v = o.Default
		}
		ok := false
		for _, c := range o.Choices {
			ok = ok || c == v
		}
		if !ok {
			return Options{}, engine.Errorf(engine.KindBadConfig, "shadows: options",
				"option %s=%q: choose one of %s", o.Key, v, strings.Join(o.Choices, ", "))
		}
		val[o.Key] = v
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
