//go:build !(js && wasm)

package session

func traceNow() float64                    { return 0 }
func traceSnapshot(seq int, start float64) {}

func TraceNow() float64                  { return 0 }
func TraceRender(seq int, start float64) {}
func TraceDraw()                         {}
