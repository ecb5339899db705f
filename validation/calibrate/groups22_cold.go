package calibrate

// groupICacheCapacity fits icache_capacity_bytes (sim/sm/icache.go: the
// SM instruction cache's size, least recently used line evicted) on the
// code re-run after a first pass: icache_ffma_w1/w4 (32 KiB of
// straight-line FFMA, rep 1 from the SM: ncu_cycles), flushs_k8 / k64 (8
// and 64 KiB straight-line, rep 1: cycles_warm; 64 KiB re-runs at the L2's
// stream rate), coldj_k64_s1 / s17 (64 calls of ~900-byte functions, ~60
// KiB with the caller, in code order or 17 functions apart: both re-run
// from the L2) and family icap (session 22, helper icap: 36..60 KiB of
// straight-line FFMA in 4 KiB steps, rep 2, and 32 KiB around a 16 / 32 KiB
// pad never run). On the H200 32 KiB (with either pad) re-runs from the SM,
// 36 KiB partly (rep 2 4033 cycles, between 2.3k and 5.0k), 40 KiB and over
// at the L2's stream rate: the capacity lies between the ~33 KiB footprint
// of icap_k32_p16 and the ~37 KiB of icap_k36, so the scan goes over 32-48
// KiB in 1 KiB steps. The 132-SM variants are left out (their fetch shares
// a bandwidth the model lacks). It runs after icache_fetch (the miss and
// memory costs the re-run pays) and after icache_stream (the line
// interval): fitted before the interval, the session-22 refit took the
// capacity to its lower bound, which evicts the 32 KiB icache_ffma loops,
// and icache_stream then made up for it with 13 cycles a line (the GPU
// streams ~17 from the L2).
var groupICacheCapacity = Group{Name: "icache_capacity", Params: []string{"icache_capacity_bytes"},
	Benches: []string{"icache_ffma_w1", "icache_ffma_w4", "flushs_k8", "flushs_k64", "coldj_k64_s1", "coldj_k64_s17",
		"icap_k36", "icap_k40", "icap_k44", "icap_k48", "icap_k52", "icap_k56", "icap_k60", "icap_k32_p16", "icap_k32_p32"},
	Figures: []string{"ncu_cycles", "cycles_warm"},
	Start:   []float64{36864}, Lo: []float64{32768}, Hi: []float64{49152}, Scan: 16}

func init() {
	var out []Group
	for _, g := range Groups {
		out = append(out, g)
		if g.Name == "icache_stream" {
			out = append(out, groupICacheCapacity)
		}
	}
	Groups = out
}
