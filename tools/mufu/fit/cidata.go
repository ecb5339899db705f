package main

import (
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/sm90sim/sm90sim/internal/mufuref"
)

// ptxForm maps dump.cu's operation names to PTX form names.
var ptxForm = map[string]string{
	"ex2.ftz": "ex2.approx.ftz.f32", "ex2": "ex2.approx.f32",
	"rcp.ftz": "rcp.approx.ftz.f32", "rcp": "rcp.approx.f32",
	"rsqrt.ftz": "rsqrt.approx.ftz.f32", "rsqrt": "rsqrt.approx.f32",
	"sqrt.ftz": "sqrt.approx.ftz.f32", "sqrt": "sqrt.approx.f32",
	"lg2.ftz": "lg2.approx.ftz.f32", "lg2": "lg2.approx.f32",
	"sin.ftz": "sin.approx.ftz.f32", "sin": "sin.approx.f32",
	"cos.ftz": "cos.approx.ftz.f32", "cos": "cos.approx.f32",
	"tanh":     "tanh.approx.f32",
	"div.full": "div.full.f32", "div.full.ftz": "div.full.ftz.f32",
	"div.approx": "div.approx.f32", "div.approx.ftz": "div.approx.ftz.f32",
	"ex2.f16": "ex2.approx.f16", "ex2.ftz.bf16": "ex2.approx.ftz.bf16",
	"tanh.f16": "tanh.approx.f16", "tanh.bf16": "tanh.approx.bf16",
}

