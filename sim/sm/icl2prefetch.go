package sm

import "github.com/sm90sim/sm90sim/sim/engine"

// l2Prefetch: a code line fetched from device memory (no SM has asked for
// it since the launch's cache flush) brings the n lines after it into the
// L2 at the same cycle t, a sequential prefetch on the memory side
// (microbench icgap_*, tools/microbench/gen13_icache.py, H100: one warp's
// 8 landings, each after a forward jump over a pad never run, cost 60-70
// cycles each beyond the warm pass for pads up to 16 lines, what the
// landings cost when another SM has already brought the code into the L2,
// and 330 each for 64-line pads, a miss to device memory each). Lines
// already in the L2 (or on their way) keep their time.
func (c *Code) l2Prefetch(line uint64, t engine.Cycle, n int) {
	for k := uint64(1); k <= uint64(max(n, 0)); k++ {
		if _, ok := c.inL2[line+k]; !ok {
			c.inL2[line+k] = t
		}
	}
}
