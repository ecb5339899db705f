// Command fit finds the table-interpolator structure of the MUFU units from
// the dumps of tools/mufu/dump.cu (issue 16) and writes the coefficient tables.
//
//	go run ./tools/mufu/fit seg DIR FILE SHIFT K...   minimax error per segment count
package main

import (
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"

	"github.com/sm90sim/sm90sim/fp"
)

var sqAdd, _ = strconv.ParseFloat(os.Getenv("SQADD"), 64)

func main() {
	switch os.Args[1] {
	case "check": // FILE FUNC BASE(hex): the fp model against a range dump
		v := readD32(os.Args[2])
		base, _ := strconv.ParseUint(os.Args[4], 16, 32)
		fn := map[string]func(uint32) uint32{"rcp": fp.MufuRcp, "ex2": fp.MufuEx2, "sqrt": fp.MufuSqrt, "rsq": fp.MufuRsq,
			"lg2": fp.MufuLg2, "tanh": fp.MufuTanh,
			"sin": func(a uint32) uint32 { return fp.SinApproxF32(a, true) }, "cos": func(a uint32) uint32 { return fp.CosApproxF32(a, true) }}[os.Args[3]]
		bad := 0
		for i, want := range v {
			a := uint32(base) + uint32(i)
			if got := fn(a); got != want {
				if bad < 5 {
					fmt.Printf("  %08x: got %08x want %08x\n", a, got, want)
				}
				bad++
			}
		}
		fmt.Printf("%s %s: %d of %d differ\n", os.Args[2], os.Args[3], bad, len(v))
	case "ivfit": // FILE PART(i/n) U rn|rz K T: interval fit of positive outputs
		v := readD32(os.Args[2])
		var pi, pn int
		fmt.Sscanf(os.Args[3], "%d/%d", &pi, &pn)
		v = v[pi*len(v)/pn : (pi+1)*len(v)/pn]
		u, _ := strconv.Atoi(os.Args[4])
		k, _ := strconv.Atoi(os.Args[6])
		t, _ := strconv.Atoi(os.Args[7])
		lo, hi := make([]int64, len(v)), make([]int64, len(v))
		for i, b := range v {
			lo[i], hi[i] = ivRound(b, u, os.Args[5] == "rz")
		}
		if os.Getenv("SKIP0") == "1" {
			lo[0], hi[0] = 0, lo[1]
		}
		segs, miss := fitIv(lo, hi, k, t)
		report(os.Args[2], segs, miss, len(v))
	case "peek": // FILE BASE(hex) FROM COUNT STEP SCALE: hardware vs exact log2
		v := readD32(os.Args[2])
		base, _ := strconv.ParseUint(os.Args[3], 16, 32)
		from, _ := strconv.Atoi(os.Args[4])
		cnt, _ := strconv.Atoi(os.Args[5])
		step, _ := strconv.Atoi(os.Args[6])
		sc, _ := strconv.Atoi(os.Args[7])
		for i := from; i < from+cnt*step; i += step {
			x := math.Float32frombits(uint32(base) + uint32(i))
			hw := float64(math.Float32frombits(v[i]))
			ex := math.Log2(float64(x))
			fmt.Printf("%8d x=%.9g hw·2^%d=%.3f exact=%.3f diff=%.3f\n", i, x, sc, math.Ldexp(hw, sc), math.Ldexp(ex, sc), math.Ldexp(hw-ex, sc))
		}
	case "sinfit": // DIR U rn|rz MIRROR K T
		u, _ := strconv.Atoi(os.Args[3])
		mi, _ := strconv.Atoi(os.Args[5])
		k, _ := strconv.Atoi(os.Args[6])
		t, _ := strconv.Atoi(os.Args[7])
		sinFit(os.Args[2], u, os.Args[4] == "rz", mi, k, t)
	case "runs": // FILE
		runs(readD32(os.Args[2]))
	case "tanhfit": // FILE BLOCK DROP U rn|rz K T
		b, _ := strconv.Atoi(os.Args[3])
		drop, _ := strconv.Atoi(os.Args[4])
		u, _ := strconv.Atoi(os.Args[5])
		k, _ := strconv.Atoi(os.Args[7])
		t, _ := strconv.Atoi(os.Args[8])
		tanhFit(readD32(os.Args[2]), b, drop, u, os.Args[6] == "rz", k, t)
	case "tanherr": // FILE BASE FROM CNT STEP
		base, _ := strconv.ParseUint(os.Args[3], 16, 32)
		a, _ := strconv.Atoi(os.Args[4])
		c, _ := strconv.Atoi(os.Args[5])
		st, _ := strconv.Atoi(os.Args[6])
		tanhErr(readD32(os.Args[2]), uint32(base), a, c, st)
	case "tanhnoise": // FILE BLOCK DROP K SEG
		a := make([]int, 4)
		for i := range a {
			a[i], _ = strconv.Atoi(os.Args[3+i])
		}
		tanhNoise(readD32(os.Args[2]), a[0], a[1], a[2], a[3])
	case "tanhseq": // FILE FROM CNT STEP
		a := make([]int, 3)
		for i := range a {
			a[i], _ = strconv.Atoi(os.Args[3+i])
		}
		tanhSeq(readD32(os.Args[2]), a[0], a[1], a[2])
	case "f64try": // FILE OP
		op, _ := strconv.Atoi(os.Args[3])
		f64Try(os.Args[2], op)
	case "f64full": // DIR
		f64Full(os.Args[2])
	case "tanhident": // FILE BASE
		base, _ := strconv.ParseUint(os.Args[3], 16, 32)
		tanhIdent(readD32(os.Args[2]), uint32(base))
	case "tanhcomp": // FILE BASE FROM N
		base, _ := strconv.ParseUint(os.Args[3], 16, 32)
		a, _ := strconv.Atoi(os.Args[4])
		n, _ := strconv.Atoi(os.Args[5])
		tanhComposites(readD32(os.Args[2]), uint32(base), a, n)
	case "tanhlsq": // FILE BLOCK DROP K SEG NBITS DEG
		a := make([]int, 6)
		for i := range a {
			a[i], _ = strconv.Atoi(os.Args[3+i])
		}
		lsqPrint = os.Getenv("LSQPRINT") == "1"
		tanhLsq(readD32(os.Args[2]), a[0], a[1], a[2], a[3], a[4], a[5])
	case "tanhmp": // FILE BASE BLOCK QB TB U
		base, _ := strconv.ParseUint(os.Args[3], 16, 32)
		a := make([]int, 4)
		for i := range a {
			a[i], _ = strconv.Atoi(os.Args[4+i])
		}
		tanhMP(readD32(os.Args[2]), uint32(base), a[0], a[1], a[2], a[3])
	case "tanht0": // FILE BLOCK QB TB K U
		a := make([]int, 5)
		for i := range a {
			a[i], _ = strconv.Atoi(os.Args[3+i])
		}
		tanhT0(readD32(os.Args[2]), a[0], a[1], a[2], a[3], a[4])
	case "quantum": // FILE
		quantum(readD32(os.Args[2]), 0)
	case "cidata": // STRATDIR BINDIR OUT.gz
		cidata(os.Args[2], os.Args[3], os.Args[4])
	case "gen": // DUMPDIR OUT.go
		gen(os.Args[2], os.Args[3])
	case "sqt": // squarer truncation sweep: FILE SHIFT K SEG T...
		v := readD32(os.Args[2])
		sh, _ := strconv.Atoi(os.Args[3])
		k, _ := strconv.Atoi(os.Args[4])
		Y := make([]float64, len(v))
		for i, b := range v {
			Y[i] = float64(math.Float32frombits(b)) * math.Ldexp(1, sh)
		}
		n := len(Y) >> k
		segs := strings.Split(os.Args[5], ",")
		for _, a := range os.Args[6:] {
			t, _ := strconv.Atoi(a)
			worst := 0.0
			for _, ss := range segs {
				s, _ := strconv.Atoi(ss)
				_, e := minimaxG(Y[s*n:(s+1)*n], func(i int) float64 { return float64(sqTrunc(uint64(i), t, sqFold)) })
				worst = math.Max(worst, e)
			}
			fmt.Printf("k=%d trunc=%d worst %.6f\n", k, t, worst)
		}
	case "noise": // FILE SHIFT K SEG: extreme points vs the minimax quadratic
		v := readD32(os.Args[2])
		sh, _ := strconv.Atoi(os.Args[3])
		k, _ := strconv.Atoi(os.Args[4])
		sg, _ := strconv.Atoi(os.Args[5])
		n := len(v) >> k
		Y := make([]float64, n)
		for i := range Y {
			Y[i] = float64(math.Float32frombits(v[sg*n+i])) * math.Ldexp(1, sh)
		}
		p, e := minimax2(Y)
		fmt.Printf("p %v e %.5f\n", p, e)
		type pt struct {
			i int
			r float64
		}
		var pts []pt
		for i := range Y {
			t := float64(i) / float64(n)
			r := Y[i] - (p[0] + t*(p[1]+t*p[2]))
			if math.Abs(r) > 0.55 {
				pts = append(pts, pt{i, r})
			}
		}
		for _, q := range pts {
			fmt.Printf("%6d %016b %+.4f\n", q.i, q.i, q.r)
		}
	case "fitint": // FILE SHIFT K T
		v := readD32(os.Args[2])
		sh, _ := strconv.Atoi(os.Args[3])
		k, _ := strconv.Atoi(os.Args[4])
		t, _ := strconv.Atoi(os.Args[5])
		Y := make([]int64, len(v))
		for i, b := range v {
			Y[i] = int64(float64(math.Float32frombits(b)) * math.Ldexp(1, sh))
		}
		if r := os.Getenv("PART"); r != "" { // PART=i/n: the i-th n-th of the file
			var i, m int
			fmt.Sscanf(r, "%d/%d", &i, &m)
			Y = Y[i*len(Y)/m : (i+1)*len(Y)/m]
		}
		if os.Getenv("SKIP0") == "1" { // the first point is special-cased (exact power of two)
			fmt.Println("first point", Y[0], "replaced by extrapolation")
			Y[0] = 2*Y[1] - Y[2]
		}
		segs, miss := fitInt(Y, k, t)
		report(os.Args[2], segs, miss, len(Y))
		for _, s := range segs[:4] {
			fmt.Println(s)
		}
	case "rcp":
		v := readD32(os.Args[2])
		Y := make([]float64, len(v))
		F := make([]float64, len(v))
		for i, b := range v {
			Y[i] = float64(math.Float32frombits(b)) * 0x1p24
			F[i] = 0x1p24 / (1 + float64(i)*0x1p-23)
		}
		explore(Y, F)
	case "seg":
		v := readD32(os.Args[2])
		sh, _ := strconv.Atoi(os.Args[3]) // Y = bits scaled: value·2^sh
		Y := make([]float64, len(v))
		for i, b := range v {
			Y[i] = float64(math.Float32frombits(b)) * math.Ldexp(1, sh)
		}
		for _, a := range os.Args[4:] {
			k, _ := strconv.Atoi(a)
			segs := 1 << k
			n := len(Y) / segs
			worst, bad := 0.0, 0
			for s := 0; s < segs; s++ {
				_, e := minimax2(Y[s*n : (s+1)*n])
				if e > worst {
					worst = e
				}
				if e >= 0.5 {
					bad++
				}
			}
			fmt.Printf("k=%d segs=%d worst minimax err %.6f ulp, %d segments >= 0.5\n", k, segs, worst, bad)
		}
	}
}
