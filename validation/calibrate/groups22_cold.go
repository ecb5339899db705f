package calibrate

// groupICacheCapacity fits icache_capacity_bytes (sim/sm/icache.go: the
// SM instruction cache's size, least recently used line evicted) on the
// code re-run after a first pass: icache_ffma_w1/w4 (32 KiB of
// straight-line FFMA, rep 1 from the SM: ncu_cycles), flushs_k8 / k64 (8
// and 64 KiB straight-line, rep 1: cycles_warm; 64 KiB re-runs at the L2's
// stream rate) and coldj_k64_s1 / s17 (64 calls of ~900-byte functions,
// ~60 KiB with the caller, in code order or 17 functions apart: both re-run
// from the L2). The 132-SM variants are left out (their fetch shares a
// bandwidth the model lacks). Every size between the ~33 KiB icache_ffma
// holds and coldj's ~57 KiB gives nearly the same figures, so the scan
// over 4 KiB steps picks within that bracket (session 22, helper cold;
// family icap, tools/microbench/gen22_icap.py, would pin it but is not
// recorded). It runs after icache_fetch (the miss and memory costs the
// re-run pays).
var groupICacheCapacity = Group{Name: "icache_capacity", Params: []string{"icache_capacity_bytes"},
	Benches: []string{"icache_ffma_w1", "icache_ffma_w4", "flushs_k8", "flushs_k64", "coldj_k64_s1", "coldj_k64_s17"},
	Figures: []string{"ncu_cycles", "cycles_warm"},
	Start:   []float64{49152}, Lo: []float64{32768}, Hi: []float64{65536}, Scan: 8}

func init() {
	var out []Group
	for _, g := range Groups {
		out = append(out, g)
		if g.Name == "icache_fetch" {
			out = append(out, groupICacheCapacity)
		}
	}
	Groups = out
}
