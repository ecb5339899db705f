package sm

import (
	"slices"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
)

// Global loads ahead of their uses (the first pass of the issue schedule,
// sched.go). ptxas issues a straight-line block's independent global
// loads before the arithmetic that uses their values.
// tools/microbench/gls.cu folds each 64- or 128-bit load's words right
// after the load in the PTX (`ld.global.v4; shl; xor; shl; xor; ...;
// add.s64; ld.global.v4; ...`); one warp's 16 such loads take 29.9 cycles
// each on the H200 (gls_ld128_coal_w1), about the L1 throughput of the
// same loads with the folds after the last one in the PTX
// (gls2_ld128_coal_w1: 21.8), not a load's L1 latency each (run in PTX
// order: 55.8). The schedule therefore orders each such block: the
// instructions that do not depend on a value a global load of the block
// returned (the loads, their address arithmetic) first, then the rest,
// each part in PTX order, except that a load waits while the loads in
// flight hold loadCap registers (then the next instruction that waits
// for a load goes first).
//
// A block here is a run of weak ld.global and register arithmetic (the
// pipes ALU, IMAD, FP32, FP64, MUFU, conversion; no special register, no
// division), ended by anything else (a store, a barrier, a branch, a
// shared-memory access, %clock64) and by a branch target: loads never
// pass a store or a fence, and the timed region of a microbenchmark keeps
// its %clock64 reads where they are. A block's first instruction stays
// first (nothing in the block can go ahead of it), so branch targets keep
// their PCs.

// loadCap: the most registers of global loads ptxas keeps waiting at once
// (tools/microbench/gls_sass_ldg.txt, the SASS of gls2.cu: four 128-bit
// loads in flight, 16 registers; six 64-bit and eight to ten 32-bit ones,
// where the folds of the first loads free registers early; coldpace's
// straight-line loads 16-17 32-bit ones). gls.cu, whose loop holds more
// live values than a thread's 32 registers, keeps fewer: loadCapTight
// (blockPressure).
const loadCap = 16

// loadCapWide and wideCap: a straight-line block of many 128-bit loads
// keeps more of them in flight. The SASS of coldpace (provenance
// sass_ldg_order, ptxas 13.0 -O3; validation/timing/cold33.md), blocks
// of 128-bit loads each folded right after it in the PTX:
//   - 8 loads (coldpace_n8_b16, _far, _w4; 32 registers): four before the
//     first fold, five in flight at most (the last two issue together);
//   - 16 loads (coldpace_n16_b16): five before the first fold, then six;
//   - 32 loads (coldpace_n32_b16): six before the first fold, then six.
//
// loadCap + an eighth of the block's 128-bit load registers, at most
// loadCapWide, gives 20, 24 and 24 registers (five, six, six loads) and
// leaves blocks of up to seven such loads at loadCap (four in flight,
// TestLoadsAheadLikePtxas; narrower loads in the same block share the
// larger cap). A fit to three listings, not a ptxas rule.
const loadCapWide = 24

// wideCap is the registers of loads in flight of a straight-line block
// (no register pressure, not a loop body) whose 128-bit loads write wide
// registers.
func wideCap(wide int) int { return min(loadCapWide, loadCap+wide/8) }

// wideLoadRegs is the registers the 128-bit (four-register) global loads
// of the block [a, b) write.
func wideLoadRegs(f *ptx.Function, infos []*exec.InstInfo, a, b int) int {
	n := 0
	for j := a; j < b; j++ {
		if loadClass(&f.Insts[j], infos[j]) == 2 && len(infos[j].Defs) == 4 {
			n += 4
		}
	}
	return n
}

