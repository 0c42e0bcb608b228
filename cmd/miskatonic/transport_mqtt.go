//go:build !nomqtt

package main

// MQTT over WebSocket as a signaling transport (build with -tags nomqtt to leave it out).
import _ "miskatonic/app/signal/mqtt"
