package smem

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestOpKindString(t *testing.T) {
	names := map[OpKind]string{OpLd: "ld", OpSt: "st", OpLdsm: "ldsm", OpStsm: "stsm", OpAtom: "atom", OpLdgsts: "ldgsts", OpAsync: "async", OpGmma: "gmma", OpTMA: "tma", OpKind(10): "op(10)"}
	for k, want := range names {
		assert.Equal(t, want, k.String())
		if k.Valid() {
			got, ok := ParseOpKind(want)
			assert.True(t, ok)
			assert.Equal(t, k, got)
		}
	}
	assert.Equal(t, 9, NumOps)
	_, ok := ParseOpKind("lds")
	assert.False(t, ok)
	assert.True(t, OpLdsm.IsMatrix())
	assert.True(t, OpStsm.IsMatrix())
	assert.False(t, OpLd.IsMatrix())
}

func TestCounters(t *testing.T) {
	var c Counters
	c.Add(OpLd, Cost{Wavefronts: 32, Ideal: 1, MaxWay: 32})
	c.Add(OpLd, Cost{Wavefronts: 1, Ideal: 1, MaxWay: 1})
	c.Add(OpLd, Cost{Wavefronts: 1, Ideal: 2, MaxWay: 1}) // half-active 64-bit: clamped
	c.Add(OpLdsm, Cost{Wavefronts: 32, Ideal: 4, MaxWay: 8})
	assert.Equal(t, OpCounters{Instructions: 3, Wavefronts: 34, Ideal: 4, Conflicts: 31}, c.ByOp[OpLd])
	assert.Equal(t, OpCounters{Instructions: 1, Wavefronts: 32, Ideal: 4, Conflicts: 28}, c.ByOp[OpLdsm])
	assert.Equal(t, OpCounters{}, c.ByOp[OpSt])
	assert.Equal(t, OpCounters{Instructions: 4, Wavefronts: 66, Ideal: 8, Conflicts: 59}, c.Total())

	var d Counters
	d.Add(OpSt, Cost{Wavefronts: 2, Ideal: 1, MaxWay: 2})
	d.Merge(&c)
	assert.Equal(t, OpCounters{Instructions: 1, Wavefronts: 2, Ideal: 1, Conflicts: 1}, d.ByOp[OpSt])
	assert.Equal(t, c.ByOp[OpLd], d.ByOp[OpLd])
	assert.Equal(t, uint64(5), d.Total().Instructions)

	assert.Panics(t, func() { c.Add(OpKind(NumOps), Cost{}) })
}

func TestCostConflicts(t *testing.T) {
	assert.Equal(t, 31, Cost{Wavefronts: 32, Ideal: 1}.Conflicts())
	assert.Equal(t, 0, Cost{Wavefronts: 1, Ideal: 2}.Conflicts())
	assert.Equal(t, 0, Cost{}.Conflicts())
}

// The modelled TMA writes stay out of the lsu totals ncu reports.
func TestTotalLeavesOutTMA(t *testing.T) {
	var c Counters
	c.Add(OpLd, Cost{Wavefronts: 2, Ideal: 1, MaxWay: 2})
	c.Add(OpTMA, Cost{Wavefronts: 64, Ideal: 64, MaxWay: 1})
	tot := c.Total()
	assert.Equal(t, uint64(1), tot.Instructions)
	assert.Equal(t, uint64(2), tot.Wavefronts)
	assert.Equal(t, uint64(64), c.ByOp[OpTMA].Wavefronts)
}
