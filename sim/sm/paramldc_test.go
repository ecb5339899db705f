package sm

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/internal/gzfile"
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
)

// sassKernel is one entry of testdata/paramldc_sass.json.gz: what ptxas
// 13.0 (-arch=sm_90a, cuobjdump -sass, on the device: helper ldc, session
// 15) made of an entry function with a loop, per kernel parameter the
// number of in-loop `LDC Rn` / `ULDC URn` of its c[0x0] slot that feed,
// within two instructions, an ISETP against a constant or RZ whose
// predicate the next BRA reads (tools/microbench/paramldc.py; the SASS
// lines are kept in Lines).
type sassKernel struct {
	Dir   string              `json:"dir"`
	Entry string              `json:"entry"`
	Dirs  int                 `json:"dirs"`
	SASS  map[string]int      `json:"sass"`
	Lines map[string][]string `json:"lines"`
}

// paramMarks counts paramRemats' marks of an entry per kernel parameter
// (the ld.param its compare reads).
func paramMarks(t *testing.T, dir, entry string) map[string]int {
	t.Helper()
	src, err := gzfile.ReadFile(filepath.Join("..", "..", dir, "kernel.ptx"))
	require.NoError(t, err, dir)
	p, err := ptx.Load(dir, src)
	require.NoError(t, err, dir)
	k, err := exec.Compile(p, entry, exec.DefaultLayout())
	require.NoError(t, err, dir)
	f := k.Entry()
	infos := k.Infos()
	def := map[int32]string{}
	for pc := range f.Insts {
		in := &f.Insts[pc]
		if in.Op != ptx.OpLd || (in.Mods.Space != ptx.SpaceParam && in.Mods.Space != ptx.SpaceParamEntry) {
			continue
		}
		for _, o := range in.Ops {
			if o.Kind == ptx.OpdAddr && o.Sym.Kind == ptx.SymParam && o.Off == 0 {
				for _, r := range infos[pc].Defs {
					def[r] = f.Params[o.Sym.Index].Name
				}
			}
		}
	}
	out := map[string]int{}
	for pc, m := range paramRemats(f, infos) {
		if !m {
			continue
		}
		for _, r := range infos[pc].Uses {
			if n, ok := def[r]; ok {
				out[n]++
			}
		}
	}
	return out
}

// TestParamLDCMarksMatchSASS: the compares paramremat.go marks are where
// ptxas puts a parameter's reload right before a compare-and-branch in a
// loop, over every microbenchmark and evidence kernel with a loop (509
// entry functions of 413 distinct PTX). mbwait (mbwait_test, the
// mbwait14_t* trip-count twins) is checked line by line: the rep loop
// reloads `mode` once before its two compares and `iters` at each of the
// three zero-trip tests. The rest must agree per (entry, parameter) but
// for the listed exceptions, each a SASS shape the rule does not read
// (validation/timing/paramldc.md).
func TestParamLDCMarksMatchSASS(t *testing.T) {
	b, err := gzfile.ReadFile("testdata/paramldc_sass.json.gz")
	require.NoError(t, err)
	var ks []sassKernel
	require.NoError(t, json.Unmarshal(b, &ks))
	require.Greater(t, len(ks), 500)

	got := paramMarks(t, "validation/microbench/mbwait14_t1", "mbwait")
	assert.Equal(t, map[string]int{"mbwait_param_3": 3, "mbwait_param_5": 1}, got, "mbwait: iters x3, mode x1")

	var differ []string
	agree, marked := 0, 0
	for _, k := range ks {
		if k.Dir == "validation/microbench/mbwait14_t1" || k.Dir == "validation/microbench/mbwait_test" {
			assert.Equal(t, map[string]int{"mbwait_param_3": 3, "mbwait_param_5": 1}, k.SASS, "the SASS of mbwait")
		}
		g := paramMarks(t, k.Dir, k.Entry)
		names := map[string]bool{}
		for n := range g {
			names[n] = true
		}
		for n := range k.SASS {
			names[n] = true
		}
		for n := range names {
			if g[n] == k.SASS[n] {
				agree++
				if g[n] > 0 {
					marked++
				}
				continue
			}
			differ = append(differ, fmt.Sprintf("%s %s %s model %d sass %d", filepath.Base(k.Dir), k.Entry, n, g[n], k.SASS[n]))
		}
	}
	sort.Strings(differ)
	for _, d := range differ {
		t.Log(d)
	}
	t.Logf("%d (entry, parameter) pairs agree (%d with marks), %d differ", agree, marked, len(differ))
	var want []string
	for d := range paramLDCKnownDiffer {
		want = append(want, d)
	}
	sort.Strings(want)
	assert.Equal(t, want, differ, "the pairs where the marks and the SASS differ")
	assert.GreaterOrEqual(t, agree, 310)
}

