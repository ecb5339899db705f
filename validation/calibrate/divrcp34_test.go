package calibrate

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// tlbc's lap D (line 0 of every page again, an L1 hit, then the loop's
// division side): the GPU takes 234 cycles a load on every build with
// ld.global (both GPUs); the division there computes its divisor's
// reciprocal on each pass (sim/sm/fdiv.go divOwnRcp), which the model had
// hoisted (168 cycles, -28%). validation/timing/sfl34.md.
func TestTLBCLapDReciprocal(t *testing.T) {
	by := recordedH200(t)
	for _, name := range []string{"tlbc_p16_s2m", "tlbc_p16_s64k"} {
		got, want := simulatedFigure(t, by, name, "lap_d_p50")
		assert.InEpsilon(t, want, got, 0.05, "%s lap_d_p50: GPU %.0f, model %.0f", name, want, got)
	}
}
