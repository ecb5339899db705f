package sm

import (
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
)

// A vector store's data is an aligned register pair or quad in SASS
// (STG.E.64 R16, STG.E.128 R20: R20..R23). A PTX register that is an
// element of two different vectors can sit in place for only one of them;
// ptxas copies it into the other (MOV / IMAD.MOV.U32 before the STG).
// gls.cu's stores write {v+k, v+k+1} and {v+k, .., v+k+3} for k = 0..15,
// so every value after the first store is an element of two (four)
// vectors: tools/microbench/gls_sass_stg.txt has 16 MOVs in gls_st64's
// loop of 16 STG.E.64 (15 by this rule) and 46 in gls_st128's of 16
// STG.E.128 (45), none in gls2.cu's loops (the same fixed vector {a, b}
// in every store) or gls_st32's. The copies issue with the store (extra
// issue slots); their pipe and latency are not modelled (ptxas puts them
// ahead of the STG, within the store's read-out hold: lsuwarp.go).

// vecStoreMovs counts the copies each plain global vector store needs, by
// PC, visiting the function in PC order: an element register first seen
// at (vector, position) owns that place; the same register at another
// vector's element or another position of the same vector costs a copy.
// Immediates and non-register elements cost nothing here.
func vecStoreMovs(f *ptx.Function, infos []*exec.InstInfo) []uint8 {
	type place struct {
		vec [4]int32
		pos int
	}
	var out []uint8
	owner := map[int32]place{}
	for pc := range f.Insts {
		in := &f.Insts[pc]
		inf := infos[pc]
		if inf == nil || !runStore(inf, in) || len(in.Ops) < 2 || in.Ops[1].Kind != ptx.OpdVec {
			continue
		}
		el := in.Ops[1].Elems
		if len(el) < 2 || len(el) > 4 {
			continue
		}
		var key [4]int32
		for i := range key {
			key[i] = -1
		}
		for i := range el {
			if el[i].Kind == ptx.OpdReg {
				key[i] = el[i].Reg
			}
		}
		n := 0
		for i := range el {
			r := key[i]
			if r < 0 {
				continue
			}
			p, ok := owner[r]
			switch {
			case !ok:
				owner[r] = place{key, i}
			case p.vec != key || p.pos != i:
				n++
			}
		}
		if n > 0 {
			if out == nil {
				out = make([]uint8, len(f.Insts))
			}
			out[pc] = uint8(n)
		}
	}
	return out
}
