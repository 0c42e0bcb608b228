package replay

import (
	"miskatonic/engine"
	"miskatonic/engine/fair"
)

// Who is who a record says sat at the table, for people to compare with what they saw: the
// table code and every key's short fingerprint (fair.Fingerprint). The replay page and
// `miskatonic replay` show the same.
type Who struct {
	Code  string    `json:"code,omitempty"` // the sealed head's table code; empty unless the seal checked out
	Host  string    `json:"host,omitempty"` // fingerprint of the key that sealed the record
	Seats []SeatWho `json:"seats"`
}

// SeatWho is one seat of a record.
type SeatWho struct {
	Seat        engine.Seat `json:"seat"`
	Name        string      `json:"name"`
	Fingerprint string      `json:"fingerprint,omitempty"` // empty: a bot's seat, or no key in the record
	Host        bool        `json:"host,omitempty"`        // the seat whose key sealed the record
}

// Players lists rec's seats with their names and key fingerprints, under the verdict v of rec.
func Players(rec engine.Record, v Verdict) Who {
	var w Who
	w.Code = v.Code
	var keys [][]byte
	if rec.Proof != nil {
		keys = rec.Proof.Keys
		w.Host = fair.Fingerprint(rec.Proof.Host)
	}
	for s := 0; s < max(rec.Config.Seats, 0) && s < 64; s++ {
		sw := SeatWho{Seat: engine.Seat(s), Host: v.HostSeat == engine.Seat(s)}
		if s < len(rec.Names) {
			sw.Name = rec.Names[s]
		}
		if s < len(keys) {
			sw.Fingerprint = fair.Fingerprint(keys[s])
		}
		w.Seats = append(w.Seats, sw)
	}
	return w
}