// loopLoadCap and loopLoadExtraRegs: a block that is a whole loop body
// (gls2.cu's inner loop: 16 loads, then their values folded into an
// accumulator the loop carries) keeps fewer loads in flight than a
// straight-line block of the same loads (coldpace: sixteen to eighteen
// 32-bit, eight 64-bit, five to six 128-bit ones). The SASS of gls2.cu
// (validation/timing/gls21_sass.ctrl.txt.gz, ptxas 13.0.88 -O3) issues
// nine 32-bit, six 64-bit and four 128-bit loads before the first fold
// that waits for one (then a load each time a fold frees its registers).
// No register count alone gives 9, 12 and 16 registers; counting each load
// in flight as its registers plus loopLoadExtraRegs against loopLoadCap
// does, for 2 and 27 only (9 x 3 and 6 x 4 and 4 x 6 fit 27; 10 x 3, 7 x 4
// and 5 x 6 do not): a fit to those three listings, not a ptxas rule
// (validation/timing/gls28.md).
const (
	loopLoadCap       = 27
	loopLoadExtraRegs = 2
)

// liveInTight and loadCapTight: see blockPressure.
const (
	liveInTight  = 48
	loadCapTight = 8
)

// loadOrder returns f's order with global loads hoisted (the PC at each
// slot), or nil when it is the PTX order.
func loadOrder(f *ptx.Function, infos []*exec.InstInfo) []int32 {
	inBlock := func(pc int32) bool { return loadClass(&f.Insts[pc], infos[pc]) != 0 }
	var live *blockPressure
	return reorderBlocks(f, infos, nil, inBlock, 2, func(block []int32) []int32 {
		a, b := int(block[0]), int(block[len(block)-1])+1 // the PTX order: PCs in a row
		if live == nil {
			live = newBlockPressure(f, infos)
		}
		if live.loadCap(a) == loadCap && loopBody(f, a, b) {
			return loadRunCost(f, infos, a, b, loopLoadCap, loopLoadExtraRegs)
		}
		if live.loadCap(a) == loadCap {
			return loadRunCost(f, infos, a, b, wideCap(wideLoadRegs(f, infos, a, b)), 0)
		}
		return loadRunCost(f, infos, a, b, live.loadCap(a), 0)
	})
}

// blockPressure gives each block the registers its loads may hold in
// flight: loadCap, or loadCapTight where the values live into the block
// (every PTX register, uniform ones included, in 32-bit registers) exceed
// liveInTight, half again the 32 registers a thread may hold and leave the
// SM its 64 warps (65536 / 2048). Seen in the SASS (tools/microbench/
// gls_sass_ldg.txt and coldpace's provenance sass_ldg_order, ptxas 13.0
// -O3): gls.cu's loop carries 52 such values (fifteen 64-bit load offsets
// among them) and ptxas recomputes the offsets in the loop (IMAD, IMAD.X)
// and keeps about 7 registers of loads in flight (six 32-bit, five 64-bit,
// two to three 128-bit loads); gls2.cu's loop (21 values) keeps 9, 12 and
// 16, and coldpace's block (20 values) 16-17 (4 and 8 bytes a lane) and up
// to 24 (16 bytes). The threshold is not 32: l2bw_ld's loop (36 values,
// 28 registers in ptxas's report, no SASS order recorded) keeps its four
// 128-bit loads in flight by design (tools/microbench/gen6_l2.py), and its
// bytes_per_sm_cycle figures fall from +4..+7% to -13..-20% with two; any
// threshold from 36 to 51 splits these kernels alike.
type blockPressure struct {
	liveIn [][]uint64
	width  []int
}

func newBlockPressure(f *ptx.Function, infos []*exec.InstInfo) *blockPressure {
	liveIn, _ := liveInSets(f, infos)
	return &blockPressure{liveIn: liveIn, width: regWidths(f)}
}

// loadCap is the registers of loads in flight the block that starts at pc
// may hold.
func (p *blockPressure) loadCap(pc int) int {
	if count(p.liveIn[pc], p.width) > liveInTight {
		return loadCapTight
	}
	return loadCap
}