// paramLDCKnownDiffer: where paramRemats and ptxas's SASS disagree (as
// counted by paramldc.py's SASS criterion), and why.
var paramLDCKnownDiffer = map[string]string{
	// the zero-trip shape (session 12): the SASS's LDC is not next to the
	// ISETP (scheduled earlier in the rep loop, or before it)
	"brsplit13_c4 brsplit13_k12 brsplit13_k12_param_3 model 1 sass 0":  "LDC R6 before the rep loop; the ISETP reads the register",
	"brsplit13_c4 brsplit13_k24 brsplit13_k24_param_3 model 1 sass 0":  "same",
	"brsplit13_c4 brsplit13_k4 brsplit13_k4_param_3 model 1 sass 0":    "same",
	"brsplit13_c4 brsplit13_k8 brsplit13_k8_param_3 model 1 sass 0":    "same",
	"bulkl_l1 bulkl bulkl_param_3 model 1 sass 0":                      "LDC R6 scheduled ahead of the compare",
	"bulkred_add_bf16_cold tma_cold tma_cold_param_3 model 1 sass 0":   "LDC.64 / ULDC.64 of the slot, scheduled ahead; not read further",
	"cluster_bar_c1 cluster_bar cluster_bar_param_2 model 1 sass 0":    "ULDC + IMAD.U32 copy, then the ISETP",
	"fma_tput_w1 fma_tput fma_tput_param_5 model 1 sass 0":             "LDC R25 several instructions ahead (session 12 fitted on it)",
	"itput64_add itput64_mul_lo itput64_mul_lo_param_2 model 1 sass 0": "ULDC, UISETP, then a PLOP3 copies the predicate to P0 for the BRA (a reload the SASS criterion does not count)",
	"mbwait2_h1000 mbwait2 mbwait2_param_4 model 1 sass 0":             "LDC R5 ahead of the compare",
	"mbwait3_l1 mbwait3 mbwait3_param_3 model 1 sass 0":                "LDC R15 ahead of the compare",
	"l2bw_ld_c1 l2bw_tma l2bw_tma_param_5 model 1 sass 2":              "compares combined by and.pred / or.pred; not read further",
	"l2bw_ld_c1 l2bw_tma l2bw_tma_param_8 model 0 sass 1":              "compares combined by and.pred / or.pred; not read further",
	"l2bw_sh_ld_g1 l2bw_tma_sh l2bw_tma_sh_param_5 model 1 sass 2":     "as l2bw_tma",
	"l2bw_sh_ld_g1 l2bw_tma_sh l2bw_tma_sh_param_8 model 0 sass 1":     "as l2bw_tma",
	// the branch-compare shape (session 15)
	"shflq12_alu_w32 shflq12 shflq12_param_3 model 1 sass 0": "a jump table: LDC R10 then VIADDMNMX and BRX (a reload the SASS criterion does not count)",
	"smgst_bar_l1 smgst smgst_param_6 model 1 sass 0":        "LDC R8 at 0x340, its ISETP at 0x770: the latency is hidden",
	"t6rep_acq t6_rep t6_rep_param_5 model 1 sass 2":         "a switch's compare tree (13 compares of the parameter); not read further",
	"t6tx_ctx_l1 t6_txloop t6_txloop_param_3 model 2 sass 1": "a switch's compare tree across joins: one LDC serves both; not read further",
	// the after-wgmma shape (session 32, wgmmaCompares)
	"sgp_k0_c1 sgp sgp_param_6 model 2 sass 0": "LDC R12 / R16, c[0x0][0x398] then LOP3 after the loop and after the epilogue's CS2R, outside every loop (the SASS criterion counts in-loop reloads next to an ISETP)",
}
