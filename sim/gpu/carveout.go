package gpu

// The SM's 256 KiB of unified L1 and shared memory are split per kernel:
// the driver picks a shared-memory carveout from the sizes the hardware
// supports (CUDA programming guide, compute capability 9.0: 0, 8, 16, 32,
// 64, 100, 132, 164, 196 or 228 KiB), the smallest that holds as many CTAs
// as the other limits allow, and the L1 keeps the rest. Microbench
// cpasync_ca16_*: a kernel with 64 KiB of static shared memory (3 CTAs
// of 65 KiB fit: carveout 196 KiB, 60 KiB of L1) re-reads a 32 KiB
// footprint from L1 in rep 1 (cpasync_ca16_lat 93.7 cycles a step against
// 346.7 for .cg) but not a 128 KiB one (cpasync_ca16_tput_w4 21.75 bytes a
// cycle, the .cg rate 22.27), which the full 230 KiB L1 of a kernel
// without shared memory would hold (gmem_chase_128k: every load hits).

// unifiedL1SharedBytes is an SM's L1 and shared memory together (spec).
const unifiedL1SharedBytes = 256 << 10

// carveoutKiB are the shared-memory sizes an SM can be configured with.
var carveoutKiB = [...]int{0, 8, 16, 32, 64, 100, 132, 164, 196, 228}

// l1BytesFor is the L1's capacity for global data of a kernel whose CTA
// takes sharedPerCTA bytes of shared memory (the 1 KiB per-CTA reservation
// included) with ctasPerSM of them resident, declaring declared bytes of
// its own: at most l1Bytes (the capacity fitted without shared memory), at
// most what the carveout leaves.
func l1BytesFor(l1Bytes, sharedPerCTA, ctasPerSM, declared int) int {
	if declared <= 0 {
		return l1Bytes
	}
	need := sharedPerCTA * max(ctasPerSM, 1)
	c := carveoutKiB[len(carveoutKiB)-1] << 10
	for _, k := range carveoutKiB {
		if k<<10 >= need {
			c = k << 10
			break
		}
	}
	return max(128, min(l1Bytes, unifiedL1SharedBytes-c))
}