// reorderBlocks applies run to each block of order (nil: the PTX order):
// a maximal run of slots whose instructions satisfy inBlock, not entered
// at a branch target after its first, at least minLen long. run returns
// the block's PCs reordered, or nil to keep them. The result is the new
// order, or nil when nothing moved.
func reorderBlocks(f *ptx.Function, infos []*exec.InstInfo, order []int32, inBlock func(pc int32) bool,
	minLen int, run func(block []int32) []int32) []int32 {
	n := len(infos)
	base := order
	if base == nil {
		base = identity(n)
	}
	target := f.LabelTargets()
	var out []int32
	start := -1
	flush := func(end int) {
		if start >= 0 && end-start >= minLen {
			if r := run(base[start:end]); r != nil {
				if out == nil {
					out = append([]int32(nil), base...)
				}
				copy(out[start:end], r)
			}
		}
		start = -1
	}
	for i := 0; i < n; i++ {
		pc := base[i]
		if target[pc] {
			flush(i)
		}
		if !inBlock(pc) {
			flush(i)
			continue
		}
		if start < 0 {
			start = i
		}
	}
	flush(n)
	return out
}

// identity is the PTX order of n instructions.
func identity(n int) []int32 {
	o := make([]int32, n)
	for i := range o {
		o[i] = int32(i)
	}
	return o
}

// loadClass: 2 for a weak global load, 1 for register arithmetic a load
// may pass, 0 for an instruction that ends a block.
func loadClass(in *ptx.Inst, inf *exec.InstInfo) int {
	if inf.Async != exec.AsyncNone || len(inf.Defs) == 0 {
		return 0
	}
	if in.Op == ptx.OpLd {
		if in.Mods.Space == ptx.SpaceGlobal && (in.Mods.Sem == ptx.SemNone || in.Mods.Sem == ptx.SemWeak) {
			return 2
		}
		return 0
	}
	switch inf.Pipe {
	case ptx.PipeALU, ptx.PipeIMAD, ptx.PipeFP32, ptx.PipeFP64, ptx.PipeMUFU, ptx.PipeConv:
	default:
		return 0
	}
	if in.Op == ptx.OpDiv || in.Op == ptx.OpRem {
		return 0
	}
	for i := range in.Ops {
		if in.Ops[i].Kind == ptx.OpdSpecial {
			return 0
		}
	}
	return 1
}

// loadRun orders the block [a, b): the instructions that do not depend on
// a load of the block first. nil when that is the PTX order.
func loadRun(f *ptx.Function, infos []*exec.InstInfo, a, b, capRegs int) []int32 {
	return loadRunCost(f, infos, a, b, capRegs, 0)
}

// loopBody: the block [a, b) is a whole loop body: its first instruction is
// the target of the branch that ends it.
func loopBody(f *ptx.Function, a, b int) bool {
	if b >= len(f.Insts) || f.Insts[b].Op != ptx.OpBra {
		return false
	}
	for _, o := range f.Insts[b].Ops {
		if o.Kind == ptx.OpdLabel && int(o.Label) == a {
			return true
		}
	}
	return false
}

// loadRunCost is loadRun with each load in flight counted as its
// registers plus extra.
func loadRunCost(f *ptx.Function, infos []*exec.InstInfo, a, b, capRegs, extra int) []int32 {
	later := make([]bool, b-a)
	fromLoad := map[int32]bool{} // the register's last value came from a load or a later instruction
	readLater := map[int32]bool{}
	wroteLater := map[int32]bool{}
	moved, seen := false, false
	loads := 0 // registers the block's loads write
	for j := a; j < b; j++ {
		inf := infos[j]
		load := loadClass(&f.Insts[j], inf) == 2
		if load {
			loads += len(inf.Defs) + extra
		}
		l := false
		for _, r := range inf.Uses {
			l = l || fromLoad[r]
		}
		for _, r := range inf.Defs {
			l = l || readLater[r] || wroteLater[r]
		}
		later[j-a] = l
		if l {
			seen = true
			for _, r := range inf.Uses {
				readLater[r] = true
			}
			for _, r := range inf.Defs {
				wroteLater[r] = true
				fromLoad[r] = true
			}
			continue
		}
		for _, r := range inf.Defs {
			fromLoad[r] = load
		}
		// an instruction that does not wait passes one that does
		moved = moved || seen
	}
	// over the cap, the schedule interleaves the loads even where the PTX
	// lists every load first
	if !moved && loads <= capRegs {
		return nil
	}
	return loadSchedule(f, infos, a, b, later, capRegs, extra)
}

