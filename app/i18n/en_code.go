package i18n

// enCode is the English text of connecting by code: the serverless fallback, where two devices
// on one network with no internet swap a short pass and two codes by hand or by QR. It lives
// apart from en.go (the screens' catalog, edited by others) and init merges it into en.
var enCode = map[string]string{
	// Host: the lobby panel.
	"code.host_title":    "Connect a device without the internet",
	"code.host_hint":     "No internet, or the invite link does not work? Devices on the same Wi-Fi or hotspot can still connect: make a code for one device, and it gives you a code back.",
	"code.host_make":     "Make a code for one device",
	"code.host_again":    "Connect another device",
	"code.host_making":   "Preparing the code…",
	"code.host_step1":    "1. On the other device, open Miskatonic and choose “Join with a code”.",
	"code.host_pass":     "2. Read this pass to them:",
	"code.host_code":     "3. Give them this code (copy it, or let them scan the QR code):",
	"code.host_answer":   "4. Paste the code their device shows you:",
	"code.host_connect":  "Connect",
	"code.host_joining":  "Connecting… the device takes its seat in a moment.",
	"code.host_done":     "Connected. The device takes a seat like any other player.",
	"code.host_full":     "Every seat is taken. Remove a player or a bot to connect another device.",
	"code.host_cancel":   "Cancel",
	"code.host_new_code": "Make a new code",
	"code.rejoin_title":  "Reconnect a device by code",
	"code.rejoin_hint":   "A player's device has lost the table. Without the internet it cannot find its way back by itself: make a code for it here, and the same browser gets its seat back.",
	"code.qr_offer":      "QR code of the connection code for the other device",
	"code.qr_answer":     "QR code of the answer code for the host",

	// Guest: the join-with-a-code page.
	"code.join_link":    "Join with a code",
	"code.join_title":   "Join a table with a code",
	"code.join_hint":    "For devices on the same network when the internet is out of reach. The host makes a code for you in their lobby (“Connect a device without the internet”).",
	"code.join_pass":    "Pass (13 letters or digits, from the host)",
	"code.join_offer":   "The host's code (paste it here)",
	"code.join_submit":  "Make my answer code",
	"code.join_making":  "Reading the code…",
	"code.join_answer":  "Give this answer code back to the host (copy it, or let them scan the QR code). Keep this page open.",
	"code.join_waiting": "Waiting for the host to paste your answer code…",
	"code.join_restart": "Start over",
	"code.join_again":   "Join again with a new code",
	"code.join_instead": "Is the host on your network, with no internet? Ask for a code instead:",
	"code.placeholder":  "Paste the code here",

	// What went wrong, with what to do next.
	"code.bad_pass":    "The pass should be 13 letters or digits, like K7QM-2XPA-9RTW5. Check it with the host.",
	"code.not_code":    "That is not a connection code. Copy the whole code, from “MK1” to its last character, and paste it again.",
	"code.want_offer":  "That is an answer code, which goes to the host. Paste the host's code here instead (it starts with MK1O).",
	"code.want_answer": "That is your own code for the other device. Paste the code the other device shows you (it starts with MK1A).",
	"code.no_open":     "This code does not open with this pass. Check that the pass is right and that the whole code was copied; the host may have made a newer code.",
	"code.no_link":     "The codes were right but the devices could not reach each other. Check they are on the same Wi-Fi or hotspot, then start over with a new code.",
	"code.lost":        "The connection to the host was lost. Ask the host for a new code and join again with this browser: you get your seat back.",
	"code.not_host":    "Only the host of a table can connect devices.",
	"code.no_table":    "The devices connected but the host's table did not seat you. Ask the host to check the table is not full, then start over.",
	"code.no_relay":    "The internet is out of reach, so invite links do not work right now. Devices on this network can still join: use “Connect a device without the internet” below.",
}

// codeKeyClashes lists keys of enCode that en already had; a test insists it stays empty.
var codeKeyClashes []string

func init() {
	for k, v := range enCode {
		if _, ok := en[k]; ok {
			codeKeyClashes = append(codeKeyClashes, k)
			continue
		}
		en[k] = v
	}
}
