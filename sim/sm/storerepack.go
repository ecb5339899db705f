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
// element position (nil when none).
func storeRepacks(f *ptx.Function) []bool {
	var out []bool
	last := -1 // the previous vector global store's PC, no branch since
	for pc := range f.Insts {
		in := &f.Insts[pc]
		if in.Op == ptx.OpBra || in.Op == ptx.OpRet || in.Op == ptx.OpExit {
			last = -1
			continue
		}
		if !vectorGlobalStore(in) {
			continue
		}
		if last >= 0 && sharesMoved(f.Insts[last].Ops[1].Elems, in.Ops[1].Elems) {
			if out == nil {
				out = make([]bool, len(f.Insts))
			}
			out[last] = true
		}
		last = pc
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
