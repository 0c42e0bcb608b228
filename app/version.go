package app

// Version is the git commit this build came from. The Makefile sets it with
// -ldflags "-X miskatonic/app.Version=...", for the server and the wasm alike: the service worker's
// cache is keyed by it, so an installed copy fetches the new build exactly when the commit changes.
var Version = "dev"

// EnvRelayURL is the page environment key holding the signaling relay's WebSocket URL, baked in
// by `miskatonic static -relay` for hosts (Netlify) that serve files only.
const EnvRelayURL = "MISKATONIC_RELAY_URL"

// EnvRTC is the page environment key holding the pages' ICE set-up (rtc.Config as JSON: the
// STUN and TURN servers of the deployment, and where to ask our relay for TURN credentials),
// baked in by `miskatonic serve -ice` and `static -ice` (MISKATONIC_ICE).
const EnvRTC = "MISKATONIC_RTC"
