package calibrate

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Family t6st (H200, tools/microbench/gen6_tma.py): one kernel whose loop
// picks a tensor reduction, a bulk store or a tensor store at run time,
// 1, 2 or 4 operations an iteration. ptxas lays each operation out as
// `UBLKCP; BRA J; UTMASTG; BRA J; ELECT UTMAREDG` falling into J
// (sim/sm/armlayout.go; cuobjdump in validation/timing/tailbulk21_sass2.txt.gz)
// and reads SR_CgaCtaId once an iteration (sharedavail.go). The GPU's
// cycles per operation (recorded): store 121.9 / 98.94 / 87, bulk 117.9 /
// 82.75 at p1 / p4. With both and bulk_branch_cycles refit (29), the
// built-in profile has the stores at p2 and p4 and the bulk stores within
// 5% (at session 22's start: store_p2 -12.6%, bulk_p4 +19.4%), store_p1
// within 10% (+8.8%), and the reductions within 10% (were +15.9 / +26.5 /
// +42.6%). validation/timing/bulk22.md.
func TestT6stArmLayoutRecorded(t *testing.T) {
	by := recordedH200(t)
	for _, c := range []struct {
		bench string
		gpu   float64
		tol   float64
	}{
		{"t6st_store_p2", 98.94, 0.05}, {"t6st_store_p4", 87, 0.05},
		{"t6st_bulk_p1", 117.9, 0.05}, {"t6st_bulk_p4", 82.75, 0.05},
		{"t6st_store_p1", 121.9, 0.10},
		{"t6st_add_p1", 111.9, 0.10}, {"t6st_add_p2", 87.94, 0.10}, {"t6st_add_p4", 77, 0.10},
	} {
		assert.InDelta(t, c.gpu, by[c.bench].Measured["cycles_per_op"], 0.5, c.bench)
		got, want := simulatedFigure(t, by, c.bench, "cycles_per_op")
		assert.InEpsilon(t, want, got, c.tol, c.bench)
	}
}
