package sm

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
)

// TestCarryHighHalf, hand-derived with the fitted carry 5 and the ALU's
// latency 5: add.s64 %rd3 issued at 100 is ready (its low half) at 106, as
// before (alu_latency + 1), its high half at 100 + 5 + 5 = 110; a global
// load reading %rd3 waits for 110, a 64-bit add or a store reading it does
// not (carryReady 0: their own wait is regReady's 106); a later write of
// %rd3 by anything else ends the high half's wait. ptxas 13.0's SASS: an
// IADD3.X 4-6 cycles after the IADD3 whose carry it reads, an LDG >= 5
// after the IADD3.X (validation/timing/gls21.md).
func TestCarryHighHalf(t *testing.T) {
	cfg := &Config{ALUCarryLatencyCycles: 5}
	cfg.Pipes[ptx.PipeALU].LatencyCycles = 5
	s := &SM{cfg: cfg}
	add := &exec.InstInfo{Op: ptx.OpAdd, Bits: 64, Slots: 2, Pipe: ptx.PipeALU, Defs: []int32{3}, Uses: []int32{1, 2}}
	ld := &exec.InstInfo{Op: ptx.OpLd, Pipe: ptx.PipeGlobal, Defs: []int32{4}, Uses: []int32{3}}
	cg := &exec.InstInfo{Op: ptx.OpLd, Pipe: ptx.PipeGlobal, BypassL1: true, Defs: []int32{4}, Uses: []int32{3}}
	st := &exec.InstInfo{Op: ptx.OpSt, Pipe: ptx.PipeGlobal, Uses: []int32{3, 4}}
	add2 := &exec.InstInfo{Op: ptx.OpAdd, Bits: 64, Slots: 2, Pipe: ptx.PipeALU, Defs: []int32{5}, Uses: []int32{3, 2}}
	add32 := &exec.InstInfo{Op: ptx.OpAdd, Bits: 32, Slots: 1, Pipe: ptx.PipeALU, Defs: []int32{3}, Uses: []int32{1}}

	ws := &warpState{}
	ws.setReg(3, 106, StallWait)
	s.carryIssued(ws, add, 100, 106)
	assert.Equal(t, 110, int(s.carryReady(ws, ld)))
	assert.Equal(t, 110, int(s.carryReady(ws, cg)))
	assert.Zero(t, s.carryReady(ws, st))
	assert.Zero(t, s.carryReady(ws, add2))

	// rewritten by a 32-bit add: no high half to wait for
	ws.setReg(3, 120, StallWait)
	assert.Zero(t, s.carryReady(ws, ld))

	// a 32-bit add records nothing; the carry 0 turns the rule off
	ws = &warpState{}
	s.carryIssued(ws, add32, 100, 105)
	assert.Zero(t, s.carryReady(ws, ld))
	s.cfg = &Config{}
	s.carryIssued(ws, add, 100, 106)
	assert.Zero(t, s.carryReady(ws, ld))
}
