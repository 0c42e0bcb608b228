//go:build js

package rtc

import "time"

// closeWait bounds how long a closing link waits for the browser's close event.
const closeWait = 2 * time.Second

// closeLink closes the conn's peer connection, then its data channel once the browser has
// fired the channel's close event. In the browser pion's DataChannel.Close releases the
// channel's Go handlers at once, but the browser fires "close" later: into a released
// function, which the page's console reported as "call to released function" on every guest
// (issue 26). Closing the peer connection closes the channel (its close event comes to the
// handler still held); the channel's Close then only releases what will not be called again.
func closeLink(c *Conn) {
	c.pc.Close()
	select {
	case <-c.dcClosed:
	case <-time.After(closeWait):
	}
	c.dc.Close()
}
