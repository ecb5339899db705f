package sm

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/sm90sim/sm90sim/sim/engine"
)

// TestBulkAddr: in bulkClockPTX (bulkclock_test.go) the loop's
// `and; cvt.u64.u32; add.s64` forms its first store's address: the cvt is
// a UMOV of zero (bulkAddrWiden), the add one UIADD3.64 (bulkAddrAdd); so
// is the straight line's `add.s64 %rd3, %rd2, 1024` read by the store of
// its block. The loop's second store reads %rd3 from another block: its
// add is not marked there. Nothing else is (by hand from the rule).
func TestBulkAddr(t *testing.T) {
	prog, k, l := lowered(t, bulkClockPTX)
	var widen, add []int32
	for _, info := range k.Infos() {
		if l.bulkAddrWiden(info) {
			widen = append(widen, info.PC)
		}
		if l.bulkAddrAdd(info) {
			add = append(add, info.PC)
		}
	}
	// PCs in the body: 3 add.s64 %rd3, 12 and.b32, 13 cvt.u64.u32, 14 add.s64 %rd14
	assert.Equal(t, []int32{13}, widen)
	assert.Equal(t, []int32{3, 14}, add)
	insts := prog.Funcs[k.Infos()[0].Func].Insts
	assert.Equal(t, "cvt.u64.u32", strings.Fields(insts[13].Text)[0])
	assert.Equal(t, "add.s64", strings.Fields(insts[14].Text)[0])
	assert.Equal(t, "add.s64", strings.Fields(insts[3].Text)[0])
}

// storeSetupPTX: a stamped pair of stores whose second address overwrites
// the first's (%r2: a shared address left in place, its last use the add),
// a store after a spin whose address add follows the spin's exit, and a
// store whose add is the first offset from a shared address (folded into
// ptxas's ULEA).
const storeSetupPTX = `
.version 8.0
.target sm_90a
.address_size 64
.visible .entry k(.param .u64 pdst)
{
	.reg .pred %p<4>;
	.reg .b32 %r<16>;
	.reg .b64 %rd<24>;
	.shared .align 128 .b8 bbuf[8192];
	ld.param.u64 %rd1, [pdst];
	cvta.to.global.u64 %rd2, %rd1;
	add.s64 %rd3, %rd2, 1024;
	bra.uni B;
B:
	mov.u64 %rd10, %clock64;
	mov.u32 %r2, bbuf;
	cp.async.bulk.global.shared::cta.bulk_group [%rd2], [%r2], 1024;
	mov.u64 %rd11, %clock64;
	add.s32 %r3, %r2, 1024;
	cp.async.bulk.global.shared::cta.bulk_group [%rd3], [%r3], 1024;
	mov.u32 %r4, bbuf;
	cp.async.bulk.global.shared::cta.bulk_group [%rd2], [%r4], 1024;
L:
	mov.u64 %rd12, %clock64;
	sub.s64 %rd13, %rd12, %rd11;
	setp.lt.u64 %p1, %rd13, 100;
	@%p1 bra L;
	add.s32 %r5, %r4, 2048;
	cp.async.bulk.global.shared::cta.bulk_group [%rd3], [%r5], 1024;
	mov.u32 %r6, bbuf;
	add.s32 %r7, %r6, 4096;
	cp.async.bulk.global.shared::cta.bulk_group [%rd2], [%r7], 1024;
	cp.async.bulk.commit_group;
	cp.async.bulk.wait_group 0;
	ret;
}
`

// TestStoreAddrAdds (bulk31.md): the add after the spin (PC 16) forms the
// operand of its block's first store, so it is marked (storeAddrAdd); the
// add of the stamped pair (PC 8) feeds a clock store, which is instead
// marked in place (PC 9: %r2 is the first store's operand and the add its
// last reader); the last add (PC 19) is the first offset from bbuf's
// address (folded into the ULEA); the 64-bit add (PC 2) is another
// block's (in the same stretch as the pair, the pair's second store would
// be bulkaddr's).
// By hand from the rule.
func TestStoreAddrAdds(t *testing.T) {
	prog, k, l := lowered(t, storeSetupPTX)
	var adds, inPlace []int32
	for _, info := range k.Infos() {
		if l.storeAddrAdd(info) {
			adds = append(adds, info.PC)
		}
		if l.storeInPlace(info) {
			inPlace = append(inPlace, info.PC)
		}
	}
	insts := prog.Funcs[k.Infos()[0].Func].Insts
	for pc, op := range map[int]string{2: "add.s64", 8: "add.s32", 9: "cp.async.bulk.global.shared::cta.bulk_group",
		16: "add.s32", 19: "add.s32"} {
		assert.Equal(t, op, strings.Fields(insts[pc].Text)[0], pc)
	}
	assert.Equal(t, []int32{16}, adds)
	assert.Equal(t, []int32{9}, inPlace)
}

