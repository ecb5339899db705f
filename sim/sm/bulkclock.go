package sm

import (
	"strings"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
)

// What sets the pace of a warp's plain bulk stores (UBLKCP.G.S) is how
// ptxas allocates their uniform operand registers, and a %clock64 read
// between two stores decides it (validation/timing/bst25.md, SASS of the
// recorded kernels, ptxas 13.0 sm_90a):
//
//   - bulkst_t1_*: a CS2R SR_CLOCKLO between two stores. ptxas moves no
//     instruction across a clock read, so it computes each store's
//     addresses after the read before it, into the uniform registers the
//     store before it reads (UIADD3 UR8 / UR7 with wait mask M02 / M04:
//     a write-after-read wait on that store's read scoreboard, released
//     when the engine takes the store). The next store therefore waits
//     for the previous one's take and the ~17 cycles of its address
//     chain (UIADD3, IADD3, UIADD3, UIADD3.X, IMAD.X): 28 a store
//     (BulkStoreIntervalCycles between the takes, bulkstore.go);
//   - redu24_st_u{1,2,4} (gen24_redu.py: a loop of U stores of 256 B, no
//     clock read inside): ptxas computes the U addresses into distinct
//     uniform registers before the first store, the U UBLKCP.G.S issue
//     1-2 cycles apart with no wait, and the loop's BRA waits for the
//     read scoreboard of all of them. The GPU runs 38.7, 51.8 and 73.9
//     cycles an iteration: ~12 a store more, of which ~4 the address
//     arithmetic (stall counts) and the rest the engine's takes, about
//     one each 7-9 cycles a warp: the schedule's runs go on across such
//     stores (runStores below, schedrun.go) and their takes are
//     BulkStoreMinCycles apart (bulkstore.go; red28.md).
//
// Per PC of the entry function (Lowering.bulkSt), what clockStores found.
const (
	notPlainStore     uint8 = iota
	plainStoreAfter         // a plain bulk store with a clock read since the block's previous one
	plainStoreNoClock       // a plain bulk store without one (or the block's first)
)

// clockStores classifies, per PC, the plain bulk stores (not reductions:
// their ELECT loop and bulkinterval.go set theirs): plainStoreAfter for one
// that follows another plain bulk store of the same basic block with a
// %clock / %clock64 read between the two, plainStoreNoClock for the others
// (nil: the function has none).
func clockStores(f *ptx.Function, infos []*exec.InstInfo) []uint8 {
	var out []uint8
	leaders := blockLeaders(f)
	seen, clock := false, false // a plain store earlier in the block; a clock read after it
	for pc := range infos {
		if leaders[pc] {
			seen, clock = false, false
		}
		in := &f.Insts[pc]
		if clockRead(in) {
			clock = true
			continue
		}
		if !plainBulkStore(infos[pc]) {
			continue
		}
		if out == nil {
			out = make([]uint8, len(infos))
		}
		out[pc] = plainStoreNoClock
		if seen && clock {
			out[pc] = plainStoreAfter
		}
		seen, clock = true, false
	}
	return out
}

// plainBulkStore: cp.async.bulk.global.shared::cta (no tensor map, not a
// reduction), from the instruction alone (once per PC: clockStores).
func plainBulkStore(info *exec.InstInfo) bool {
	return info.Async == exec.AsyncBulkStore && info.Form != ptx.FormBulkReduce && !strings.Contains(info.Text, ".tensor")
}

// clockRead: a mov from %clock, %clock_hi or %clock64 (CS2R / S2UR
// SR_CLOCKLO in SASS).
func clockRead(in *ptx.Inst) bool {
	if in.Op != ptx.OpMov {
		return false
	}
	for i := range in.Ops {
		if o := &in.Ops[i]; o.Kind == ptx.OpdSpecial &&
			(o.Special == ptx.SpecClock || o.Special == ptx.SpecClock64 || o.Special == ptx.SpecClockHi) {
			return true
		}
	}
	return false
}

// bulkStoreKind is clockStores' class of info; outside the entry function
// (not classified) a plain bulk store counts as one without a clock read.
func (l *Lowering) bulkStoreKind(info *exec.InstInfo) uint8 {
	if l == nil {
		return notPlainStore
	}
	if info.Func != l.bulkFunc {
		if plainBulkStore(info) {
			return plainStoreNoClock
		}
		return notPlainStore
	}
	if int(info.PC) >= len(l.bulkSt) {
		return notPlainStore
	}
	return l.bulkSt[info.PC]
}

