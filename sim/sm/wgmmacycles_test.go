package sm

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// wgmma m64nNk16 f16 at 2048 FMAs a cycle, 128 operand bytes a cycle, 20
// cycles at least (the H200 profile's values). N = 32: 16 cycles of MMAs;
// B is 1 KiB and A 2 KiB, 24 cycles of operands whether A comes from
// shared memory (SS) or registers (RS): the recordings read 25.1 and 23.8
// cycles per wgmma (wgmma_f16_n32_ss / _rs). N = 128: 64 cycles of MMAs
// plus one, operands 6 KiB / 128 = 48.
func TestWgmmaCyclesOperands(t *testing.T) {
	s := &SM{cfg: &Config{}}
	s.cfg.Async.WgmmaFMAPerCycle, s.cfg.Async.WgmmaSmemBytesPerCycle, s.cfg.Async.WgmmaMinCycles = 2048, 128, 20
	for _, tc := range []struct {
		n    int32
		rs   bool
		occ  engine.Cycle
		work engine.Cycle
	}{
		{32, false, 24, 16}, {32, true, 24, 16}, {8, true, 20, 4}, {128, true, 65, 64},
	} {
		info := &exec.InstInfo{MMAN: tc.n, MMAK: 16, MMABits: 16, MMARS: tc.rs}
		occ, work := s.wgmmaCycles(info)
		assert.Equal(t, tc.occ, occ, "N=%d RS=%v", tc.n, tc.rs)
		assert.Equal(t, tc.work, work, "N=%d RS=%v", tc.n, tc.rs)
	}
}
