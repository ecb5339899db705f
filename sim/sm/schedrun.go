package sm

import (
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
)

// Runs of register arithmetic (the second pass of the issue schedule,
// sched.go). ptxas list-schedules the SASS of straight-line code:
// independent instructions move up to fill the cycles a dependent one
// would wait. The itmix_* loops are PTX pairs `mad.lo x_i; lop3 y_i, y_i,
// x_i, m` (each LOP3 right after the IMAD it reads); their SASS
// (cuobjdump, ptxas 13.0 sm_90a) is
//
//	IMAD R26 ...; UIADD3; IMAD R22 ...; IMAD R16 ...; LOP3 R12, R12, R26 ...;
//	IMAD R18 ...; LOP3 R14, R14, R22 ...; IMAD R2 ...; LOP3 R24, R24, R16 ...
//
// every instruction with stall count 1 in its control bits: one warp can
// issue every cycle, where the PTX order waits the IMAD's latency before
// each LOP3 (itmix_imad_lop_w4, one warp per scheduler, simulated at half
// the GPU's rate).
//
// Movable: register arithmetic on the ALU, IMAD, FP32, FP64, MUFU and
// conversion pipes and VOTE (no memory, no special register, no division
// sequence), the moves ptxas removes (no issue slot: free in the schedule
// too) and fence.mbarrier_init (a NOP). A run ends at any other
// instruction, at a branch and before a branch target; runs longer than
// schedWindow are cut. A loop's counter and compare move to the top of
// its body (the compare feeds the closing branch: schedBranchLat), as in
// every SASS loop of the microbenchmarks (UIADD3 first, ISETP 13 cycles
// before the BRA): the loop then costs its body's issue or its
// compare-to-branch chain, whichever is longer, plus the branch
// (branch_latency_cycles, branch_predicate_cycles: brloop8_*).
//
// The scheduler is ptxas's machine model, not the GPU's: the stall counts
// of the SASS above give one issue per cycle, back-to-back ALU (LOP3,
// SHF) or IMAD instructions two cycles apart (itmix_lop_shf: stall 2
// between LOP3s), an IMAD result four cycles after issue; the latencies
// of the other pipes are the profiles' order of magnitude. These fix only
// the order, never a simulated cycle.

const schedWindow = 256

// schedBranchLat: ptxas's compare-to-branch distance (ISETP stall 13 before
// its BRA in the brloop8_* and fence7_mbinit loops).
const schedBranchLat = 13

// schedLat and schedInterval: ptxas's latency and issue interval by pipe.
var schedLat = [ptx.NumPipes]int{ptx.PipeALU: 4, ptx.PipeIMAD: 4, ptx.PipeFP32: 4, ptx.PipeFP64: 8, ptx.PipeMUFU: 16, ptx.PipeConv: 16, ptx.PipeWarp: 12}
var schedInterval = [ptx.NumPipes]int{ptx.PipeShared: 4, ptx.PipeALU: 2, ptx.PipeIMAD: 2, ptx.PipeFP32: 1, ptx.PipeFP64: 2, ptx.PipeMUFU: 2, ptx.PipeConv: 2, ptx.PipeWarp: 2}

// schedShflLat: a SHFL's latency in ptxas's model, which puts SHFL on
// the MIO (schedPipe: PipeShared, one per 4 cycles), not on the warp pipe
// of VOTE (warp11_shfl_vote: SHFL + VOTE pairs pass one per 5.6 cycles on
// one warp, each pipe one per 4).
const schedShflLat = 24

// schedMbarLat: an mbarrier test_wait's or arrive's result latency in
// ptxas's model (xchain_mbar_test 42.8 cycles a dependent test_wait on the
// H200, xchain_mbar_arrive 33.7).
const schedMbarLat = 40

