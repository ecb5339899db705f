package calibrate

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Family tbulk (H200, tools/microbench/gen21_tailbulk.py): one warp's
// straight-line plain bulk stores whose operands come from threadIdx.x
// (ptxas's R2UR loop) stamp 77 cycles apart whatever their size (the
// recordings: 639 from the first stamp to the one after the eighth, for
// 256 B, 512 B and 1 KiB), where uniform operands give 28 (224); the
// built-in profile reproduces both within 5% (bulk_store_r2ur_cycles;
// with the reduction's 34-cycle hold the R2UR stores were at -34%). And
// 8 warps of 512-byte reductions block on the SM's bulk-store queue (the
// last stamp after issue 1197 cycles; -59% when reductions did not queue).
// validation/timing/tailbulk21.md.
func TestTbulkR2URStoreAndReductionQueueRecorded(t *testing.T) {
	by := recordedH200(t)
	for _, name := range []string{"tbulk_t1_256b_n8_el", "tbulk_t1_512b_n8_el", "tbulk_t1_1k_n8_el"} {
		assert.InDelta(t, 639, by[name].Measured["issue_cycles"], 5, name)
		got, want := simulatedFigure(t, by, name, "issue_cycles")
		assert.InEpsilon(t, want, got, 0.05, name)
	}
	assert.InDelta(t, 224, by["tbulk_t1_512b_n8"].Measured["issue_cycles"], 5)
	got, want := simulatedFigure(t, by, "tbulk_t1_512b_n8", "issue_cycles")
	assert.InEpsilon(t, want, got, 0.05)
	got, want = simulatedFigure(t, by, "tbulk_w8_red512b_n8", "issue_cycles")
	assert.InEpsilon(t, want, got, 0.05)
	got, want = simulatedFigure(t, by, "tbulk_l8_256b_n16_el_half", "done_cycles")
	assert.InEpsilon(t, want, got, 0.05)
}
