//go:build linux && !wasm

package natlab

import (
	"os"
	"path/filepath"
	"syscall"
)

// LockFile is the machine-wide lock every test that builds the lab holds while it runs.
var LockFile = filepath.Join(os.TempDir(), "miskatonic-natlab.lock")

// Lock waits for the lab to be free and takes it. The lab's namespaces are named globally on
// the machine (nat-pub, nat-h, …): a second test building it at once (the NAT matrix here, the
// browser test in app/e2e, another checkout's run) would tear down the first's, so they take
// turns. The lock goes with the process, so a killed test never leaves it held.
func Lock() (unlock func(), err error) {
	f, err := os.OpenFile(LockFile, os.O_CREATE|os.O_RDWR, 0o666)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		f.Close()
		return nil, err
	}
	return func() {
		syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
		f.Close()
	}, nil
}
