//go:build !linux

package gpu

import "time"

var cpuStart = time.Now()

// threadCPU falls back to wall time where the thread's CPU time is not
// available: the busy figure then counts time a worker waited for a CPU.
func threadCPU() time.Duration { return time.Since(cpuStart) }
