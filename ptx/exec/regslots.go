package exec

import (
	"math/bits"
	"slices"

	"github.com/sm90sim/sm90sim/ptx"
)

// Register slots. nvcc writes PTX in SSA-like form: a fresh virtual
// register for almost every value (int_hash declares 257 registers, of which
// about twenty hold a value at any one time). A frame stores 32 lanes x 8
// bytes for every register it addresses, so a warp of int_hash carried 66
// KB of registers and a timed run's working set (16 warps on each of 132
// SMs) no longer fitted any CPU cache: register reads missed on almost every
// instruction (speed27.md). assignSlots gives registers whose values are
// never live at the same time the same storage slot, as a register
// allocator does; InstInfo (the timing model's scoreboard) keeps the PTX
// registers, so only where values are stored changes, never what is read.
//
// Why sharing a slot cannot change a value read. Each lane runs a path
// through the function's control-flow graph and a handler writes a
// register only on the lanes that execute it. Register r read on a lane
// holds the value of r's last write on that lane's path (or the zero its
// frame starts with). Another register s in the same slot is written on
// that path between the two only if s's write happens while r is live,
// which the interference graph forbids (an edge from every write to every
// register live after it, and between all registers live at entry, whose
// zero the frame's clearing supplies). The liveness is regclear.go's: a
// write kills only for an unguarded instruction that writes every executing
// lane. Registers that the per-lane argument does not cover keep a slot of
// their own: those an instruction reads or writes on other lanes than its
// own (shfl, vote, mma, ... : !laneLocal), and any register an operand names
// that the instruction's Uses and Defs do not list. Kernels with wgmma keep
// one slot per register (the accumulators are written asynchronously and
// the hazard checker indexes registers), as do functions whose control flow
// the analysis cannot follow (clearAll) and very large functions.

// A timing driver may run a straight-line stretch in ptxas's order
// (issueorder.go), which keeps every dependence between the PTX registers
// but none between registers that share a slot. reorderEdges makes such a
// pair interfere wherever a permutation could overlap them: an instruction
// d writing Y and an earlier instruction u of the same block touching X
// (reading or writing it) that d does not depend on through registers,
// directly or not, may swap, and then d's write of Y's slot would land
// before u's use of X (or under X's write). Blocks here are at least as
// long as the driver's stretches (they end at every label target and
// after every control instruction), so the check covers every permutation
// the driver may make.

// maxBlockInsts bounds a block's length for reorderEdges (its dependence
// closure is quadratic); a longer block keeps one slot per register.
const maxBlockInsts = 4096