// mbarWindow is, for a straight-line mbarrier test_wait or arrive (of the
// CTA's shared memory, result to a register, unguarded), how many of them
// ptxas keeps in flight ahead of their results' readers; 0 for other
// instructions. ptxas issues them back to back and reads each result
// later, as a load's (cuobjdump of mbtput_test and mbtput_arrive, session
// 28): SYNCS.PHASECHK.TRANS64 rotates over scoreboards SB0-SB2, the
// @!P IMAD.MOV / VIADD reading a phase check's predicate waiting for the
// one three back; SYNCS.ARRIVE.TRANS64.A1T0 over SB0-SB3, two arrives a
// scoreboard, its IADD3s reading eight back. In the PTX order each
// result's selp / cvt waited right behind it (mbtput_test 38.6 cycles an op
// against the GPU's 15.4: a test_wait's latency each).
func mbarWindow(inf *exec.InstInfo, in *ptx.Inst) int {
	if inf.Op != ptx.OpMbarrier || in.Guard >= 0 || len(inf.Defs) == 0 {
		return 0
	}
	switch {
	case in.Mods.Sub == "test_wait" && in.Mods.Space != ptx.SpaceSharedCluster:
		return 3
	case plainArrive(in):
		return 8
	}
	return 0
}

// movable: the instruction may be reordered by the schedule.
func movable(inf *exec.InstInfo, in *ptx.Inst) bool {
	if inf.Op == ptx.OpFence && inf.Form == ptx.FormFenceNone {
		return true // fence.mbarrier_init: a NOP (microbench fence7_mbinit's SASS)
	}
	if mbarWindow(inf, in) > 0 {
		return true // scheduleRun keeps their order and window
	}
	switch inf.Pipe {
	case ptx.PipeALU, ptx.PipeIMAD, ptx.PipeFP32, ptx.PipeFP64, ptx.PipeMUFU, ptx.PipeConv:
	case ptx.PipeWarp:
		// VOTE too: warp11_vote_w1 (16 independent x = ballot(x != 0),
		// ISETP + VOTE.ANY) passes a VOTE every 4.2 cycles on one warp,
		// the VOTE interval of 32 warps (H200 and H100): ptxas puts the
		// ISETPs ahead of the VOTEs reading them. In the PTX order each
		// VOTE waited for its ISETP (6.5 cycles a VOTE: -35% at 1 and 4
		// warps). SHFL too (mio helper, session 23): warp11_shfl_vote's
		// 16 chains of SHFL.BFLY, xor, ISETP + VOTE.ANY, add waited each
		// instruction for the one before in the PTX order (-88% at one
		// warp, -27% at 32; the GPU overlaps them, as ptxas's SASS of 64
		// SHFL, 64 LOP3, 64 VOTE, 64 IMAD.IADD an iteration allows). The
		// loop's compare and its counter add stay behind the run's
		// shuffles (scheduleRun): moving them to the top with the
		// shuffles put warp11_idx_w1 from +2% to +9% (session 11) and
		// warp11_bfly_w1 from -2.3% to -0.6%, idx_w1 +1.9% -> +3.7%
		// with the compare alone kept (SHFL loops pay more loop overhead
		// on the GPU than VOTE loops: warp11_bfly_w1 22 cycles an
		// iteration over 64 x 4, warp11_vote_w1 14).
		if inf.Op != ptx.OpVote && inf.Op != ptx.OpShfl {
			return false
		}
	default:
		return false
	}
	if inf.Async != exec.AsyncNone || inf.Op == ptx.OpDiv || inf.Op == ptx.OpRem || len(inf.Defs) == 0 {
		return false
	}
	for i := range in.Ops {
		if in.Ops[i].Kind == ptx.OpdSpecial {
			return false // %clock64 and the like stay where they are
		}
	}
	return true
}

// schedView is a function's instructions in the order of an earlier pass
// (at each slot: its instruction, information and lowering kind).
type schedView struct {
	insts  []*ptx.Inst
	infos  []*exec.InstInfo
	kinds  []uint8
	target []bool // a branch target starts at the slot
	// store: a plain bulk store the run goes on across (runStores; nil:
	// none)
	store []bool
}

