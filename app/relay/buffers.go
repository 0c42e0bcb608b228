//go:build !wasm

package relay

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"net"
	"net/http"
)

// An idle connection holds its WebSocket's read and write buffers for as long as it lives.
// net/http hands a hijacked connection over with a 4 KiB reader and a 4 KiB writer; relay frames
// are a few hundred bytes to a few KiB, and bufio reads and writes anything larger than its
// buffer straight through, so smaller buffers cost an idle connection less and a busy one at
// most one more system call per large frame (BenchmarkRelayFrame).
const (
	readBuffer  = 512
	writeBuffer = 1024
)

// smallBuffers is the ResponseWriter the WebSocket is accepted on: its Hijack gives the
// connection buffers of the sizes above instead of net/http's.
type smallBuffers struct{ http.ResponseWriter }

func (w smallBuffers) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	hj, ok := w.ResponseWriter.(http.Hijacker)
	if !ok {
		return nil, nil, errors.New("relay: the connection cannot be taken over")
	}
	nc, brw, err := hj.Hijack()
	if err != nil {
		return nil, nil, err
	}
	// Whatever the client sent after its handshake may already sit in net/http's reader: it
	// must sit in ours, since the WebSocket takes over the reader's buffer and replaces what is
	// beneath it (so a reader of our own under bufio would be dropped, bytes and all).
	size := readBuffer
	pending := brw.Reader.Buffered()
	if pending > size {
		size = pending
	}
	var r io.Reader = nc
	if pending > 0 {
		b, _ := brw.Reader.Peek(pending)
		r = io.MultiReader(bytes.NewReader(bytes.Clone(b)), nc)
	}
	br := bufio.NewReaderSize(r, size)
	if pending > 0 {
		// Reads only the bytes above: bufio stops filling once it holds pending bytes.
		if _, err := br.Peek(pending); err != nil {
			nc.Close()
			return nil, nil, err
		}
	}
	return nc, bufio.NewReadWriter(br, bufio.NewWriterSize(nc, writeBuffer)), nil
}
