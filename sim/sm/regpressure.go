package sm

import (
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
)

// Register pressure from the PTX alone (issue 14 item 4: occupancy when
// the launch spec does not say what ptxas allocated).
//
// ptxas allocates at least as many 32-bit registers per thread as the
// program holds live values at its busiest point; PeakLive is that point's
// count, from a backward liveness analysis over the entry function's
// control-flow graph:
//   - a register's width in 32-bit registers: 0 for .pred (the predicate
//     file), 1 up to 32 bits, 2 for 64, 4 for 128;
//   - uniform values are not counted (uniform.go): kernel parameters,
//     which ptxas reads from the constant bank (c[0x0][...]) where they
//     are used, and integer values every lane computes alike from them and
//     the CTA's coordinates, which it keeps in uniform registers;
//   - a guarded write does not end the old value's life (the lanes whose
//     guard is false keep it);
//   - registers read before any write on some path are live from the
//     kernel's start (ptxas gives them a register too).
//
// EstimateRegisters adds the profile's registers_live_overhead (what
// ptxas holds beyond the PTX's live values), fitted on the regocc_*
// microbenchmarks (validation/calibrate/groups6_flash.go), within 1..255;
// the occupancy rounds it up to the allocation granule as it does a
// count ptxas reported. ptxas itself often reports more than it needs
// (regocc_k104 holds 111 values and reports 128): it pads up to the most
// registers that keep the same CTAs per SM, so the occupancy, not the
// count, is what the estimate must get right.

// PeakLive is the largest number of 32-bit registers the entry function of
// k holds live at once, or -1 when the kernel has no instructions.
func PeakLive(k *exec.Kernel) int {
	peak, _ := liveness(k)
	return peak
}

// DivisionCallLive is the most 32-bit registers live across one of the
// entry function's 64-bit divisions or remainders (the values live after
// it, less its results), or -1 when it has none. ptxas compiles each to a
// CALL of its division subroutine (seq.go), whose own registers
// (registers_division_call) come on top of these: idivtput_u64 holds 19
// values across its divisions and ptxas gives it 40 registers against
// PeakLive's 23.
func DivisionCallLive(k *exec.Kernel) int {
	_, across := liveness(k)
	return across
}

type livenessKey struct{}

// liveness is PeakLive and DivisionCallLive, computed once per kernel.
func liveness(k *exec.Kernel) (peak, across int) {
	r := k.Memo(livenessKey{}, func() any {
		p, a := computeLiveness(k)
		return [2]int{p, a}
	}).([2]int)
	return r[0], r[1]
}

func computeLiveness(k *exec.Kernel) (peak, across int) {
	across = -1
	f := k.Entry()
	infos := k.Infos()
	n := len(infos)
	if n == 0 || len(f.Insts) != n {
		return -1, -1
	}
	nregs := len(f.Regs)
	width := regWidths(f)
	// uniform values (kernel parameters among them) live in the uniform
	// registers (uniform.go), not in the per-thread file
	for r, u := range uniformRegs(f, infos, nregs) {
		if u {
			width[r] = 0
		}
	}
	liveIn, succ := liveInSets(f, infos)
	cur := make([]uint64, (nregs+63)/64)
	for pc := 0; pc < n; pc++ {
		// the values live while the instruction executes: its live-out
		// plus what it reads (a result may share a dying source's register)
		for w := range cur {
			cur[w] = 0
		}
		for _, s := range succ[pc] {
			for w, v := range liveIn[s] {
				cur[w] |= v
			}
		}
		c := count(cur, width)
		if c2 := count(liveIn[pc], width); c2 > c {
			c = c2
		}
		peak = max(peak, c)
		if isDivisionCall(infos[pc]) {
			a := count(cur, width)
			for _, d := range infos[pc].Defs {
				if int(d) < nregs && cur[d/64]&(1<<(uint(d)%64)) != 0 {
					a -= width[d]
				}
			}
			across = max(across, a)
		}
	}
	return peak, across
}

// isDivisionCall: a 64-bit division or remainder that ptxas compiles to a
// CALL of its division subroutine (seq.go: exec.DivisionMix).
func isDivisionCall(info *exec.InstInfo) bool {
	if info.Bits != 64 {
		return false
	}
	_, ok := exec.DivisionMix(info)
	return ok
}

// EstimateRegisters is ptxas's registers per thread as estimated from the
// PTX: the larger of PeakLive and DivisionCallLive plus callRegs (the
// division subroutine's own registers), plus overhead, within 1..255; 0
// when PeakLive has nothing to go on.
func EstimateRegisters(k *exec.Kernel, overhead, callRegs int) int {
	p := PeakLive(k)
	if p < 0 {
		return 0
	}
	if a := DivisionCallLive(k); a >= 0 {
		p = max(p, a+callRegs)
	}
	return min(max(p+overhead, 1), 255)
}

