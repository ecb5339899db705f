//go:build unix

package wgmma

import "syscall"

// cpuSeconds is the process's user+system CPU time (the benchmarks are
// one goroutine, so on a loaded machine it counts only the time they ran).
func cpuSeconds() float64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e9
}
