package wire

// The finished game's proven record for guests (issue 18): a guest asks, the host sends the
// record (engine.Record with its engine.Proof) in parts, and the guest checks it before it
// offers it for export.
//
// No version bump: both kinds are optional. A host sends a record only when asked, so a guest
// of an older build never sees one; a host of an older build answers the ask it cannot decode
// with a malformed Reject (one strike), which the guest reads as "this host offers no record".
// A bump would instead keep every peer of the other build from joining at all.

// Message types of this file. Guest → host: recordask. Host → guest: record.
const (
	TRecordAsk Type = "recordask"
	TRecord    Type = "record"
)

func init() {
	register(func() Message { return &RecordAsk{} })
	register(func() Message { return &Record{} })
}

// Size caps of a record. A record is JSON of engine.Record; parts keep each frame well under
// MaxFrame once base64 grows them by a third. MaxRecord bounds what a guest collects (and what
// the host's resend buffer holds for it): a game of well over a thousand signed moves fits.
const (
	MaxRecordPart  = 32 << 10
	MaxRecord      = 512 << 10
	MaxRecordParts = MaxRecord / MaxRecordPart
)

// RecordAsk asks the host for the proven record of the game identified by Table (the game's
// table id, as welcomed). The host refuses it (a Reject of kind KindState) unless that game is
// over: before the end the record would carry cards still hidden.
type RecordAsk struct {
	Table []byte `json:"table"`
}

func (*RecordAsk) Type() Type { return TRecordAsk }
func (m *RecordAsk) Check() error {
	return checkLen(TRecordAsk, "table", m.Table, TableIDLen)
}

// Record is part Part (0-based) of Parts of the JSON of the proven record of game Table.
type Record struct {
	Table []byte `json:"table"`
	Part  int    `json:"part"`
	Parts int    `json:"parts"`
	Data  []byte `json:"data"`
}

func (*Record) Type() Type { return TRecord }
func (m *Record) Check() error {
	if err := checkLen(TRecord, "table", m.Table, TableIDLen); err != nil {
		return err
	}
	if m.Parts < 1 || m.Parts > MaxRecordParts {
		return bad(TRecord, "parts %d out of range", m.Parts)
	}
	if m.Part < 0 || m.Part >= m.Parts {
		return bad(TRecord, "part %d of %d", m.Part, m.Parts)
	}
	if len(m.Data) == 0 {
		return bad(TRecord, "empty part")
	}
	return checkMax(TRecord, "data", len(m.Data), MaxRecordPart)
}