// transfer turns live-out into live-in: defs end their values' lives
// (unless the write is guarded), uses start them.
func transfer(live []uint64, defs, uses []int32, guarded bool, nregs int) {
	if !guarded {
		for _, d := range defs {
			if int(d) < nregs {
				live[d/64] &^= 1 << (uint(d) % 64)
			}
		}
	}
	for _, u := range uses {
		if int(u) < nregs {
			live[u/64] |= 1 << (uint(u) % 64)
		}
	}
}

func count(live []uint64, width []int) int {
	c := 0
	for w, v := range live {
		for v != 0 {
			b := v & -v
			i := w*64 + bitIndex(b)
			c += width[i]
			v &^= b
		}
	}
	return c
}

func bitIndex(b uint64) int {
	i := 0
	for b > 1 {
		b >>= 1
		i++
	}
	return i
}

// liveUses is the registers an instruction reads for liveness: its
// InstInfo uses, less a wgmma's accumulators when its scale-d operand is
// the immediate 0 (D = A*B: the old accumulators are not read, so they
// are dead before it).
func liveUses(in *ptx.Inst, info *exec.InstInfo) []int32 {
	if in.Op != ptx.OpWgmma || len(in.Ops) < 4 || in.Ops[3].Kind != ptx.OpdImm || in.Ops[3].Imm != 0 {
		return info.Uses
	}
	acc := map[int32]bool{}
	var mark func(o *ptx.Operand)
	mark = func(o *ptx.Operand) {
		if o.Kind == ptx.OpdReg && o.Reg >= 0 {
			acc[o.Reg] = true
		}
		for i := range o.Elems {
			mark(&o.Elems[i])
		}
	}
	mark(&in.Ops[0])
	var out []int32
	for _, u := range info.Uses {
		if !acc[u] {
			out = append(out, u)
		}
	}
	return out
}

// successors lists each instruction's possible next instructions: the
// fall-through unless it is an unguarded branch, return or exit, and a
// branch's target.
func successors(f *ptx.Function, n int) [][]int32 {
	succ := make([][]int32, n)
	for pc := range f.Insts {
		in := &f.Insts[pc]
		end := false
		switch in.Op {
		case ptx.OpBra:
			for i := range in.Ops {
				if o := &in.Ops[i]; o.Kind == ptx.OpdLabel && o.Label >= 0 && int(o.Label) < n {
					succ[pc] = append(succ[pc], o.Label)
				}
			}
			end = in.Guard < 0
		case ptx.OpRet, ptx.OpExit, ptx.OpTrap:
			end = in.Guard < 0
		}
		if !end && pc+1 < n {
			succ[pc] = append(succ[pc], int32(pc+1))
		}
	}
	return succ
}

// regWidths is each register's width in 32-bit registers: 0 for .pred,
// 1 up to 32 bits, 2 for 64, 4 for 128.
func regWidths(f *ptx.Function) []int {
	width := make([]int, len(f.Regs))
	for i, r := range f.Regs {
		switch b := r.Type.Bits(); {
		case r.Type == ptx.Pred || b == 0:
			width[i] = 0
		case b <= 32:
			width[i] = 1
		default:
			width[i] = b / 32
		}
	}
	return width
}

// liveInSets is the backward liveness of f: the registers live on entry
// to each instruction (a bit set over f.Regs) and each instruction's
// successors.
func liveInSets(f *ptx.Function, infos []*exec.InstInfo) ([][]uint64, [][]int32) {
	n := len(infos)
	nregs := len(f.Regs)
	uses := make([][]int32, n)
	for pc, in := range infos {
		uses[pc] = liveUses(&f.Insts[pc], in)
	}
	succ := successors(f, n)
	words := (nregs + 63) / 64
	liveIn := make([][]uint64, n)
	for i := range liveIn {
		liveIn[i] = make([]uint64, words)
	}
	cur := make([]uint64, words)
	for changed := true; changed; {
		changed = false
		for pc := n - 1; pc >= 0; pc-- {
			for w := range cur {
				cur[w] = 0
			}
			for _, s := range succ[pc] {
				for w, v := range liveIn[s] {
					cur[w] |= v
				}
			}
			transfer(cur, infos[pc].Defs, uses[pc], f.Insts[pc].Guard >= 0, nregs)
			for w := range cur {
				if cur[w]&^liveIn[pc][w] != 0 {
					liveIn[pc][w] |= cur[w]
					changed = true
				}
			}
		}
	}
	return liveIn, succ
}
