package smem

import "fmt"

// OpCounters are the ncu-style totals for one OpKind.
type OpCounters struct {
	Instructions uint64 // smsp__sass_inst_executed_op_shared_* (warp instructions)
	Wavefronts   uint64 // l1tex__data_pipe_lsu_wavefronts_mem_shared_op_*
	Ideal        uint64 // sum of Cost.Ideal
	// Conflicts is the sum of per-instruction Cost.Conflicts (clamped at 0),
	// so it can exceed Wavefronts-Ideal when some instructions issued fewer
	// wavefronts than their ideal. Compare with
	// l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_*.
	Conflicts uint64
}

// add accumulates one instruction.
func (o *OpCounters) add(c Cost) {
	o.Instructions++
	o.Wavefronts += uint64(c.Wavefronts)
	o.Ideal += uint64(c.Ideal)
	o.Conflicts += uint64(c.Conflicts())
}

// merge adds another set of totals.
func (o *OpCounters) merge(x OpCounters) {
	o.Instructions += x.Instructions
	o.Wavefronts += x.Wavefronts
	o.Ideal += x.Ideal
	o.Conflicts += x.Conflicts
}

// Counters are the shared-memory totals of a run (or an SM, or a PTX line),
// split by op kind. The zero value is ready to use.
type Counters struct {
	ByOp [NumOps]OpCounters
}

// Add counts one instruction of the given kind with its cost. An unknown
// kind is a bug in the caller and panics.
func (c *Counters) Add(kind OpKind, cost Cost) {
	if !kind.Valid() {
		panic(fmt.Sprintf("smem: Counters.Add with unknown op kind %d", kind))
	}
	c.ByOp[kind].add(cost)
}

// Merge adds the totals of x (for example another SM's), deterministically.
func (c *Counters) Merge(x *Counters) {
	for i := range c.ByOp {
		c.ByOp[i].merge(x.ByOp[i])
	}
}

// Total sums the op kinds of the lsu pipe (all but the modelled OpTMA),
// like ncu's all-ops shared-memory counters.
func (c *Counters) Total() OpCounters {
	var t OpCounters
	for i := range c.ByOp {
		if OpKind(i) != OpTMA {
			t.merge(c.ByOp[i])
		}
	}
	return t
}
