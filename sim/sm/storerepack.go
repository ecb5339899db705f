package sm

import (
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
)

// A vector st.global reads its data from an aligned register pair or
// quad in SASS. When a function's next vector store (in program order,
// no branch between) holds one of this store's registers at another
// element position, as gls.cu's {v+k, v+k+1} and {v+k+1, v+k+2} do,
// ptxas cannot use the registers in place: it copies the values into a
// few aligned tuples it rotates (the MOV / IMAD.MOV between the STGs of
// tools/microbench/gls_sass_stg.txt: 16 a loop of gls_st64, 46 of
// gls_st128), and a copy into a tuple waits for the read-out of the
// store that last read it. The warp's instructions after such a store
// therefore wait for its read-out (lsuwarp.go, wideStoreHold). Stores
// whose tuples stay put (gls2.cu's, sgp's accumulator pairs, and the
// gls32 probe's loop-invariant pair with up to four independent adds a
// store between the STGs: 8.26-8.95 cycles a v2 store against 8.26 with
// none) are not held: there the ALU work hides under the read-out
// (validation/timing/gls32.md).

// storeRepacks returns, by PC, the vector global stores of f whose next
// vector global store shares a data register with them at another
// element position (nil when none); a loop's last store is compared with
// its body's first.
func storeRepacks(f *ptx.Function) []bool {
	var out []bool
	mark := func(pc int) {
		if out == nil {
			out = make([]bool, len(f.Insts))
		}
		out[pc] = true
	}
	last := -1 // the previous vector global store's PC, no branch since
	for pc := range f.Insts {
		in := &f.Insts[pc]
		if in.Op == ptx.OpBra || in.Op == ptx.OpRet || in.Op == ptx.OpExit {
			if t := branchTarget(in, len(f.Insts)); in.Op == ptx.OpBra && last >= 0 && t >= 0 && t <= last {
				// a loop's last store against the body's first, through the
				// register copies that carry values to the next iteration
				// (gls.cu: {v+15, v+16}, then mov v <- v+16 and {v, v+1})
				if first := firstVectorStore(f, t, pc); first >= 0 && sharesMoved(f.Insts[last].Ops[1].Elems, carried(f, last, pc, f.Insts[first].Ops[1].Elems)) {
					mark(last)
				}
			}
			last = -1
			continue
		}
		if !vectorGlobalStore(in) {
			continue
		}
		if last >= 0 && sharesMoved(f.Insts[last].Ops[1].Elems, in.Ops[1].Elems) {
			mark(last)
		}
		last = pc
	}
	return out
}

// firstVectorStore is the first vector global store in [lo, hi), or -1.
func firstVectorStore(f *ptx.Function, lo, hi int) int {
	for pc := lo; pc < hi; pc++ {
		if vectorGlobalStore(&f.Insts[pc]) {
			return pc
		}
	}
	return -1
}

// carried maps the registers of elems through the unguarded register
// movs between PCs lo and hi (a mov d <- s: d is s's value).
func carried(f *ptx.Function, lo, hi int, elems []ptx.Operand) []ptx.Operand {
	out := append([]ptx.Operand(nil), elems...)
	for pc := lo + 1; pc < hi; pc++ {
		in := &f.Insts[pc]
		if in.Op != ptx.OpMov || in.Guard >= 0 || len(in.Ops) != 2 || in.Ops[0].Kind != ptx.OpdReg || in.Ops[1].Kind != ptx.OpdReg {
			continue
		}
		for i := range out {
			if out[i].Kind == ptx.OpdReg && out[i].Reg == in.Ops[0].Reg {
				out[i].Reg = in.Ops[1].Reg
			}
		}
	}
	return out
}

// vectorGlobalStore: in is st.global.v2/.v4 with a register vector as
// its data.
func vectorGlobalStore(in *ptx.Inst) bool {
	return in.Op == ptx.OpSt && in.Mods.Space == ptx.SpaceGlobal && in.Mods.Vec >= 2 &&
		len(in.Ops) == 2 && in.Ops[1].Kind == ptx.OpdVec
}

// sharesMoved: a register is an element of both a and b at different
// positions.
func sharesMoved(a, b []ptx.Operand) bool {
	for i := range a {
		if a[i].Kind != ptx.OpdReg || a[i].Reg < 0 {
			continue
		}
		for j := range b {
			if j != i && b[j].Kind == ptx.OpdReg && b[j].Reg == a[i].Reg {
				return true
			}
		}
	}
	return false
}

// storeRepack: info is a store storeRepacks marked.
func (l *Lowering) storeRepack(info *exec.InstInfo) bool {
	return l != nil && l.repack != nil && info.Func == l.repackFunc && int(info.PC) < len(l.repack) && l.repack[info.PC]
}
