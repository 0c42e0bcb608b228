//go:build !js

package rtc

// closeLink closes the conn's data channel, then its peer connection.
func closeLink(c *Conn) {
	c.dc.Close()
	c.pc.Close()
}
