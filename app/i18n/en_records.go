package i18n

// enRecords is the English of records bound to their table (issue 23): the replay page's
// verdict when a record checks out but does not prove who played, the table code and each
// player's key fingerprint. Apart from en.go (edited by others); init merges it.
var enRecords = map[string]string{
	"replay.unproven":          "? Unproven: %[1]v",
	"replay.why_no_proof":      "this record was made before records carried proofs. It replays, but proves neither the deals nor who played.",
	"replay.why_unsealed":      "not sealed by its host (recorded before signed rosters, or by a host without a key). Its deals and signatures check out, but nothing binds the players' keys and names to the table.",
	"replay.why_no_keys":       "no player signed anything in it: every seat is a bot, or the game was made up.",
	"replay.why_host_unseated": "it is sealed by a key that held no seat, so anyone holding the record could have sealed it, with other names.",
	"replay.who":               "Who played",
	"replay.who_lead":          "Each key fingerprint names the device a player played from: one device shows the same fingerprint in every record. The table code is the one every player was shown at the end of the game; a record with another code is of another game.",
	"replay.code":              "Table code: %[1]v",
	"replay.no_code":           "No table code: this record is not sealed by its host.",
	"replay.fingerprint":       "key %[1]v",
	"replay.no_key":            "no key (a bot)",
	"replay.host_seat":         "host, sealed this record",
	"replay.you":               "this device",
	"replay.host_key":          "Sealed with the key %[1]v",
}

// recordsKeyClashes lists keys of enRecords that en already had; a test insists it stays empty.
var recordsKeyClashes []string

func init() {
	for k, v := range enRecords {
		if _, ok := en[k]; ok {
			recordsKeyClashes = append(recordsKeyClashes, k)
			continue
		}
		en[k] = v
	}
}
