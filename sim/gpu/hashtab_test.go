package gpu

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/sim/engine"
)

// The table answers as a Go map does under random puts, updates through
// get and prunes (the reference is the map).
func TestHashTabMatchesMap(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var tab hashTab[int64]
	ref := map[uint64]int64{}
	for step := range 200000 {
		k := rng.Uint64N(5000) * 0x10001 // clustered keys
		switch op := rng.IntN(10); {
		case op < 5:
			v := int64(step)
			tab.put(k, v)
			ref[k] = v
		case op < 9:
			p := tab.get(k)
			want, ok := ref[k]
			require.Equal(t, ok, p != nil, "key %d", k)
			if ok {
				require.Equal(t, want, *p)
				*p++
				ref[k]++
			}
		default:
			if rng.IntN(100) == 0 {
				cut := int64(step - 20000)
				kept := tab.prune(func(v *int64) bool { return *v > cut }, func(n int) int { return 2 * n })
				for rk, rv := range ref {
					if rv <= cut {
						delete(ref, rk)
					}
				}
				require.Equal(t, len(ref), kept)
			}
		}
		require.Equal(t, len(ref), tab.len())
	}
	assert.LessOrEqual(t, 2*tab.len(), len(tab.keys), "at most half full")
}

// Pages never set read 0; set pages keep their byte across chunks.
func TestPageMasks(t *testing.T) {
	var p pageMasks
	assert.Equal(t, uint8(0), p.get(12345))
	*p.at(5, true) = 3
	*p.at(pageChunk*7+5, true) = 9
	assert.Equal(t, uint8(3), p.get(5))
	assert.Equal(t, uint8(9), p.get(pageChunk*7+5))
	assert.Equal(t, uint8(0), p.get(pageChunk*7+6))
	assert.Equal(t, uint8(0), p.get(pageChunk*9))
}

// The merge of sorted views gives the order a full sort of all requests
// gives.
func TestMergeReqsIsTheSortedOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	g := &l2{}
	var views []*l2View
	var all []l2Req
	seq := map[int32]uint32{}
	for vi := range 5 {
		v := &l2View{}
		for range rng.IntN(300) {
			sm := int32(vi*4 + rng.IntN(4))
			seq[sm]++
			v.reqs = append(v.reqs, l2Req{sm: sm, seq: seq[sm], line: rng.Uint64()})
		}
		// cycles rise along a view's requests, with ties
		at := 0
		for i := range v.reqs {
			at += rng.IntN(3)
			v.reqs[i].at = engine.Cycle(at)
		}
		rng.Shuffle(len(v.reqs), func(i, j int) { v.reqs[i], v.reqs[j] = v.reqs[j], v.reqs[i] })
		all = append(all, v.reqs...)
		views = append(views, v)
	}
	g.mergeReqs(views)
	want := append([]l2Req(nil), all...)
	slices.SortFunc(want, func(a, b l2Req) int {
		return cmp.Or(cmp.Compare(a.at, b.at), cmp.Compare(a.sm, b.sm), cmp.Compare(a.seq, b.seq))
	})
	assert.Equal(t, want, g.reqs)
}
