//go:build !(linux || darwin)

package ritualsbot

import "time"

// cpuTime is unavailable here (wasm): benchmarks then report wall time only.
func cpuTime() time.Duration { return 0 }
