package gpu

import (
	"syscall"
	"time"
	"unsafe"
)

// threadCPU is the CPU time (user plus system) the calling OS thread has
// used; the caller has locked its goroutine to the thread. It reads
// CLOCK_THREAD_CPUTIME_ID (nanoseconds): getrusage(RUSAGE_THREAD) counts
// in scheduler ticks here (1 ms steps), too coarse for a window of a few.
func threadCPU() time.Duration {
	var ts syscall.Timespec
	if _, _, e := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, 3 /* CLOCK_THREAD_CPUTIME_ID */, uintptr(unsafe.Pointer(&ts)), 0); e != 0 {
		return 0
	}
	return time.Duration(ts.Nano())
}
