package exec

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Compacting the read track keeps, for every chunk and every warp's
// pending list, the read it referred to (the reference: the track before
// compaction), drops the rest and keeps the lists' order.
func TestWgReadTrackCompact(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	tr := &wgReadTrack{nwg: 2, chunk: make([]int32, 64*2), pend: make([][]int32, 8)}
	for i := range 4000 {
		tr.reads = append(tr.reads, wgRead{name: "AB"[i%2 : i%2+1], line: i, wg: i % 2, group: [4]uint32{uint32(i)}})
		idx := int32(len(tr.reads))
		tr.chunk[rng.IntN(len(tr.chunk))] = idx
		if rng.IntN(50) == 0 {
			w := rng.IntN(8)
			tr.pend[w] = append(tr.pend[w], idx)
		}
	}
	before := append([]wgRead(nil), tr.reads...)
	chunkLines := make([]int, len(tr.chunk))
	for j, i := range tr.chunk {
		chunkLines[j] = -1
		if i != 0 {
			chunkLines[j] = before[i-1].line
		}
	}
	var pendLines [][]int
	for _, p := range tr.pend {
		var ls []int
		for _, i := range p {
			ls = append(ls, before[i-1].line)
		}
		pendLines = append(pendLines, ls)
	}
	tr.compact()
	require.Less(t, len(tr.reads), len(before)/2, "most reads were unreferenced")
	for j, i := range tr.chunk {
		if chunkLines[j] < 0 {
			assert.Zero(t, i)
			continue
		}
		assert.Equal(t, before[chunkLines[j]], tr.reads[i-1])
	}
	for w, p := range tr.pend {
		var ls []int
		for _, i := range p {
			ls = append(ls, tr.reads[i-1].line)
		}
		assert.Equal(t, pendLines[w], ls)
	}
	for k := 1; k < len(tr.reads); k++ {
		assert.Less(t, tr.reads[k-1].line, tr.reads[k].line, "order kept")
	}
}
