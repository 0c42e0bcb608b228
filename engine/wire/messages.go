package wire

import (
	"unicode/utf8"
)

// Message types. Guest → host: hello, ready, move, say, contrib, resync.
// Host → guest: challenge, welcome, lobby, log, view, reject, commit, contribs, reveal, chat, bye.
const (
	THello     Type = "hello"
	TReady     Type = "ready"
	TMove      Type = "move"
	TSay       Type = "say"
	TContrib   Type = "contrib"
	TResync    Type = "resync"
	TChallenge Type = "challenge"
	TWelcome   Type = "welcome"
	TLobby     Type = "lobby"
	TLog       Type = "log"
	TView      Type = "view"
	TReject    Type = "reject"
	TCommit    Type = "commit"
	TContribs  Type = "contribs"
	TReveal    Type = "reveal"
	TChat      Type = "chat"
	TBye       Type = "bye"
	TNeed      Type = "need"
	TSeal      Type = "seal"
	TSeals     Type = "seals"
)

func init() {
	register(func() Message { return &Hello{} })
	register(func() Message { return &Ready{} })
	register(func() Message { return &Move{} })
	register(func() Message { return &Say{} })
	register(func() Message { return &Contrib{} })
	register(func() Message { return &Resync{} })
	register(func() Message { return &Challenge{} })
	register(func() Message { return &Welcome{} })
	register(func() Message { return &Lobby{} })
	register(func() Message { return &Log{} })
	register(func() Message { return &View{} })
	register(func() Message { return &Reject{} })
	register(func() Message { return &Commit{} })
	register(func() Message { return &Contribs{} })
	register(func() Message { return &Reveal{} })
	register(func() Message { return &Chat{} })
	register(func() Message { return &Bye{} })
	register(func() Message { return &Need{} })
	register(func() Message { return &Seal{} })
	register(func() Message { return &Seals{} })
}

// Sizes of keys and signatures (Ed25519) and secrets (32 bytes).
const (
	KeySize    = 32
	SigSize    = 64
	SecretSize = 32
	TableIDLen = 16
)

// checkSig allows no signature or one of the right size.
func checkSig(t Type, sig []byte) error {
	if len(sig) == 0 {
		return nil
	}
	return checkLen(t, "sig", sig, SigSize)
}

func checkText(t Type, field, s string, max int) error {
	if len(s) > max {
		return tooBig(t, field, len(s), max)
	}
	if !utf8.ValidString(s) {
		return bad(t, "%s is not UTF-8", field)
	}
	return nil
}

func checkOptions(t Type, opts map[string]string) error {
	if err := checkMax(t, "options", len(opts), 32); err != nil {
		return err
	}
	for k, v := range opts {
		if err := checkText(t, "option key", k, MaxOptionLen); err != nil {
			return err
		}
		if err := checkText(t, "option value", v, MaxOptionLen); err != nil {
			return err
		}
	}
	return nil
}