// runOrder list-schedules v's runs of movable instructions: the slot (of
// v) issued at each slot, the identity outside runs.
func runOrder(v schedView) []int32 {
	n := len(v.infos)
	order := identity(n)
	mov := make([]bool, n)
	for i := range mov {
		mov[i] = movable(v.infos[i], v.insts[i])
	}
	loneMbars(v, mov)
	start := -1
	flush := func(end int) {
		if start >= 0 && end-start > 1 {
			scheduleRun(v.infos, v.kinds, v.insts, v.store, start, end, order)
		}
		start = -1
	}
	for i := 0; i < n; i++ {
		if v.target[i] {
			flush(i)
		}
		if !mov[i] && (v.store == nil || !v.store[i]) {
			flush(i)
			continue
		}
		if start < 0 {
			start = i
		}
		if i+1-start == schedWindow {
			flush(i + 1)
		}
	}
	flush(n)
	return order
}

// loneMbars pins (mov false) the mbarrier operations mbarWindow admits
// that are alone in their stretch of movable instructions: with no other
// to issue ahead of its reader there is nothing of ptxas's window to show
// (mbwait_test's loop, one test_wait an iteration into the next one's
// address: moving it took the model from 71 to 61 cycles an iteration
// against the GPU's 75, t6tx_tw_l1 from 58 to 48 against 60).
func loneMbars(v schedView, mov []bool) {
	n := len(mov)
	for a := 0; a < n; {
		if !mov[a] {
			a++
			continue
		}
		b, cnt, at := a, 0, -1
		for b < n && mov[b] && (b == a || !v.target[b]) {
			if mbarWindow(v.infos[b], v.insts[b]) > 0 {
				cnt, at = cnt+1, b
			}
			b++
		}
		if cnt == 1 {
			mov[at] = false
		}
		a = b
	}
}

// schedEdge: instruction to waits lat cycles after from issues (0: only
// after it, a false dependence).
type schedEdge struct{ to, lat int }

