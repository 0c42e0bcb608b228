package ui

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"miskatonic/engine"
)

// A game record travels as a file (its JSON) or, when it is small enough, as a link: the record
// deflated and base64url-encoded in the fragment of /replay, which never reaches a server.
const (
	HrefReplay   = "/replay"
	linkPrefix   = "r1." // the fragment's format version
	maxLinkChars = 24000 // longer links break in chat apps and mail: file only then
	maxRecord    = 1 << 20
)

// RecordFileName names a downloaded record.
func RecordFileName(rec engine.Record) string {
	return fmt.Sprintf("miskatonic-%s-%d-moves.json", rec.Game, len(rec.Moves))
}

// RecordLink returns the /replay link that carries rec, or "" if it does not fit in a link.
func RecordLink(origin string, rec engine.Record) string {
	raw, err := json.Marshal(rec)
	if err != nil {
		return ""
	}
	var b bytes.Buffer
	w, _ := flate.NewWriter(&b, flate.BestCompression)
	w.Write(raw)
	w.Close()
	link := origin + HrefReplay + "#" + linkPrefix + base64.RawURLEncoding.EncodeToString(b.Bytes())
	if len(link) > maxLinkChars {
		return ""
	}
	return link
}

var errNoRecord = errors.New("no game record in this link")

// RecordFromFragment reads a record from a /replay link's fragment (without the "#").
func RecordFromFragment(frag string) (engine.Record, error) {
	data, ok := strings.CutPrefix(frag, linkPrefix)
	if !ok {
		return engine.Record{}, errNoRecord
	}
	z, err := base64.RawURLEncoding.DecodeString(data)
	if err != nil {
		return engine.Record{}, fmt.Errorf("the link is damaged: %v", err)
	}
	// Bounded, so a crafted link cannot make the page inflate gigabytes.
	raw, err := io.ReadAll(io.LimitReader(flate.NewReader(bytes.NewReader(z)), maxRecord+1))
	if err != nil {
		return engine.Record{}, fmt.Errorf("the link is damaged: %v", err)
	}
	return RecordFromFile(raw)
}

// RecordFromFile reads a record file strictly.
func RecordFromFile(raw []byte) (engine.Record, error) {
	if len(raw) > maxRecord {
		return engine.Record{}, fmt.Errorf("the record is larger than %d bytes", maxRecord)
	}
	return engine.DecodeRecord(bytes.TrimSpace(raw))
}
