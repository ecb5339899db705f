package exec

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/sm90sim/sm90sim/wgmma"
)

// refAccumulators is the element-by-element definition of
// wgAccumulators (through wgmma.AccPos).
func refAccumulators(wi *wgInst, frames *[4]*Frame, buf []uint32, store bool) {
	n := wi.mma.N
	half := wi.mma.D == wgmma.F16
	for t := 0; t < 128; t++ {
		fr, l := frames[t/32], t%32
		for i := 0; i < wgmma.AccElems(n); i++ {
			row, col := wgmma.AccPos(t, i)
			reg, sh := i, uint(0)
			if half {
				reg, sh = i/2, uint(16*(i%2))
			}
			o := wi.d[reg]
			p := &fr.regs[int(o.reg)*32+l]
			if !store {
				v := uint32(*p >> sh)
				if half {
					v &= 0xffff
				}
				buf[row*n+col] = v
				continue
			}
			if half {
				*p = (*p &^ (0xffff << sh)) | uint64(buf[row*n+col]&0xffff)<<sh
			} else {
				*p = uint64(buf[row*n+col])
			}
			*p &= fr.fn.regMask[o.reg]
		}
	}
}

// TestWgAccumulatorsMatchAccPos checks the register-at-a-time accumulator
// moves against AccPos for f32 and f16 accumulators and several N: with
// some 64-bit D registers (the Go loops) and with 32-bit ones only (the
// vector code of wgmma.AccMove where there is one).
func TestWgAccumulatorsMatchAccPos(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, d := range []wgmma.Type{wgmma.F32, wgmma.F16} {
		for _, n := range []int{8, 16, 24, 128, 256} {
			for _, narrow := range []bool{false, true} {
				testWgAccumulators(t, rng, d, n, narrow)
			}
		}
	}
}

func testWgAccumulators(t *testing.T, rng *rand.Rand, d wgmma.Type, n int, narrow bool) {
	wi := &wgInst{}
	wi.mma.Form = wgmma.Form{D: d, A: wgmma.F16, B: wgmma.F16, N: n}
	nd := wi.mma.DRegs()
	nregs := nd + 7
	fn := &xfunc{regMask: make([]uint64, nregs)}
	perm := rng.Perm(nregs)
	for i := 0; i < nd; i++ {
		wi.d = append(wi.d, &xop{kind: oReg, reg: int32(perm[i])})
	}
	for r := range fn.regMask {
		fn.regMask[r] = 0xffffffff
		if r%3 == 0 && !narrow {
			fn.regMask[r] = ^uint64(0)
		}
	}
	wi.planAcc(fn)
	if narrow {
		assert.NotNil(t, wi.acc)
	}
	mk := func() (*[4]*Frame, *[4]*Frame) {
		var a, b [4]*Frame
		for q := range a {
			a[q] = &Frame{fn: fn, regs: make([]uint64, nregs*32)}
			b[q] = &Frame{fn: fn, regs: make([]uint64, nregs*32)}
			for i := range a[q].regs {
				v := rng.Uint64()
				a[q].regs[i], b[q].regs[i] = v, v
			}
		}
		return &a, &b
	}
	got, want := make([]uint32, 64*n), make([]uint32, 64*n)
	fa, fb := mk()
	wgAccumulators(wi, fa, got, false)
	refAccumulators(wi, fb, want, false)
	assert.Equal(t, want, got, "load %s n%d", d, n)
	for i := range got {
		got[i] = rng.Uint32()
	}
	copy(want, got)
	wgAccumulators(wi, fa, got, true)
	refAccumulators(wi, fb, want, true)
	for q := range fa {
		assert.Equal(t, fb[q].regs, fa[q].regs, "store %s n%d warp %d", d, n, q)
	}
}

// BenchmarkWgAccumulators moves a 64x128 accumulator tile in and out of
// the four warps' registers (one wgmma's load and store), f32 and f16.
func BenchmarkWgAccumulators(b *testing.B) {
	for _, d := range []wgmma.Type{wgmma.F32, wgmma.F16} {
		b.Run(d.String(), func(b *testing.B) {
			wi := &wgInst{}
			wi.mma.Form = wgmma.Form{D: d, A: wgmma.F16, B: wgmma.F16, N: 128}
			nd := wi.mma.DRegs()
			fn := &xfunc{regMask: make([]uint64, nd)}
			for i := 0; i < nd; i++ {
				wi.d = append(wi.d, &xop{kind: oReg, reg: int32(i)})
				fn.regMask[i] = 0xffffffff
			}
			wi.planAcc(fn)
			var fr [4]*Frame
			for q := range fr {
				fr[q] = &Frame{fn: fn, regs: make([]uint64, nd*32)}
			}
			buf := make([]uint32, 64*128)
			for i := 0; i < b.N; i++ {
				wgAccumulators(wi, &fr, buf, false)
				wgAccumulators(wi, &fr, buf, true)
			}
		})
	}
}