// scheduleRun list-schedules infos[a:b] and writes the run's order.
func scheduleRun(infos []*exec.InstInfo, kinds []uint8, insts []*ptx.Inst, store []bool, a, b int, order []int32) {
	n := b - a
	isStore := func(j int) bool { return store != nil && store[a+j] }
	succ := make([][]schedEdge, n)
	npred := make([]int, n)
	lastDef := map[int32]int{}
	readers := map[int32][]int{}
	lat := make([]int, n)
	prods := make([][]int, n) // the run's producers of each instruction's sources
	lastStore := -1
	for j := 0; j < n; j++ {
		inf := infos[a+j]
		lat[j] = schedLat[inf.Pipe]
		if inf.Op == ptx.OpShfl {
			lat[j] = schedShflLat
		}
		if hi, wide := imadForm(inf); hi || wide {
			lat[j] = 2 * schedLat[ptx.PipeIMAD]
		}
		if insts != nil && mbarWindow(inf, insts[a+j]) > 0 {
			lat[j] = schedMbarLat
		}
		if schedFree(inf, kinds[a+j]) {
			lat[j] = 0
		}
		add := func(i, l int) {
			succ[i] = append(succ[i], schedEdge{j, l})
			npred[j]++
		}
		for _, r := range inf.Uses {
			if i, ok := lastDef[r]; ok {
				add(i, lat[i])
				prods[j] = append(prods[j], i)
			}
		}
		for _, r := range inf.Defs {
			if i, ok := lastDef[r]; ok {
				add(i, 0)
			}
			for _, i := range readers[r] {
				if i != j {
					add(i, 0)
				}
			}
		}
		for _, r := range inf.Uses {
			readers[r] = append(readers[r], j)
		}
		for _, r := range inf.Defs {
			lastDef[r] = j
			readers[r] = readers[r][:0]
		}
		if isStore(j) {
			if lastStore >= 0 {
				add(lastStore, 0) // the stores keep their order
			}
			lastStore = j
		}
	}
	// mbarrier operations keep their order; the k-th issues after the
	// first reader of the result of the one its window back (mbarWindow)
	if insts != nil {
		var mbars []int
		for j := 0; j < n; j++ {
			w := mbarWindow(infos[a+j], insts[a+j])
			if w == 0 {
				continue
			}
			if len(mbars) > 0 {
				p := mbars[len(mbars)-1]
				succ[p] = append(succ[p], schedEdge{j, 0})
				npred[j]++
			}
			if len(mbars) >= w {
				if r := firstReader(infos, a, b, a+mbars[len(mbars)-w]); r >= 0 && r < j {
					succ[r] = append(succ[r], schedEdge{j, 0})
					npred[j]++
				}
			}
			mbars = append(mbars, j)
		}
	}
	// a SHFL keeps the loop's compare (the closing branch's source) and
	// what the compare reads in the run behind it (see movable)
	if b < len(infos) && infos[b].Pipe == ptx.PipeBranch {
		for _, r := range infos[b].Uses {
			c, ok := lastDef[r]
			if !ok {
				continue
			}
			// the compare and what it reads in the run (the counter add)
			cone := make([]bool, n) // by run index: iterated in order (deterministic edges)
			var walk func(i int)
			walk = func(i int) {
				if cone[i] {
					return
				}
				cone[i] = true
				for _, p := range prods[i] {
					walk(p)
				}
			}
			walk(c)
			for i, in := range cone {
				if !in {
					continue
				}
				for j := 0; j < i; j++ {
					if infos[a+j].Op == ptx.OpShfl {
						succ[j] = append(succ[j], schedEdge{i, 0})
						npred[i]++
					}
				}
			}
		}
	}
	// height: the longest latency path from an instruction to the run's
	// end, or through the branch that ends the run (ptxas puts a compare
	// schedBranchLat ahead of the branch reading it)
	height := make([]int, n)
	if b < len(infos) && infos[b].Pipe == ptx.PipeBranch {
		for _, r := range infos[b].Uses {
			if i, ok := lastDef[r]; ok {
				height[i] = schedBranchLat
			}
		}
	}
	for j := n - 1; j >= 0; j-- {
		for _, e := range succ[j] {
			height[j] = max(height[j], e.lat+height[e.to])
		}
	}
	earliest := make([]int, n)
	done := make([]bool, n)
	var pipeFree [ptx.NumPipes]int
	t := 0
	for k := 0; k < n; k++ {
		best, bestAt := -1, 0
		for j := 0; j < n; j++ {
			if done[j] || npred[j] > 0 {
				continue
			}
			at := max(t, earliest[j])
			if !schedFree(infos[a+j], kinds[a+j]) {
				at = max(at, pipeFree[schedPipe(infos[a+j], kinds[a+j], &pipeFree)])
			}
			if best >= 0 && isStore(j) != isStore(best) {
				// the stores after all the arithmetic that is ready
				if isStore(best) {
					best, bestAt = j, at
				}
				continue
			}
			if best < 0 || at < bestAt || (at == bestAt && height[j] > height[best]) {
				best, bestAt = j, at
			}
		}
		done[best] = true
		order[a+k] = int32(a + best)
		inf := infos[a+best]
		if !schedFree(inf, kinds[a+best]) {
			p := schedPipe(inf, kinds[a+best], &pipeFree)
			iv := schedInterval[p] * int(inf.Slots)
			if hi, wide := imadForm(inf); hi || wide {
				iv = 2 * schedInterval[ptx.PipeIMAD]
			}
			pipeFree[p] = bestAt + iv
			t = bestAt + int(inf.Slots)
		}
		for _, e := range succ[best] {
			earliest[e.to] = max(earliest[e.to], bestAt+e.lat)
			npred[e.to]--
		}
	}
}

// firstReader is the run index (from a) of the first instruction of
// infos[a:b] after pc that reads one of pc's results, or -1.
func firstReader(infos []*exec.InstInfo, a, b, pc int) int {
	for i := pc + 1; i < b; i++ {
		for _, r := range infos[pc].Defs {
			if slicesContains(infos[i].Uses, r) {
				return i - a
			}
		}
	}
	return -1
}

// schedFree: no SASS (a move ptxas removes, a value fused into its user).
func schedFree(inf *exec.InstInfo, kind uint8) bool { return inf.Slots == 0 || kind == lowFused }

// schedPipe: the pipe an instruction takes in the schedule (a flexible add
// or shift the one free first).
func schedPipe(inf *exec.InstInfo, kind uint8, free *[ptx.NumPipes]int) ptx.Pipe {
	if inf.Op == ptx.OpShfl {
		return ptx.PipeShared
	}
	if kind == lowFlex && free[ptx.PipeIMAD] < free[ptx.PipeALU] {
		return ptx.PipeIMAD
	}
	return inf.Pipe
}
