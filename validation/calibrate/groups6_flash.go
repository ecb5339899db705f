package calibrate

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"github.com/sm90sim/sm90sim/internal/gzfile"
	"github.com/sm90sim/sm90sim/internal/session"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/sm"
)

// groups6Flash fits the parameter the gen6_flash microbenchmarks measure
// (helper flash, issue 14):
//
//   - registers_live_overhead: what ptxas allocates beyond the PTX's peak
//     of live 32-bit values (sm.PeakLive), the registers per thread of a
//     launch whose spec, .maxnreg and setmaxnreg say nothing. Closed form:
//     the median over regocc_k24..regocc_k216 of the registers the driver's
//     JIT gave the kernel (provenance.json func_attributes.num_regs) minus
//     PeakLive of its kernel.ptx. The median, because ptxas pads some
//     counts up to the most registers that keep the same CTAs per SM
//     (regocc_k104: 111 live, 128 reported). The group is judged on the
//     launches' ncu cycles: waves of CTAs, as many per SM as the registers
//     allow.
var groups6Flash = []Group{
	{Name: "registers_live", Params: []string{"registers_live_overhead"}, Benches: []string{"regocc_*"},
		Direct: registersLiveOverhead},
}

func init() { Groups = append(Groups, groups6Flash...) }

// regoccBenches lists the recorded regocc benchmarks, by name.
func regoccBenches(rec map[string]*Bench) []*Bench {
	var out []*Bench
	for name, b := range rec {
		if strings.HasPrefix(name, "regocc_") {
			out = append(out, b)
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if a, b := out[i].meta("live_values"), out[j].meta("live_values"); a != b {
			return a < b
		}
		return out[i].Name < out[j].Name
	})
	return out
}

// registersLiveOverhead is the closed form of registers_live_overhead.
func registersLiveOverhead(rec map[string]*Bench) (float64, string, error) {
	bs := regoccBenches(rec)
	if len(bs) == 0 {
		return 0, "", fmt.Errorf("no regocc_* recordings")
	}
	var diffs []float64
	for _, b := range bs {
		regs, err := JITRegisters(b.Dir)
		if err != nil {
			return 0, "", err
		}
		peak, err := DirPeakLive(b.Dir)
		if err != nil {
			return 0, "", err
		}
		diffs = append(diffs, float64(regs-peak))
	}
	sort.Float64s(diffs)
	m := diffs[len(diffs)/2]
	if len(diffs)%2 == 0 {
		m = (diffs[len(diffs)/2-1] + diffs[len(diffs)/2]) / 2
	}
	return m, fmt.Sprintf("fit: closed form, median over %s..%s of the registers the driver's JIT allocated (provenance func_attributes.num_regs) minus the PTX's peak of live 32-bit values (differences %v)",
		bs[0].Name, bs[len(bs)-1].Name, diffs), nil
}

// JITRegisters is the registers per thread the driver's JIT gave a recorded
// microbenchmark (its provenance.json func_attributes.num_regs).
func JITRegisters(dir string) (int, error) {
	raw, err := gzfile.ReadFile(filepath.Join(dir, "provenance.json")) // or provenance.json.gz
	if err != nil {
		return 0, err
	}
	var p struct {
		FuncAttributes struct {
			NumRegs int `json:"num_regs"`
		} `json:"func_attributes"`
	}
	if err := json.Unmarshal(raw, &p); err != nil {
		return 0, fmt.Errorf("%s: %w", dir, err)
	}
	if p.FuncAttributes.NumRegs <= 0 {
		return 0, fmt.Errorf("%s: provenance.json has no func_attributes.num_regs", dir)
	}
	return p.FuncAttributes.NumRegs, nil
}

// DirPeakLive is sm.PeakLive of a benchmark directory's kernel.
func DirPeakLive(dir string) (int, error) {
	s, err := session.Prepare(filepath.Join(dir, "kernel.ptx"), filepath.Join(dir, "launch.yaml"), "", exec.DefaultLayout())
	if err != nil {
		return 0, err
	}
	p := sm.PeakLive(s.Kernel)
	if p < 0 {
		return 0, fmt.Errorf("%s: the kernel has no instructions", dir)
	}
	return p, nil
}