// TestBulkSpread: the expected slowest of n lines above one line's, by
// hand: spread x (n-1)/(n+1), rounded; nothing for one line or spread 0.
func TestBulkSpread(t *testing.T) {
	for _, c := range []struct{ spread, lines, want int }{
		{43, 1, 0}, {43, 0, 0}, {0, 8, 0}, {43, 8, 33}, {45, 2, 15}, {43, 128, 42}, {57, 8, 44},
	} {
		if got := bulkSpread(c.spread, c.lines); got != engine.Cycle(c.want) {
			t.Errorf("bulkSpread(%d, %d) = %d, want %d", c.spread, c.lines, got, c.want)
		}
	}
}

// TestSharedBaseStores (bulk33.md): in storeSetupPTX the first bbuf mov
// (PC 5, outside any loop: its S2UR stays in place) comes right after a
// clock read (PC 4) and is read first by a plain store (PC 6), so the
// store reads it bulk_store_base_cycles after the mov; the later movs of bbuf are not S2URs of their own (the window
// is live: sharedavail.go), and the last one's first reader is an add
// anyway. By hand from the rule.
func TestSharedBaseStores(t *testing.T) {
	prog, k, l := lowered(t, storeSetupPTX)
	fi := k.Infos()[0].Func
	insts := prog.Funcs[fi].Insts
	assert.Equal(t, "mov.u32", strings.Fields(insts[5].Text)[0])
	var got []int32
	for _, info := range k.Infos() {
		if l.sbStore[[2]int32{info.Func, info.PC}] {
			got = append(got, info.PC)
		}
	}
	assert.Equal(t, []int32{5}, got)
}

// rematPTX: four hoisted 64-bit adds of one base (PCs 3..6) read by the
// stamped stores of a loop and by stores and a copy after spins, as
// bulkst_w4_256b_n8's case blocks and bulk18_*_n4_s100 (tail34.md).
const rematPTX = `
.version 8.0
.target sm_90a
.address_size 64
.visible .entry k(.param .u64 pdst)
{
	.reg .pred %p<4>;
	.reg .b32 %r<16>;
	.reg .b64 %rd<24>;
	.shared .align 8 .b8 bar[8];
	.shared .align 128 .b8 bbuf[8192];
	ld.param.u64 %rd1, [pdst];
	cvta.to.global.u64 %rd2, %rd1;
	mov.u32 %r1, 0;
	add.s64 %rd3, %rd2, 256;
	add.s64 %rd4, %rd2, 512;
	add.s64 %rd5, %rd2, 768;
	add.s64 %rd6, %rd2, 1024;
	mov.u32 %r10, bar;
B:
	mov.u64 %rd10, %clock64;
	mov.u32 %r2, bbuf;
	cp.async.bulk.global.shared::cta.bulk_group [%rd4], [%r2], 256;
	mov.u64 %rd11, %clock64;
	add.s32 %r3, %r2, 256;
	cp.async.bulk.global.shared::cta.bulk_group [%rd5], [%r3], 256;
S1:
	mov.u64 %rd12, %clock64;
	sub.s64 %rd13, %rd12, %rd11;
	setp.lt.u64 %p1, %rd13, 100;
	@%p1 bra S1;
	add.s32 %r4, %r2, 512;
	cp.async.bulk.global.shared::cta.bulk_group [%rd6], [%r4], 256;
S2:
	mov.u64 %rd14, %clock64;
	sub.s64 %rd15, %rd14, %rd12;
	setp.lt.u64 %p2, %rd15, 100;
	@%p2 bra S2;
	add.s32 %r5, %r2, 768;
	cp.async.bulk.global.shared::cta.bulk_group [%rd3], [%r5], 256;
S3:
	mov.u64 %rd16, %clock64;
	sub.s64 %rd17, %rd16, %rd14;
	setp.lt.u64 %p3, %rd17, 100;
	@%p3 bra S3;
	add.s32 %r6, %r2, 1024;
	cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%r6], [%rd5], 16, [%r10];
	cp.async.bulk.commit_group;
	cp.async.bulk.wait_group 0;
	add.s32 %r1, %r1, 1;
	setp.lt.u32 %p1, %r1, 2;
	@%p1 bra B;
	ret;
}
`

// TestBulkRemats (tail34.md): %rd3 (PC 3) is the kept add (the first of
// base %rd2's hoisted adds). The stretch at B: its first store (%rd4, PC
// 10) follows bbuf's mov (the S2UR hides the pair), the second (%rd5, PC
// 13) is not the stretch's first. After the first spin the store of %rd6
// (PC 19) is marked; after the second the kept %rd3's store (PC 25) is
// not; after the third the copy from %rd5 (PC 31) is marked. By hand from
// the rule.
func TestBulkRemats(t *testing.T) {
	prog, k, l := lowered(t, rematPTX)
	insts := prog.Funcs[k.Infos()[0].Func].Insts
	for _, pc := range []int{10, 13, 19, 25} {
		assert.Equal(t, "cp.async.bulk.global.shared::cta.bulk_group", strings.Fields(insts[pc].Text)[0], pc)
	}
	assert.Equal(t, "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes", strings.Fields(insts[31].Text)[0])
	var got []int32
	for _, info := range k.Infos() {
		if l.bulkRemat(info) {
			got = append(got, info.PC)
		}
	}
	assert.Equal(t, []int32{19, 31}, got)
}