// loadSchedule emits the block in PTX order, the instructions that do not
// wait for a load first, but a load only while the registers of the loads
// in flight (each plus extra) stay within capRegs (else the next waiting
// instruction).
func loadSchedule(f *ptx.Function, infos []*exec.InstInfo, a, b int, later []bool, capRegs, extra int) []int32 {
	n := b - a
	npred := make([]int, n)
	succ := make([][]int, n)
	rd := newRegDeps()
	lastLoad := -1
	// pending[j]: readers of load j's values still to emit (-1: not a load)
	pending := make([]int, n)
	releases := make([][]int, n)
	for j := 0; j < n; j++ {
		inf := infos[a+j]
		pending[j] = -1
		dep := map[int]bool{}
		for _, r := range inf.Uses {
			if i, ok := rd.lastDef[r]; ok {
				dep[i] = true
				if pending[i] >= 0 && !slices.Contains(releases[j], i) {
					releases[j] = append(releases[j], i)
					pending[i]++
				}
			}
		}
		rd.writeDeps(inf, dep)
		if loadClass(&f.Insts[a+j], inf) == 2 {
			if lastLoad >= 0 {
				dep[lastLoad] = true
			}
			lastLoad = j
			pending[j] = 0
		}
		rd.add(j, inf, dep, succ, npred)
	}
	live := 0
	done := make([]bool, n)
	run := make([]int32, 0, n)
	same := true
	for len(run) < n {
		pick := -1
		for j := 0; j < n && pick < 0; j++ {
			if done[j] || npred[j] > 0 || later[j] {
				continue
			}
			if pending[j] >= 0 && live > 0 && live+len(infos[a+j].Defs)+extra > capRegs {
				break // the load waits for registers
			}
			pick = j
		}
		if pick < 0 {
			for j := 0; j < n; j++ {
				if !done[j] && npred[j] == 0 && later[j] {
					pick = j
					break
				}
			}
		}
		if pick < 0 {
			for j := 0; j < n; j++ {
				if !done[j] && npred[j] == 0 {
					pick = j
					break
				}
			}
		}
		done[pick] = true
		same = same && pick == len(run)
		run = append(run, int32(a+pick))
		if pending[pick] > 0 {
			live += len(infos[a+pick].Defs) + extra
		}
		for _, i := range releases[pick] {
			pending[i]--
			if pending[i] == 0 {
				live -= len(infos[a+i].Defs) + extra
			}
		}
		for _, k := range succ[pick] {
			npred[k]--
		}
	}
	if same {
		return nil
	}
	return run
}

// regDeps: the register dependences of a straight-line stretch being list
// scheduled (loadSchedule, copySchedule): a register's last writer (read
// after write) and, for a register an instruction writes, that writer and
// the readers since (write after write, write after read).
type regDeps struct {
	lastDef map[int32]int
	readers map[int32][]int
}

func newRegDeps() regDeps { return regDeps{lastDef: map[int32]int{}, readers: map[int32][]int{}} }

// writeDeps adds to dep the instructions inf's writes must follow.
func (d regDeps) writeDeps(inf *exec.InstInfo, dep map[int]bool) {
	for _, r := range inf.Defs {
		if i, ok := d.lastDef[r]; ok {
			dep[i] = true
		}
		for _, i := range d.readers[r] {
			dep[i] = true
		}
	}
}

// add enters instruction j (inf) after dep: the edges into succ and npred,
// then its reads and writes.
func (d regDeps) add(j int, inf *exec.InstInfo, dep map[int]bool, succ [][]int, npred []int) {
	delete(dep, j)
	for i := range dep {
		succ[i] = append(succ[i], j)
		npred[j]++
	}
	for _, r := range inf.Uses {
		d.readers[r] = append(d.readers[r], j)
	}
	for _, r := range inf.Defs {
		d.lastDef[r] = j
		d.readers[r] = d.readers[r][:0]
	}
}