// clockStore: a plain bulk store after a clock read (clockStores).
func (l *Lowering) clockStore(info *exec.InstInfo) bool {
	return l.bulkStoreKind(info) == plainStoreAfter
}

// backToBackStore: a plain bulk store with uniform operands (no R2UR loop,
// bulkelect.go) and no clock read since the warp's previous one in its
// block: it does not wait for that one's take (bulkstore.go). Stores in
// an R2UR loop keep the wait (families tbulk *_el, tailst: their SASS
// was not read for this).
func (l *Lowering) backToBackStore(info *exec.InstInfo) bool {
	return l.bulkStoreKind(info) == plainStoreNoClock && !l.electStore(info)
}

// runStores marks, per PC, the plain bulk stores the issue schedule's runs
// of arithmetic go on across (schedrun.go): those with uniform operands
// (not in an R2UR loop, elect) and no clock read since the block's
// previous plain store (bulk, clockStores). ptxas computes the addresses
// of such stores ahead of the first of them, into distinct uniform
// registers (redu24_st_u2 / u4's SASS, bst25.md: the U address chains,
// ULOP3 / UIADD3.64 interleaved, 29 cycles of stall counts from the loop
// top to the first of four UBLKCP.G.S, which then issue 1-2 cycles apart);
// a clock read ends the run as before (bulkst_t1_*: the chain stays after
// it). nil: none.
func runStores(bulk []uint8, elect []bool) []bool {
	var out []bool
	for pc, k := range bulk {
		if k == plainStoreNoClock && (pc >= len(elect) || !elect[pc]) {
			if out == nil {
				out = make([]bool, len(bulk))
			}
			out[pc] = true
		}
	}
	return out
}

// loopClockStores marks the clock stores (plainStoreAfter) whose basic
// block is a whole loop body (loopBody: its first instruction is the
// target of the branch that ends it) and whose global address is computed
// in that block (a per-iteration address). ptxas schedules such a store's
// address arithmetic across the clock reads (redu24_st_u2_clk /
// st_u4_clk's SASS, validation/timing/redu34.md): what is left between
// the previous store's take and the store is a short chain (none in u2,
// whose two stores read distinct uniform registers; 9 cycles of stall
// counts in u4, whose UIADD3s reuse the register the previous store
// reads), not the 17-cycle rematerialized chain of a loop-invariant
// address that BulkStoreIntervalCycles stands for (bulkst_t1_*,
// bulk18_st1k_n4_s0: their addresses come from before the block). nil:
// none.
func loopClockStores(f *ptx.Function, infos []*exec.InstInfo, bulk []uint8) []bool {
	if bulk == nil {
		return nil
	}
	var out []bool
	leaders := blockLeaders(f)
	a := 0
	for pc, k := range bulk {
		if leaders[pc] {
			a = pc
		}
		if k != plainStoreAfter || !addrDefinedIn(f, infos, a, pc) {
			continue
		}
		b := pc + 1
		for b < len(f.Insts) && !leaders[b] {
			b++
		}
		if loopBody(f, a, b-1) {
			if out == nil {
				out = make([]bool, len(bulk))
			}
			out[pc] = true
		}
	}
	return out
}

// addrDefinedIn: the register of the first address operand of the
// instruction at pc is written by an instruction of [a, pc).
func addrDefinedIn(f *ptx.Function, infos []*exec.InstInfo, a, pc int) bool {
	r := int32(-1)
	for _, o := range f.Insts[pc].Ops {
		if o.Kind == ptx.OpdAddr {
			r = o.Reg
			break
		}
	}
	return r >= 0 && definedIn(infos, r, a, pc-1) // fdiv.go
}

// loopClockStore: a clock store of a one-block loop body with a
// per-iteration address (loopClockStores).
func (l *Lowering) loopClockStore(info *exec.InstInfo) bool {
	return l != nil && info.Func == l.bulkFunc && int(info.PC) < len(l.bulkLoopClk) && l.bulkLoopClk[info.PC]
}
