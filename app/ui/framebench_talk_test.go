package ui

// withTalk gives the benchmark's frame the screen's talk hooks.
func withTalk(f *Frame, h *TalkHooks) { f.Talk = h }
