package sm

import "github.com/sm90sim/sm90sim/sim/engine"

// stmatrix issue interval (timing only). A warp's stmatrix reads its
// source registers for base + per-matrix cycles, and ptxas spaces a warp's
// consecutive STSM at least its stall count apart (stall 4 between every
// STSM.16.M88, .M88.2 and .M88.4 of the stsm_x*_1w loops, cuobjdump of
// ptxas 13.0 sm_90a). Only the warp's next stmatrix waits: the loop's
// UIADD3, ISETP and BRA issue in between (their SASS sits between the
// STSMs with stall 1-3). Microbench stsm_x1_1w / x2 / x4: 142.6 / 199.1 /
// 322.1 cycles a 32-store iteration on both GPUs: x1 at the stall count,
// x2 and x4 about 1.9 cycles a matrix more.
func (s *SM) stmatrixInterval(matrices int) engine.Cycle {
	c := s.cfg
	return engine.Cycle(max(c.StmatrixMinIntervalCycles, c.StmatrixBaseCycles+c.StmatrixCyclesPerMatrix*matrices))
}
