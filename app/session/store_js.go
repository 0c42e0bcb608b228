//go:build js && wasm

package session

import "syscall/js"

// LocalStore is window.localStorage.
type LocalStore struct{}

func (LocalStore) ls() js.Value { return js.Global().Get("localStorage") }

func (s LocalStore) Get(k string) (string, bool) {
	v := s.ls().Call("getItem", k)
	if v.IsNull() || v.IsUndefined() {
		return "", false
	}
	return v.String(), true
}

func (s LocalStore) Set(k, v string) (err error) {
	defer func() {
		if r := recover(); r != nil { // quota exceeded throws
			err = problemf(ProblemStorage, "local storage: %v", r)
		}
	}()
	s.ls().Call("setItem", k, v)
	return nil
}

func (s LocalStore) Del(k string) { s.ls().Call("removeItem", k) }

// DefaultStore is where the browser keeps sessions.
func DefaultStore() Store { return LocalStore{} }
