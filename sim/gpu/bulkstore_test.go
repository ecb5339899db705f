package gpu_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// bulkStorePTX: one thread issues n plain bulk stores
// (cp.async.bulk.global.shared::cta.bulk_group, SASS UBLKCP.G.S) of size
// bytes back to back, a %clock64 stamp before each and after the last,
// then commit_group and wait_group 0 and a stamp (family bulkst's
// bulkst_t1_* kernels, tools/microbench/gen22_bulkst.py, without the rep
// loop). clk[k] = the stamp before store k, clk[n] after the last, clk[n+1]
// after the wait.
func bulkStorePTX(name string, n, size int) string {
	var b strings.Builder
	fmt.Fprintf(&b, `
.version 8.0
.target sm_90a
.address_size 64
.shared .align 1024 .b8 buf[32768];
.visible .entry %s(.param .u64 dst, .param .u64 clk)
{
	.reg .b32 %%r<40>;
	.reg .b64 %%rd<120>;
	ld.param.u64 %%rd1, [dst];
	ld.param.u64 %%rd2, [clk];
	mov.u32 %%r1, buf;
`, name)
	for k := 0; k < n; k++ {
		fmt.Fprintf(&b, "\tadd.s64 %%rd%d, %%rd1, %d;\n\tadd.u32 %%r%d, %%r1, %d;\n", 10+k, k*size, 10+k, (k*size)%32768)
	}
	for k := 0; k < n; k++ {
		fmt.Fprintf(&b, "\tmov.u64 %%rd%d, %%clock64;\n", 40+k)
		fmt.Fprintf(&b, "\tcp.async.bulk.global.shared::cta.bulk_group [%%rd%d], [%%r%d], %d;\n", 10+k, 10+k, size)
	}
	fmt.Fprintf(&b, "\tmov.u64 %%rd%d, %%clock64;\n", 40+n)
	b.WriteString("\tcp.async.bulk.commit_group;\n\tcp.async.bulk.wait_group 0;\n")
	fmt.Fprintf(&b, "\tmov.u64 %%rd%d, %%clock64;\n", 40+n+1)
	for k := 0; k <= n+1; k++ {
		fmt.Fprintf(&b, "\tadd.s64 %%rd%d, %%rd2, %d;\n\tst.global.u64 [%%rd%d], %%rd%d;\n", 80+k%30, 8*k, 80+k%30, 40+k)
	}
	b.WriteString("\tret;\n}\n")
	return b.String()
}

// One thread's plain bulk stores on the H200 (family bulkst,
// validation/timing/bulkst20.md, rep 1, median of 5 runs): after the
// first two, one is issued each 28 cycles (1 KiB: stamps 84, 112, ...,
// 196 before stores 3..7), the warp waiting at each store for the engine's
// take of the one before (sim/sm/bulkstore.go); 4 KiB stores keep that pace
// until the engine's queue is full (stamps before stores 8, 9, 10: 226,
// 253, 337: store 9 waits 84) and then go one per 128 cycles, the engine's
// read of 4 KiB (stamps before stores 11..15: 459, 593, 721, 849, 977).
func TestBulkStorePaceMatchesTheH200(t *testing.T) {
	c := u64s(timedOne(t, "bulkst1k", bulkStorePTX("bulkst1k", 8, 1024), 1, 1<<16, 8*10)[1])
	step := float64(c[7]-c[3]) / 4
	t.Logf("1 KiB x 8: stamps %v; steady step %.1f (GPU 28)", c, step)
	assert.InEpsilon(t, 28, step, 0.10, "1 KiB stores, cycles a store")

	c = u64s(timedOne(t, "bulkst4k", bulkStorePTX("bulkst4k", 16, 4096), 1, 1<<16, 8*18)[1])
	for k := len(c) - 1; k >= 0; k-- {
		c[k] -= c[0]
	}
	early := float64(c[8]-c[4]) / 4
	late := float64(c[15]-c[11]) / 4
	t.Logf("4 KiB x 16: stamps %v; step before the queue fills %.1f (GPU 28.5), after %.1f (GPU 129.5)", c, early, late)
	assert.InEpsilon(t, 28.5, early, 0.10, "4 KiB stores before the engine's queue fills, cycles a store")
	assert.InEpsilon(t, 129.5, late, 0.10, "4 KiB stores once the engine's queue is full, cycles a store")
	assert.InEpsilon(t, 2136, float64(c[17]), 0.10, "4 KiB x 16: the first stamp to wait_group 0's return (GPU 2136)")
}
