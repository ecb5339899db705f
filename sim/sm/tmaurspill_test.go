package sm

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/sm90sim/sm90sim/ptx/exec"
)

// TestTMAURSpills: the loads whose SASS (cuobjdump of tmah.cu, ptxas 13.0
// sm_90a; validation/timing/fetch19.md) moves their operands with R2UR:
// thread 0's 8 loads keep theirs in uniform registers (tmah_blk_n8: UMOVs
// only), its 32 do not (tmah_blk_n32: MOV x3, R2UR x3 in every ELECT loop);
// 32 elected loads back to back rotate theirs through uniform registers
// (tmah_blk_n32_elect), 32 with a %clock64 read after each move them right
// after the previous UTMALDG (tmah_stp_n32_elect).
func TestTMAURSpills(t *testing.T) {
	// each load's destination and row in its own register, computed
	// before the producer's branch (tmah.cu's, hoisted out of the rep loop)
	stamp := "\tmov.u64 %rd3, %clock64;\n"
	head := func(n int) string {
		var b strings.Builder
		b.WriteString(strings.Replace(electHead, ".reg .b32 %r<20>;", ".reg .b32 %r<200>;", 1))
		for i := 0; i < n; i++ {
			fmt.Fprintf(&b, "\tadd.s32 %%r%d, %%r6, %d;\n\tadd.s32 %%r%d, %%r1, %d;\n", 20+i, 1024*i, 100+i, 8*i)
		}
		return b.String()
	}
	loads := func(n int, between string) string {
		var b strings.Builder
		for i := 0; i < n; i++ {
			fmt.Fprintf(&b, "\tcp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%%r%d], [%%rd2, {%%r8, %%r%d}], [%%r7];\n%s", 20+i, 100+i, between)
		}
		return b.String()
	}
	inBlock := func(n int) string {
		var b strings.Builder
		for i := 0; i < n; i++ {
			fmt.Fprintf(&b, "\tadd.s32 %%r%d, %%r6, %d;\n\tadd.s32 %%r%d, %%r1, %d;\n", 20+i, 1024*i, 100+i, 8*i)
			fmt.Fprintf(&b, "\tcp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%%r%d], [%%rd2, {%%r8, %%r%d}], [%%r7];\n", 20+i, 100+i)
		}
		return b.String()
	}
	cases := []struct {
		shape string
		n     int
		stamp bool
		want  uint8
	}{
		{"tid0", 8, false, 0},
		{"tid0", 32, false, urSpill},
		{"tid0", 32, true, urSpill},
		{"cute", 8, true, 0},
		{"cute", 32, false, 0},
		{"cute", 32, true, urSerial},
		// the same 32 loads with operands computed right before each, in
		// the block (CuTe's producer: UIADD3/UMOV, no R2UR): no spill
		{"tid0", -32, false, 0},
	}
	for _, c := range cases {
		if c.n < 0 { // operands defined in the block
			body := strings.Replace(electShapes[c.shape], electLoads, "\n"+inBlock(-c.n), 1)
			_, k, l := lowered(t, head(0)+body)
			for _, info := range k.Infos() {
				if info.Async == exec.AsyncBulkLoad {
					assert.Equal(t, c.want, l.at(info).ur, "in-block operands")
				}
			}
			continue
		}
		between := ""
		if c.stamp {
			between = stamp
		}
		body := strings.Replace(electShapes[c.shape], electLoads, "\n"+loads(c.n, between), 1)
		_, k, l := lowered(t, head(c.n)+body)
		got := 0
		for _, info := range k.Infos() {
			if info.Async == exec.AsyncBulkLoad {
				got++
				assert.Equal(t, c.want, l.at(info).ur, fmt.Sprintf("%s n%d stamp %v", c.shape, c.n, c.stamp))
			}
		}
		assert.Equal(t, c.n, got)
	}
}