// reorderEdges adds the interference edges of the permutations a timing
// driver may make (see above) through link; false: a block too long.
func reorderEdges(xf *xfunc, link func(a, b int32)) bool {
	n := len(xf.insts)
	start := make([]bool, n+1)
	start[0], start[n] = true, true
	for i := range xf.insts {
		x := &xf.insts[i]
		if x.op == ptx.OpBra && len(x.ops) == 1 && x.ops[0].kind == oLabel && x.ops[0].label >= 0 && int(x.ops[0].label) < n {
			start[x.ops[0].label] = true
		}
		if x.ctrl || x.op == ptx.OpBra || x.op == ptx.OpCall || x.op == ptx.OpRet || x.op == ptx.OpExit || x.op == ptx.OpTrap {
			start[i+1] = true
		}
	}
	lastDef := make([]int32, xf.nregs)
	uses := make([][]int32, xf.nregs)
	for b := 0; b < n; {
		e := b + 1
		for !start[e] {
			e++
		}
		m := e - b
		if m > maxBlockInsts {
			return false
		}
		if m > 1 {
			words := (m + 63) / 64
			anc := make([]uint64, m*words) // anc[j]: the block's instructions j depends on
			for i := range lastDef {
				lastDef[i] = -1
				uses[i] = uses[i][:0]
			}
			dep := func(j, i int32) {
				if i >= 0 {
					aj, ai := anc[int(j)*words:int(j+1)*words], anc[int(i)*words:int(i+1)*words]
					aj[i>>6] |= 1 << (uint(i) & 63)
					for w := range aj {
						aj[w] |= ai[w]
					}
				}
			}
			for j := int32(0); j < int32(m); j++ {
				inf := &xf.insts[b+int(j)].info
				for _, r := range inf.Uses {
					if int(r) < xf.nregs {
						dep(j, lastDef[r])
					}
				}
				for _, r := range inf.Defs {
					if int(r) < xf.nregs {
						dep(j, lastDef[r])
						for _, u := range uses[r] {
							dep(j, u)
						}
					}
				}
				for _, r := range inf.Defs {
					if int(r) < xf.nregs {
						lastDef[r], uses[r] = j, uses[r][:0]
					}
				}
				for _, r := range inf.Uses {
					if int(r) < xf.nregs && lastDef[r] != j {
						uses[r] = append(uses[r], j)
					}
				}
			}
			for d := 1; d < m; d++ {
				dd := &xf.insts[b+d].info
				if len(dd.Defs) == 0 {
					continue
				}
				ad := anc[d*words : (d+1)*words]
				for u := 0; u < d; u++ {
					if ad[u>>6]&(1<<(uint(u)&63)) != 0 {
						continue
					}
					uu := &xf.insts[b+u].info
					for _, y := range dd.Defs {
						for _, x := range uu.Uses {
							link(x, y)
						}
						for _, x := range uu.Defs {
							link(x, y)
						}
					}
				}
			}
		}
		b = e
	}
	return true
}

// maxSlotRegs bounds the registers of a function whose slots are assigned
// (the interference graph is nregs^2 bits).
const maxSlotRegs = 4096

// assignSlots computes xf's register-to-slot map and applies it: operands,
// guards, regMask, clear list, nslots. Without a map, every register is its
// own slot.
func assignSlots(xf *xfunc) {
	slot, n := slotMap(xf)
	if slot == nil {
		return
	}
	var remap func(o *xop)
	remap = func(o *xop) {
		if o.reg >= 0 && int(o.reg) < xf.nregs {
			o.reg = slot[o.reg]
		}
		for i := range o.elems {
			remap(&o.elems[i])
		}
	}
	for i := range xf.insts {
		x := &xf.insts[i]
		for j := range x.ops {
			remap(&x.ops[j])
		}
		if x.guard >= 0 && int(x.guard) < xf.nregs {
			x.guard = slot[x.guard]
		}
	}
	mask := make([]uint64, n)
	for r, s := range slot {
		mask[s] = xf.regMask[r]
	}
	xf.regMask = mask
	seen := make([]bool, n)
	var clr []int32
	for _, r := range xf.clear {
		if s := slot[r]; !seen[s] {
			seen[s] = true
			clr = append(clr, s)
		}
	}
	slices.Sort(clr)
	xf.clear = clr
	xf.nslots = n
}

