package gpu

import (
	"syscall"
	"time"
)

// threadCPU is the CPU time (user plus system) the calling OS thread has
// used; the caller has locked its goroutine to the thread.
func threadCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(1 /* RUSAGE_THREAD */, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
