package sm

import (
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// A 32-bit float division (div.approx / div.full / div.rn .f32) is ptxas's
// inline sequence around one MUFU.RCP (exec.FloatDivisionMix: cuobjdump of
// microbench fpalu_div*), not the integer division's I2F / F2I / IMAD.HI
// mix it was charged as before (session 23, fa23.md). It takes its Slots
// issue slots, the MUFU for the MUFU's interval, the ALU for its compares
// and selects, the FP32 pipe for its multiplies. Its result comes after
// the dependent path through the divisor: the compare's predicate (an FP32
// latency plus branch_predicate_cycles, the compare-to-use latency beyond
// the compare's pipe), the multiplies and the MUFU.RCP; div.rn adds its
// FCHK's branch (the branch pipe's latency). Nothing is fitted here: the
// constants are the profile's pipe latencies. Microbench fpalu_div*_lat
// (H200): approx 41.4, full 45.4, rn 57.9 cycles a division; this gives
// 38, 42 and 60.

// fdivPipes charges a float division's MUFU and ALU instructions to their
// pipes (the FP32 ones are warp.go's busy on the named pipe).
func (s *SM) fdivPipes(sp *subPart, m exec.FloatDivMix, now engine.Cycle) {
	c := s.cfg
	for _, u := range [...]struct {
		p ptx.Pipe
		n int32
	}{{ptx.PipeALU, m.ALU}, {ptx.PipeMUFU, m.MUFU}} {
		b := engine.Cycle(int(u.n) * c.Pipes[u.p].IntervalCycles)
		sp.pipeFree[u.p] = max(now, sp.pipeFree[u.p]) + b
		s.Stats.PipeBusy[u.p] += int64(b)
	}
}

// fdivLatency is a float division's result latency (see above).
func (s *SM) fdivLatency(m exec.FloatDivMix) engine.Cycle {
	c := s.cfg
	lat := int(m.MUFU)*c.Pipes[ptx.PipeMUFU].LatencyCycles + int(m.Chain)*c.Pipes[ptx.PipeFP32].LatencyCycles +
		c.BranchPredicateCycles
	if m.Check {
		lat += c.Pipes[ptx.PipeBranch].LatencyCycles
	}
	return engine.Cycle(lat)
}

// fdivMufuFree is when a float division's MUFU.RCP may issue (0 for other
// instructions): the division waits for the MUFU as for its own pipe.
func (s *SM) fdivMufuFree(sp *subPart, info *exec.InstInfo) engine.Cycle {
	if info.Op != ptx.OpDiv || info.Pipe != ptx.PipeFP32 {
		return 0
	}
	if _, ok := exec.FloatDivisionMix(info); !ok {
		return 0
	}
	return sp.pipeFree[ptx.PipeMUFU]
}
