package exec

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Warnings keep one entry per (rule, line): the first occurrence and the
// total count; Merge adds a later unit's warnings (serial CTA order);
// List sorts by (line, rule).
func TestWarningsMergeAndOrder(t *testing.T) {
	var a, b Warnings
	a.add(Warning{Rule: "r2", Line: 9, CTA: [3]int{0, 0, 0}, Warp: 1, Message: "a9"})
	a.add(Warning{Rule: "r2", Line: 9, CTA: [3]int{0, 0, 0}, Warp: 2, Message: "a9 again"})
	b.add(Warning{Rule: "r2", Line: 9, CTA: [3]int{1, 0, 0}, Warp: 0, Message: "b9"})
	b.add(Warning{Rule: "r1", Line: 9, CTA: [3]int{1, 0, 0}, Warp: 3, Message: "b9 r1"})
	b.add(Warning{Rule: "r2", Line: 4, CTA: [3]int{1, 0, 0}, Warp: 0, Message: "b4", Count: 3})
	a.Merge(&b)
	got := a.List()
	assert.Equal(t, []Warning{
		{Rule: "r2", Line: 4, CTA: [3]int{1, 0, 0}, Warp: 0, Message: "b4", Count: 3},
		{Rule: "r1", Line: 9, CTA: [3]int{1, 0, 0}, Warp: 3, Message: "b9 r1", Count: 1},
		{Rule: "r2", Line: 9, CTA: [3]int{0, 0, 0}, Warp: 1, Message: "a9", Count: 3},
	}, got)
	taken := a.Take()
	assert.Equal(t, 0, a.Len())
	assert.Equal(t, 3, taken.Len())
	a.add(Warning{Rule: "r2", Line: 9})
	assert.Equal(t, int64(1), a.List()[0].Count, "Take leaves an empty collection")
}
