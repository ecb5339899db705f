package sm

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
)

// TestStoreCombineHalves runs pairs of warp-stores through the L1's time
// (the fitted H200 values: a cycle a sector, a cycle a partly written
// line, store_combine_lines 5) against the H200's cycles a store SM-wide
// (gls24.md): u32 stores of 4 lines x 16 B whose next store writes the
// other halves, 4 warps (gls23_st32_r4g4m16_r512_w4: 16.28 / 4 = 4.07),
// pay no surcharge (4 a store, not 8); 8 lines x 16 B
// (gls24_st32_r8g4_r512_w8: 122.4 / 8 = 15.3) and 16-bit lanes on 4 lines
// (gls23_st16_r4g8_r512_w4: 31.75 / 4 = 7.9) pay it at once; a held line
// that the next store does not complete pays its surcharge on that store.
func TestStoreCombineHalves(t *testing.T) {
	s := &SM{cfg: &Config{L1SectorsPerCycle: 4, L1StoreCyclesPerSector: 1, L1StorePartialCycles: 1, StoreCombineLines: 5}}
	st := &exec.InstInfo{Op: ptx.OpSt}
	mk := func(n int, sectors uint8, bytes uint16, lanes, data int) *exec.Effect {
		e := storeEffect(n, sectors, bytes, lanes, data)
		e.Info = st
		return e
	}
	pair := func(ws *warpState, a, b *exec.Effect) float64 {
		da, _ := s.l1Cycles(ws, a)
		db, _ := s.l1Cycles(ws, b)
		return (da + db) / 2
	}

	ws := &warpState{}
	got := pair(ws, mk(4, 1, 16, 16, 64), mk(4, 1, 16, 16, 64))
	assert.InEpsilon(t, 16.28/4, got, 0.05, "u32 4 lines x 16 B, then the other halves")
	assert.Zero(t, ws.combN, "a completed line is not held again")

	ws = &warpState{}
	got = pair(ws, mk(8, 1, 16, 32, 128), mk(8, 1, 16, 32, 128))
	assert.InEpsilon(t, 122.4/8, got, 0.05, "u32 8 lines x 16 B: more lines than combine")

	ws = &warpState{}
	got = pair(ws, mk(4, 1, 16, 32, 64), mk(4, 1, 16, 32, 64))
	assert.InEpsilon(t, 31.75/4, got, 0.05, "u16 lanes (2 bytes a lane) on 4 lines x 16 B")

	// a held line the next store does not complete (another sector):
	// its surcharge goes on that store, which holds its own lines
	ws = &warpState{}
	d1, _ := s.l1Cycles(ws, mk(4, 1, 16, 16, 64))
	d2, _ := s.l1Cycles(ws, mk(4, 2, 16, 16, 64))
	assert.Equal(t, 4.0, d1)
	assert.Equal(t, 8.0, d2)
	assert.Equal(t, 4, ws.combN)

	// what the L2 sees: the completing store's lines went with the first
	// (whole sectors), a held line goes as whole sectors
	ws = &warpState{}
	a := mk(4, 1, 16, 16, 64)
	s.l1Cycles(ws, a)
	ma := s.combinedEffect(a)
	assert.Equal(t, 4, ma.NumLines)
	assert.Zero(t, ma.PartialStoreLines())
	b := mk(4, 1, 16, 16, 64)
	s.l1Cycles(ws, b)
	assert.Zero(t, s.combinedEffect(b).NumLines)

	// no combining at store_combine_lines 0: the surcharge at once
	s.cfg.StoreCombineLines = 0
	ws = &warpState{}
	got = pair(ws, mk(4, 1, 16, 16, 64), mk(4, 1, 16, 16, 64))
	assert.Equal(t, 8.0, got)
}
