package sm

import (
	"slices"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
)

// A copy loop's stores between its loads (issue 14, gmem_copy_c*;
// validation/timing/copy29.md). In a loop body that loads with
// ld.global.nc and stores those values with st.global, ptxas does not
// keep every load ahead of the stores, as the PTX lists them: the SASS of
// gmem_copy (4 x LDG.E.128.CONSTANT then 4 x STG.E.128 in the PTX) issues
// LDG, LDG, STG, LDG, LDG, STG, STG, STG, the first store waiting for the
// first load's data before the third load issues; tools/microbench/
// copy29's stream<3,4> (the same loop with a wrapped destination) has the
// same shape and stream<0,8> (eight loads, eight stores) issues LDG, LDG,
// STG, STG four times (copy29/h200/copy29.sass.gz, ptxas 13.0 -O3
// sm_90a). A warp then waits two load latencies an iteration, not one:
// on the H200 the copy with the SASS order of stream<0,2> (two loads, two
// stores) runs 44.36 B/cycle/SM at 33 SMs and gmem_copy 44.44, where
// stream<0,4>, whose SASS keeps its four loads ahead, runs 48.90
// (copy29 probe; one SM: 48.93, 48.89, 49.42).
//
// The rule, as narrow as that evidence: in such a body (only ld.global.nc
// loads, weak st.global stores, register arithmetic; every store's value
// from a load of the body; more loads than copyLoadsAhead), the issue
// order keeps at most copyLoadsAhead loads whose values no store has
// taken yet ahead of the stores; loads go in the order of the stores that
// take their values, stores in their PTX order, arithmetic as early as
// its operands allow. stream<0,4>'s SASS (four loads ahead; no recorded
// family) is the listing it gets wrong: no PTX-level register count
// separates it from gmem_copy (both peak at 40 live 32-bit values, 32-34
// live into the loop), so ptxas's choice there is not modelled.
const copyLoadsAhead = 2

// copyOrder returns order (slot -> PC; nil: the PTX order) with each copy
// loop body interleaved as above, or nil when nothing moved.
func copyOrder(f *ptx.Function, infos []*exec.InstInfo, order []int32) []int32 {
	n := len(infos)
	target := f.LabelTargets()
	var out []int32
	for b := 0; b < n; b++ {
		in := &f.Insts[b]
		if in.Op != ptx.OpBra {
			continue
		}
		a := -1
		for _, o := range in.Ops {
			if o.Kind == ptx.OpdLabel && int(o.Label) < b {
				a = int(o.Label)
			}
		}
		if a < 0 {
			continue
		}
		base := order
		if out != nil {
			base = out
		}
		if base == nil {
			base = identity(n)
		}
		if r := copyBody(f, infos, base[a:b], target); r != nil {
			if out == nil {
				out = append([]int32(nil), base...)
			}
			copy(out[a:b], r)
		}
	}
	return out
}

// copyKind: 1 register arithmetic, 2 an ld.global.nc, 3 a weak st.global,
// 0 anything else.
func copyKind(in *ptx.Inst, inf *exec.InstInfo) int {
	switch {
	case in.Op == ptx.OpSt:
		if in.Mods.Space == ptx.SpaceGlobal && (in.Mods.Sem == ptx.SemNone || in.Mods.Sem == ptx.SemWeak) &&
			inf.Async == exec.AsyncNone && len(inf.Defs) == 0 {
			return 3
		}
		return 0
	case in.Op == ptx.OpLd:
		if loadClass(in, inf) == 2 && in.Mods.Flags&ptx.FNC != 0 {
			return 2
		}
		return 0
	}
	if loadClass(in, inf) == 1 {
		return 1
	}
	return 0
}

// copyBody orders one loop body's slots (their PCs), or nil when it is
// not a copy body or keeps its order.
func copyBody(f *ptx.Function, infos []*exec.InstInfo, body []int32, target []bool) []int32 {
	n := len(body)
	kind := make([]int, n)
	loads, stores := 0, 0
	for j, pc := range body {
		if j > 0 && target[pc] {
			return nil
		}
		kind[j] = copyKind(&f.Insts[pc], infos[pc])
		switch kind[j] {
		case 0:
			return nil
		case 2:
			loads++
		case 3:
			stores++
		}
	}
	if loads <= copyLoadsAhead || stores == 0 {
		return nil
	}
	// dependences: registers (read after write, write after read, write
	// after write); stores in order; a load after a store stays after it
	npred := make([]int, n)
	succ := make([][]int, n)
	taker := make([]int, n) // a load's first store that reads its value (n: none)
	takes := make([][]int, n)
	rd := newRegDeps()
	lastStore := -1
	for j, pc := range body {
		inf := infos[pc]
		taker[j] = n
		dep := map[int]bool{}
		for _, r := range inf.Uses {
			if i, ok := rd.lastDef[r]; ok {
				dep[i] = true
				if kind[i] == 2 && kind[j] == 3 {
					if taker[i] == n {
						taker[i] = j
					}
					if !slices.Contains(takes[j], i) {
						takes[j] = append(takes[j], i)
					}
				}
			}
		}
		rd.writeDeps(inf, dep)
		if kind[j] >= 2 && lastStore >= 0 {
			dep[lastStore] = true
		}
		if kind[j] == 3 {
			if len(takes[j]) == 0 {
				return nil // a store of something other than a loaded value
			}
			lastStore = j
		}
		rd.add(j, inf, dep, succ, npred)
	}
	for j := range n {
		if kind[j] == 2 && taker[j] == n {
			return nil // a load no store takes: not a copy
		}
	}
	// the memory operations' sequence: the first store's load, the last
	// store's load, the first store, then the others' loads two at a time,
	// each pair's stores after it, the last store at the end
	pending := make([]int, n) // how many stores take each load's value
	for j := range n {
		for _, i := range takes[j] {
			pending[i]++
		}
	}
	var st []int
	for j := range n {
		if kind[j] == 3 {
			if len(takes[j]) != 1 {
				return nil
			}
			st = append(st, j)
		}
	}
	for j := range n {
		if kind[j] == 2 && pending[j] != 1 {
			return nil // a load two stores take
		}
	}
	m := len(st)
	if m != loads {
		return nil
	}
	seq := []int{takes[st[0]][0], takes[st[m-1]][0], st[0]}
	for k := 1; k < m-1; k += copyLoadsAhead {
		e := min(k+copyLoadsAhead, m-1)
		for q := k; q < e; q++ {
			seq = append(seq, takes[st[q]][0])
		}
		seq = append(seq, st[k:e]...)
	}
	seq = append(seq, st[m-1])
	done := make([]bool, n)
	run := make([]int32, 0, n)
	same := true
	ready := func(j int) bool { return !done[j] && npred[j] == 0 }
	next := 0
	for len(run) < n {
		pick := -1
		for j := 0; j < n && pick < 0; j++ { // arithmetic first
			if ready(j) && kind[j] == 1 {
				pick = j
			}
		}
		if pick < 0 && next < len(seq) && ready(seq[next]) {
			pick = seq[next]
			next++
		}
		if pick < 0 {
			return nil // the sequence breaks a dependence: keep the order
		}
		done[pick] = true
		same = same && pick == len(run)
		run = append(run, body[pick])
		for _, k := range succ[pick] {
			npred[k]--
		}
	}
	if same {
		return nil
	}
	return run
}