// slotMap returns the slot of every register of xf and the slot count, or
// nil when xf keeps one slot per register.
func slotMap(xf *xfunc) ([]int32, int) {
	n, nr := len(xf.insts), xf.nregs
	if xf.clearAll || n == 0 || nr < 2 || nr > maxSlotRegs {
		return nil, 0
	}
	words := (nr + 63) / 64
	set := func(s []uint64, r int32) {
		if r >= 0 && int(r) < nr {
			s[r>>6] |= 1 << (uint(r) & 63)
		}
	}
	has := func(s []uint64, r int32) bool { return s[r>>6]&(1<<(uint(r)&63)) != 0 }
	use := make([]uint64, n*words)
	kill := make([]uint64, n*words)
	def := make([]uint64, n*words)
	private := make([]uint64, words)
	succ := make([][2]int32, n)
	listed := make([]uint64, words)
	var named func(o *xop, f func(r int32))
	named = func(o *xop, f func(r int32)) {
		if o.reg >= 0 {
			f(o.reg)
		}
		for i := range o.elems {
			named(&o.elems[i], f)
		}
	}
	for i := range xf.insts {
		x := &xf.insts[i]
		if x.op == ptx.OpWgmma {
			return nil, 0
		}
		u, k, d := use[i*words:(i+1)*words], kill[i*words:(i+1)*words], def[i*words:(i+1)*words]
		clear(listed)
		lane := laneLocal(x.op)
		for _, r := range x.info.Uses {
			set(u, r)
			set(listed, r)
			if !lane {
				set(private, r)
			}
		}
		for _, r := range x.info.Defs {
			set(d, r)
			set(listed, r)
			if !lane {
				set(private, r)
			}
			if x.guard < 0 && liveKills(x.op) {
				set(k, r)
			}
		}
		if x.guard >= 0 && !has(listed, x.guard) {
			set(private, x.guard)
		}
		for j := range x.ops {
			named(&x.ops[j], func(r int32) {
				if int(r) < nr && !has(listed, r) {
					set(private, r)
				}
			})
		}
		var ok bool
		if succ[i], ok = succOf(xf, i); !ok {
			return nil, 0
		}
	}
	// live[i]: live before instruction i
	live := liveIn(succ, use, kill, words)
	out := make([]uint64, words)
	liveOut := func(i int) []uint64 {
		clear(out)
		for _, s := range succ[i] {
			if s >= 0 {
				for w := range out {
					out[w] |= live[int(s)*words+w]
				}
			}
		}
		return out
	}
	// interference: a write against everything live after it; the
	// registers live at entry against each other
	adj := make([]uint64, nr*words)
	edges := func(r int32, s []uint64) {
		a := adj[int(r)*words : int(r+1)*words]
		for w := range a {
			a[w] |= s[w]
		}
		for w, v := range s {
			for ; v != 0; v &= v - 1 {
				o := w*64 + bits.TrailingZeros64(v)
				set(adj[o*words:(o+1)*words], r)
			}
		}
	}
	for w, v := range live[:words] {
		for ; v != 0; v &= v - 1 {
			edges(int32(w*64+bits.TrailingZeros64(v)), live[:words])
		}
	}
	for i := 0; i < n; i++ {
		o := liveOut(i)
		for w, v := range def[i*words : (i+1)*words] {
			for ; v != 0; v &= v - 1 {
				edges(int32(w*64+bits.TrailingZeros64(v)), o)
			}
		}
	}
	link := func(a, b int32) {
		if a != b && a >= 0 && b >= 0 && int(a) < nr && int(b) < nr {
			set(adj[int(a)*words:int(a+1)*words], b)
			set(adj[int(b)*words:int(b+1)*words], a)
		}
	}
	if !reorderEdges(xf, link) {
		return nil, 0
	}
	// greedy colouring in register order, within a width class (regMask:
	// a slot's writes are masked to its registers' width)
	slot := make([]int32, nr)
	var members [][]uint64 // per slot: its registers
	var smask []uint64     // per slot: its class
	var sprivate []bool
	for r := 0; r < nr; r++ {
		a := adj[r*words : (r+1)*words]
		pick := -1
		if !has(private, int32(r)) {
			for s := range members {
				if sprivate[s] || smask[s] != xf.regMask[r] {
					continue
				}
				free := true
				for w, m := range members[s] {
					if m&a[w] != 0 {
						free = false
						break
					}
				}
				if free {
					pick = s
					break
				}
			}
		}
		if pick < 0 {
			pick = len(members)
			members = append(members, make([]uint64, words))
			smask = append(smask, xf.regMask[r])
			sprivate = append(sprivate, has(private, int32(r)))
		}
		set(members[pick], int32(r))
		slot[r] = int32(pick)
	}
	if len(members) == nr {
		return nil, 0
	}
	return slot, len(members)
}
