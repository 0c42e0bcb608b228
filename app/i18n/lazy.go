package i18n

import "sync"

// The Japanese and French catalogs are built the first time they are used, not at start: a
// page shows one language, and building all three at init cost the start ~36 ms in wasm (issue
// 11). Each file that adds to a catalog registers its step from init with later, so a catalog is
// built by the same steps in the same order as when init built it (fr.go's typography pass runs
// over what precedes it, exactly as before). English, the fallback of every lookup, is built at
// init; its steps run at once.
var (
	steps = map[Lang][]func(){}
	built = map[Lang]*sync.Once{Japanese: new(sync.Once), French: new(sync.Once)}
)

// later registers one step of building l's catalog (from init only).
func later(l Lang, step func()) {
	if l == English {
		step()
		return
	}
	steps[l] = append(steps[l], step)
}

// ensure builds l's catalog if it is not built yet. Safe for concurrent use; the build holds
// mu, so lookups never see a half-built catalog.
func ensure(l Lang) {
	once := built[l]
	if once == nil {
		return
	}
	once.Do(func() {
		mu.Lock()
		defer mu.Unlock()
		for _, step := range steps[l] {
			step()
		}
		steps[l] = nil
	})
}