// cidata writes the CI recording: the stratified samples of every f32 form
// (stratDir, device call 2), all 65536 inputs of the 16-bit forms, and
// neighbourhoods of the segment boundaries and special points taken from
// the binade dumps (binDir, device call 1).
func cidata(stratDir, binDir, out string) {
	var recs []mufuref.Record
	in := readU32(filepath.Join(stratDir, "strat_in.u32"))
	for i, v := range in {
		if v != mufuref.Strat(i) {
			panic(fmt.Sprintf("strat input %d: %08x, generator %08x", i, v, mufuref.Strat(i)))
		}
	}
	names := make([]string, 0, len(ptxForm))
	for k := range ptxForm {
		names = append(names, k)
	}
	// .ftz forms first: the other form is stored against its outputs
	sort.Slice(names, func(i, j int) bool {
		fi, fj := strings.Contains(names[i], "ftz"), strings.Contains(names[j], "ftz")
		if fi != fj {
			return fi
		}
		return names[i] < names[j]
	})
	for _, k := range names {
		f := filepath.Join(stratDir, "strat_"+k+".u32")
		if _, err := os.Stat(f); err != nil {
			continue
		}
		set := mufuref.SetStrat
		if strings.HasPrefix(k, "div") {
			set = mufuref.SetDivStrat
		}
		hw := readU32(f)
		if set == mufuref.SetDivStrat { // every other sample: 2^16 per form (tree budget)
			set = mufuref.SetDivStrat2
			for i := range hw[:len(hw)/2] {
				hw[i] = hw[2*i]
			}
			hw = hw[:len(hw)/2]
		}
		r := mufuref.Record{Form: ptxForm[k], Set: set, HW: hw}
		if _, err := os.Stat(filepath.Join(stratDir, "strat_"+k+".ftz.u32")); err == nil {
			r.Base = ptxForm[k+".ftz"]
		} else if k == "ex2" || k == "rcp" || k == "rsqrt" || k == "sqrt" || k == "lg2" || k == "sin" || k == "cos" {
			r.Base = ptxForm[k+".ftz"]
		}
		recs = append(recs, r)
	}
	for _, k := range names {
		f := filepath.Join(stratDir, "all_"+k+".u16")
		b, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		hw := make([]uint32, len(b)/2)
		for i := range hw {
			hw[i] = uint32(binary.LittleEndian.Uint16(b[2*i:]))
		}
		recs = append(recs, mufuref.Record{Form: ptxForm[k], Set: mufuref.SetAll16, HW: hw})
	}
	// neighbourhoods from the binade dumps (bare .ftz forms)
	for _, d := range []struct {
		file, op string
		segBits  int // log2 of the segment length in inputs
	}{
		{"bin_ex2.ftz_3f800000_800000.d32", "ex2.ftz", 17},
		{"bin_ex2.ftz_bf800000_800000.d32", "ex2.ftz", 17},
		{"bin_rcp.ftz_3f800000_800000.d32", "rcp.ftz", 16},
		{"bin_rsqrt.ftz_3f800000_1000000.d32", "rsqrt.ftz", 17},
		{"bin_sqrt.ftz_3f800000_1000000.d32", "sqrt.ftz", 17},
		{"bin_lg2.ftz_3f000000_1800000.d32", "lg2.ftz", 17},
		{"bin_sin.ftz_3f800000_1800000.d32", "sin.ftz", 17},
		{"bin_cos.ftz_3f800000_1800000.d32", "cos.ftz", 17},
		{"bin_tanh_3a800000_4000000.d32", "tanh", 17},
		{"bin_tanh_3e800000_2000000.d32", "tanh", 17},
		{"bin_tanh_40800000_1000000.d32", "tanh", 17},
	} {
		v := readD32(filepath.Join(binDir, d.file))
		var base uint32
		fmt.Sscanf(strings.Split(d.file, "_")[2], "%x", &base)
		r := mufuref.Record{Form: ptxForm[d.op], Set: mufuref.SetList}
		add := func(i int) {
			if i >= 0 && i < len(v) {
				r.A = append(r.A, base+uint32(i))
				r.HW = append(r.HW, v[i])
			}
		}
		nb := 2 // neighbours each side of a segment start
		nr := 1024
		if d.op == "tanh" {
			nb, nr = 1, 256
		}
		for s := 0; s < len(v); s += 1 << d.segBits {
			for j := -nb; j <= nb; j++ {
				add(s + j)
			}
		}
		for j := 0; j < nr; j++ {
			add(int(mufuref.Mix32(uint32(j)+uint32(len(v))) % uint32(len(v))))
		}
		sortList(&r)
		recs = append(recs, r)
	}
	// f64 forms: every 16th input of the binade sweep, every 64th random one
	// (rsqrt.approx.f64, whose low words do not compress: every 128th and 64th)
	for op, f := range []string{"rcp.ftz.f64", "rsqrt.ftz.f64", "rsqrt.f64"} {
		hi := readD32(filepath.Join(stratDir, "f64_"+f+".hi.d32"))
		var lo []uint32
		if op == 2 {
			lo = readU32(filepath.Join(stratDir, "f64_"+f+".lo.u32"))
		}
		nb := mufuref.F64Count(op) - 64*4096
		rh := mufuref.Record{Form: []string{"rcp.approx.ftz.f64", "rsqrt.approx.ftz.f64", "rsqrt.approx.f64"}[op], Set: mufuref.SetF64}
		rl := mufuref.Record{Form: "rsqrt.approx.f64.lo", Set: mufuref.SetF64}
		for i := range hi {
			if step := 16 + 112*(op/2); i < nb && i%step != 0 || i >= nb && i%64 != 0 {
				continue
			}
			rh.A, rh.HW = append(rh.A, uint32(i)), append(rh.HW, hi[i])
			if lo != nil {
				rl.A, rl.HW = append(rl.A, uint32(i)), append(rl.HW, lo[i])
			}
		}
		recs = append(recs, rh)
		if lo != nil {
			recs = append(recs, rl)
		}
	}
	// the one difference the full sweeps found (fixed in fp.MulF32)
	if b, err := os.ReadFile(filepath.Join(stratDir, "mis_101.bin")); err == nil {
		r := mufuref.Record{Form: "div.full.ftz.f32", Set: mufuref.SetList}
		for i := 0; i+12 <= len(b); i += 12 {
			a, d := mufuref.DivPair(binary.LittleEndian.Uint32(b[i:]))
			r.A, r.B, r.HW = append(r.A, a), append(r.B, d), append(r.HW, binary.LittleEndian.Uint32(b[i+4:]))
		}
		recs = append(recs, r)
	}
	fh, err := os.Create(out)
	if err != nil {
		panic(err)
	}
	if err := mufuref.Encode(fh, recs); err != nil {
		panic(err)
	}
	fh.Close()
	st, _ := os.Stat(out)
	n := 0
	for _, r := range recs {
		n += len(r.HW)
	}
	fmt.Printf("%s: %d records, %d samples, %d bytes\n", out, len(recs), n, st.Size())
}

func sortList(r *mufuref.Record) {
	idx := make([]int, len(r.A))
	for i := range idx {
		idx[i] = i
	}
	sort.Slice(idx, func(i, j int) bool { return r.A[idx[i]] < r.A[idx[j]] })
	a, h := make([]uint32, len(idx)), make([]uint32, len(idx))
	k := 0
	for n, i := range idx {
		if n > 0 && r.A[i] == a[k-1] {
			continue
		}
		a[k], h[k] = r.A[i], r.HW[i]
		k++
	}
	r.A, r.HW = a[:k], h[:k]
}
