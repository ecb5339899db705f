//go:build !unix

package wgmma

// cpuSeconds is not measured here (the benchmarks report 0 cpu-GFLOP/s).
func cpuSeconds() float64 { return 0 }
