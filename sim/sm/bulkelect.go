package sm

import (
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
)

// The TMA and bulk-copy instructions (UTMASTG, UBLKCP, UTMAREDG, UBLKRED)
// read their operands (tensor map or global address, shared address,
// coordinates, size) from uniform registers. ptxas wraps every reduction
// in an ELECT loop (ELECT, the operation, two PLOP3, a not-taken
// BRA.U.ANY; tma_hold.go: BulkReduceIssueCycles). A store gets a loop of
// the same shape when one of its operands is not a uniform value: ptxas
// moves it from a vector register with R2UR (R2UR.OR sets a predicate when
// the lanes disagree) and repeats the store per distinct value (PLOP3s,
// BRA.U.ANY). From the SASS (ptxas 13.0, sm_90a) of the recorded
// microbenchmarks:
//
//   - tmast7_st_*, tmast_store_*, t6st_store_*: the map, the coordinates
//     and the shared address come from kernel parameters and loop
//     counters (uniform, even under `if (threadIdx.x == 0)`): UTMASTG with
//     no loop, 36 cycles an operation (tmast7_st_1k_group);
//   - tmast4_store_* (tma_st4) and tmadesc4_store (tma_desc4): the map is
//     picked from a local array of parameter maps (LDL, a vector register):
//     R2UR, R2UR.OR, PLOP3 x3, UTMASTG, BRA.U.ANY around the store, and
//     ELECT + R2UR around tma_st4's reduction. tmast4_store_* take 131.5
//     cycles an operation, 13 less than the same loop's reductions
//     (tmast4_add_*, 144.5), where tmast7's plain loops differ by 42: the
//     store pays the loop as the reduction does (BulkReduceIssueCycles).
//
// electStores marks, per PC, the stores and reductions with an operand
// that is not data-uniform (a reduction always has the ELECT loop; the
// mark adds its R2URs: tma_hold.go). Family tbulk (gen21_tailbulk.py,
// validation/timing/tailbulk21.md): a plain store whose operands come from
// threadIdx.x (R2UR, R2UR.OR, PLOP3s, UBLKCP.G.S, a not-taken BRA.U.ANY;
// no ELECT) holds one warp ~77 cycles straight-line, ~100 an iteration in
// tailst's loop, where uniform operands give 28 and 43; a reduction with
// such operands (ELECT, R2UR x3 inside) ~95 an iteration.
func electStores(f *ptx.Function, infos []*exec.InstInfo) []bool {
	n := len(infos)
	out := make([]bool, n)
	has := false
	for pc := range infos {
		if infos[pc].Async == exec.AsyncBulkStore {
			has = true
			break
		}
	}
	if !has {
		return out
	}
	uni := dataUniformRegs(f, infos, len(f.Regs))
	for pc := range infos {
		info := infos[pc]
		if info.Async != exec.AsyncBulkStore {
			continue
		}
		for _, u := range info.Uses {
			if int(u) < len(uni) && int(u) != int(f.Insts[pc].Guard) && !uni[u] {
				out[pc] = true
				break
			}
		}
	}
	return out
}
