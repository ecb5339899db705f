package exec

import (
	"math"
	"strings"

	"github.com/sm90sim/sm90sim/ptx"
)

// The code layout's size of an instruction (InstInfo.CodeBytes; compile.go
// and sim/sm's schedule lay code out with it for the instruction cache).
//
// The issue model's Slots are ptxas's SASS count of each PTX form compiled
// alone (sass_slots.tsv). In a kernel ptxas wraps the asynchronous
// constructs in code the form probe does not see: an elected section
// (S2UR SR_CgaCtaId; UMOV; PLOP3; ULEA; ELECT; the operation; PLOP3;
// BRA.U.ANY), uniform-datapath address setup (UMOV, UIADD3, USHF), the
// tensormap fence's UTMACCTL.IV, DEPBAR; and a 64-bit integer division is
// a call to one shared subroutine (its call site in line, the body once
// after the entry), whose dynamic length Slots includes. codeExtraSlots
// is the SASS instructions a construct adds to its Slots in the layout,
// fitted by least squares (relative error, Huber-weighted, extras >= 0,
// integer ALU, compares, memory, moves and calls held at 0: their form
// counts are exact in straight code; the bulk-group commit / wait and the
// wgmma fence / commit / wait held at 0: one SASS instruction each,
// UTMACMDFLUSH, DEPBAR.LE, WARPGROUP.ARRIVE / DEPBAR in the cuobjdump) on the SASS sizes of the recorded
// microbenchmarks (tools/microbench/icode30/sass_vs_model.tsv, ptxas 13.0
// -arch=sm_90a; tools/codesize: fit.py on its dump; the redops twins
// tph_redops_*, tph_tma_reduce_ops and the evidence kernels left out).
// Median |error| of the rows' SASS bytes 0.093 (16 B a slot: 0.28); the
// twins (out of sample) -13% (16 B a slot: -57..-58%).
var codeExtraSlots = map[codeClass]float64{
	ccTMALoad:        8.50,
	ccTMAStore:       5.77,
	ccTMARed:         2.62,
	ccBulkLoad:       6.77,
	ccBulkStore:      3.34,
	ccBulkRed:        8.62,
	ccBulkPrefetch:   0.20,
	ccBulkGroup:      0.00,
	ccMbarInit:       4.28,
	ccMbarArriveTx:   2.37,
	ccFenceTensormap: 2.05,
	ccFence:          1.39,
	ccClusterBar:     7.27,
	ccWgmma:          5.15,
	ccWgmmaSync:      0.00,
	ccBra:            1.60,
	ccDiv64:          0.16,
}

type codeClass uint8

const (
	ccNone codeClass = iota
	ccTMALoad
	ccTMAStore
	ccTMARed
	ccBulkLoad
	ccBulkStore
	ccBulkRed
	ccBulkPrefetch
	ccBulkGroup
	ccMbarInit
	ccMbarArriveTx
	ccFenceTensormap
	ccFence
	ccClusterBar
	ccWgmma
	ccWgmmaSync
	ccBra
	ccDiv64
)

// codeClassOf is the instruction's class in codeExtraSlots (by its opcode
// text: the PTX spelling of the construct).
func codeClassOf(in *ptx.Inst, sub bool) codeClass {
	t := in.Text
	has := func(p string) bool { return strings.HasPrefix(t, p) }
	switch {
	case sub:
		return ccDiv64
	case has("cp.reduce.async.bulk.tensor"):
		return ccTMARed
	case has("cp.reduce.async.bulk"):
		return ccBulkRed
	case has("cp.async.bulk.tensor"):
		if strings.Contains(t, ".shared::cluster.global") {
			return ccTMALoad
		}
		return ccTMAStore
	case has("cp.async.bulk.prefetch"):
		return ccBulkPrefetch
	case has("cp.async.bulk.commit"), has("cp.async.bulk.wait"):
		return ccBulkGroup
	case has("cp.async.bulk.shared::cluster.global"):
		return ccBulkLoad
	case has("cp.async.bulk.global"):
		return ccBulkStore
	case has("mbarrier.init"):
		return ccMbarInit
	case has("mbarrier.arrive.expect_tx"):
		return ccMbarArriveTx
	case has("fence.proxy.tensormap"):
		return ccFenceTensormap
	case has("fence.proxy"), has("fence.mbarrier_init"):
		return ccNone
	case has("fence"):
		return ccFence
	case has("barrier.cluster"):
		return ccClusterBar
	case has("wgmma.mma_async"):
		return ccWgmma
	case has("wgmma"):
		return ccWgmmaSync
	case t == "bra":
		return ccBra
	}
	return ccNone
}

// codeBytes is the instruction's size in the code layout: its SASS count
// (the call site of a 64-bit division: slots less the subroutine's
// length sub) and its class's extra instructions, 16 bytes each.
func codeBytes(in *ptx.Inst, slots, sub int32) int32 {
	s := float64(slots - sub)
	if s <= 0 {
		return 0
	}
	s += codeExtraSlots[codeClassOf(in, sub > 0)]
	return int32(math.Round(16 * s))
}
