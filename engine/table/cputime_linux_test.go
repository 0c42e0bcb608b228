package table

import (
	"syscall"
	"time"
	"unsafe"
)

// threadCPU is the CPU time this OS thread has used: benchmarks on a shared machine measure
// work with it rather than wall time, which counts waiting for a core (lock the goroutine to
// its thread first).
func threadCPU() time.Duration {
	var ts syscall.Timespec
	const clockThreadCPUTime = 3
	syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTime, uintptr(unsafe.Pointer(&ts)), 0)
	return time.Duration(ts.Nano())
}
