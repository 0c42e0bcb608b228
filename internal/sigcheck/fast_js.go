//go:build js && wasm

package sigcheck

import (
	"crypto/ed25519"
	"fmt"
	"sync"
	"sync/atomic"
	"syscall/js"
)

// In the browser, plain signatures go to WebCrypto's Ed25519 once it passed selfTest.
const haveFast = true

const (
	stateUnknown int32 = iota
	stateTesting
	stateOn
	stateOff
)

var (
	state  atomic.Int32
	subtle js.Value // crypto.subtle, set by selfTest before state turns on
	algo   js.Value // {name: "Ed25519"}

	ckMu       sync.Mutex
	cryptoKeys = map[[32]byte]js.Value{} // imported public keys, bounded by keyCap

	lastVerdict atomic.Value // selfTest's: "webcrypto" or "go: " and why
)

// fastReady reports whether WebCrypto passed selfTest. The first call starts it, on a
// goroutine of its own; until it has passed, signatures are checked by crypto/ed25519.
func fastReady() bool {
	if st := state.Load(); st != stateUnknown {
		return st == stateOn
	}
	if state.CompareAndSwap(stateUnknown, stateTesting) {
		go selfTest()
	}
	return false
}

// fast asks WebCrypto (which passed selfTest).
func fast(pub, msg, sig []byte) (ok, answered bool) {
	t := now()
	ok, answered = webVerify(pub, msg, sig)
	if answered {
		count(true, t)
	}
	return ok, answered
}

// slow is crypto/ed25519's own check.
func slow(pub, msg, sig []byte) bool {
	t := now()
	ok := ed25519.Verify(pub, msg, sig)
	count(false, t)
	return ok
}

// selfTest turns WebCrypto's Ed25519 on only if it is there and answers every selfTestCases
// signature as crypto/ed25519 does.
func selfTest() {
	verdict := "webcrypto"
	defer func() {
		if r := recover(); r != nil {
			verdict = fmt.Sprint("go: ", r)
		}
		if verdict == "webcrypto" {
			state.Store(stateOn)
		} else {
			state.Store(stateOff)
		}
		lastVerdict.Store(verdict)
		note("__mkSig", verdict)
	}()
	c := js.Global().Get("crypto")
	if c.Type() != js.TypeObject || c.Get("subtle").Type() != js.TypeObject {
		verdict = "go: no crypto.subtle"
		return
	}
	subtle = c.Get("subtle")
	algo = js.Global().Get("Object").New()
	algo.Set("name", "Ed25519")
	if why := SelfTest(webVerify); why != "" {
		verdict = "go: WebCrypto " + why
	}
	if tracing() {
		// A traced page also times Go's check of the same signatures, for the figures to set
		// WebCrypto's round trip against.
		for _, tc := range selfTestCases() {
			slow(tc.Pub, tc.Msg, tc.Sig)
		}
	}
}

// webVerify is WebCrypto's verdict; answered is false when it gave none (no Ed25519, a key it
// would not import, an exception).
func webVerify(pub, msg, sig []byte) (ok, answered bool) {
	defer func() {
		if recover() != nil {
			ok, answered = false, false
		}
	}()
	key, has := cryptoKey(pub)
	if !has {
		return false, false
	}
	v, has := await(subtle.Call("verify", algo, key, bytesJS(sig), bytesJS(msg)))
	if !has || v.Type() != js.TypeBoolean {
		return false, false
	}
	return v.Bool(), true
}

func cryptoKey(pub []byte) (js.Value, bool) {
	k := [32]byte(pub)
	ckMu.Lock()
	v, ok := cryptoKeys[k]
	ckMu.Unlock()
	if ok {
		return v, true
	}
	v, ok = await(subtle.Call("importKey", "raw", bytesJS(pub), algo, false, []any{"verify"}))
	if !ok || v.Type() != js.TypeObject {
		return js.Value{}, false
	}
	ckMu.Lock()
	if len(cryptoKeys) >= keyCap {
		clear(cryptoKeys)
	}
	cryptoKeys[k] = v
	ckMu.Unlock()
	return v, true
}

func bytesJS(b []byte) js.Value {
	a := js.Global().Get("Uint8Array").New(len(b))
	js.CopyBytesToJS(a, b)
	return a
}

// await waits, on this goroutine, for promise p to settle: its value and true, or false if it
// was rejected. The page's event loop runs meanwhile (this must not be a js.Func callback).
func await(p js.Value) (js.Value, bool) {
	type result struct {
		v  js.Value
		ok bool
	}
	ch := make(chan result, 1)
	then := js.FuncOf(func(_ js.Value, a []js.Value) any {
		var v js.Value
		if len(a) > 0 {
			v = a[0]
		}
		ch <- result{v, true}
		return nil
	})
	catch := js.FuncOf(func(js.Value, []js.Value) any {
		ch <- result{ok: false}
		return nil
	})
	p.Call("then", then, catch)
	r := <-ch
	then.Release()
	catch.Release()
	return r.v, r.ok
}

// tracing: a page that asks for the app's trace (window.__mkTrace, as the browser tests' latency
// figures do) is told which Ed25519 it uses (window.__mkSig) and, per kind, how many signatures
// it checked and the wall time they took from call to answer, a promise's round trip included
// (window.__mkSigN: [WebCrypto n, ms, Go n, ms]).
var (
	traceOnce sync.Once
	traceOn   bool
	perfNow   js.Value

	statMu sync.Mutex
	stats  [4]float64
)

func tracing() bool {
	traceOnce.Do(func() {
		traceOn = js.Global().Get("__mkTrace").Type() == js.TypeObject
		if traceOn {
			perf := js.Global().Get("performance")
			perfNow = perf.Get("now").Call("bind", perf)
		}
	})
	return traceOn
}

// now is the page's clock in ms when tracing, else 0 (no call into JS).
func now() float64 {
	if !tracing() {
		return 0
	}
	return perfNow.Invoke().Float()
}

func note(name string, v any) {
	if tracing() {
		js.Global().Set(name, v)
	}
}

func count(webcrypto bool, start float64) {
	if !tracing() {
		return
	}
	i := 2
	if webcrypto {
		i = 0
	}
	statMu.Lock()
	stats[i]++
	stats[i+1] += now() - start
	s := stats
	statMu.Unlock()
	js.Global().Set("__mkSigN", []any{s[0], s[1], s[2], s[3]})
}
