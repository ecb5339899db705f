package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/sm90sim/sm90sim/internal/gzfile"
	"github.com/sm90sim/sm90sim/internal/kname"
	"github.com/sm90sim/sm90sim/internal/report"
	"github.com/sm90sim/sm90sim/internal/session"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/smem"
)

// bankLine is one PTX source line's shared-memory statistics.
type bankLine struct {
	Line        int    `json:"line"`
	Function    string `json:"function"`
	Instruction string `json:"instruction"` // the source line as written
	// Source is the .cu line ("/path/kernel.cu:42") from the PTX's .loc
	// directives (nvcc -lineinfo), "" when it has none; the table shows
	// its base name.
	Source string `json:"source,omitempty"`
	short  string
	Kind   string `json:"kind"` // ld st ldsm stsm atom ldgsts gmma tma
	// Modelled: a TMA or bulk copy's writes (kind tma), which no ncu
	// counter measures; such lines are left out of Totals.
	Modelled   bool   `json:"modelled,omitempty"`
	Executions uint64 `json:"executions"`
	Wavefronts uint64 `json:"wavefronts"`
	Ideal      uint64 `json:"ideal_wavefronts"`
	Conflicts  uint64 `json:"conflicts"`
	MaxWay     int    `json:"worst_n_way"`
	// FusedWidth: ptxas fuses this access with the following lines into
	// one access of this many bytes (counted here).
	FusedWidth int `json:"fused_width,omitempty"`
}

// bankTotals sums the lines.
type bankTotals struct {
	Executions uint64 `json:"executions"`
	Wavefronts uint64 `json:"wavefronts"`
	Ideal      uint64 `json:"ideal_wavefronts"`
	Conflicts  uint64 `json:"conflicts"`
	MaxWay     int    `json:"worst_n_way"`
}

// bankReport is the JSON of `sm90sim banks KERNEL.ptx`.
type bankReport struct {
	Status    string     `json:"status"` // "ok" or "error" (the run failed: error says why)
	Error     *string    `json:"error"`
	File      string     `json:"file"`
	Kernel    string     `json:"kernel"`
	Demangled string     `json:"kernel_demangled"` // as in the run report
	Grid      [3]int     `json:"grid"`
	Block     [3]int     `json:"block"`
	Lines     []bankLine `json:"lines"` // sorted by conflicts, then line
	Totals    bankTotals `json:"totals"`
	// TMA sums the modelled tma lines (TMA and bulk-copy writes).
	TMA  bankTotals   `json:"tma_modelled"`
	Smem *report.Smem `json:"smem"` // the run report's section, for cross-checks
	// Provenance: what ran (the run report's object).
	Provenance *report.Provenance `json:"provenance"`
	// Warnings are the hazard warnings, as in the run report.
	Warnings []report.Warning `json:"warnings"`
}

func kernelBanks(ptxPath string, f banksFlags, stdout io.Writer) error {
	if err := guardWrites(ptxPath, f.spec, "", "--json", f.json); err != nil {
		return err
	}
	r, err := bankRun(ptxPath, f)
	if err != nil {
		if f.json != "" { // the failure as JSON too, for scripts
			msg := err.Error()
			fr := &bankReport{Status: "error", Error: &msg, File: ptxPath, Lines: []bankLine{},
				Provenance: provenanceOf(ptxPath, f.spec, f.kernel, "functional", f.noHazardCheck)}
			if werr := report.WriteJSON(f.json, fr); werr != nil {
				return inputErr(fmt.Errorf("sm90sim banks: error: writing %s: %v", f.json, werr))
			}
		}
		return err
	}
	r.Status = "ok"
	writeBankTable(stdout, r, f.top)
	r.Provenance = provenanceOf(ptxPath, f.spec, r.Kernel, "functional", f.noHazardCheck)
	r.Provenance.Strict = f.strict
	if f.json != "" {
		if err := report.WriteJSON(f.json, r); err != nil {
			return inputErr(fmt.Errorf("sm90sim banks: error: writing %s: %v", f.json, err))
		}
	}
	return nil
}

// bankRun runs the kernel like `run` and collects its per-line statistics.
func bankRun(ptxPath string, f banksFlags) (*bankReport, error) {
	s, err := session.Prepare(ptxPath, f.spec, f.kernel, exec.DefaultLayout())
	if err != nil {
		return nil, inputErr(err)
	}
	cfg, err := session.RunOptions{MaxInstructions: f.maxInstructions, Jobs: f.jobs, Progress: f.prog.Hook()}.Config()
	if err != nil {
		return nil, inputErr(err)
	}
	s.Launch.NoHazardCheck = f.noHazardCheck
	s.Launch.StrictHazards = f.strict
	res, runErr := s.Run(cfg)
	warnings := session.Warnings(s.Launch)
	if f.stderr != nil {
		printWarnings(f.stderr, ptxPath, warnings)
	}
	if runErr != nil {
		var fault *exec.Fault
		if errors.As(runErr, &fault) {
			return nil, kernelErr(runErr)
		}
		return nil, inputErr(runErr)
	}
	r := &bankReport{File: ptxPath, Kernel: s.Kernel.Name(), Demangled: kname.Demangled(s.Kernel.Name()), Grid: s.Spec.Grid, Block: s.Spec.Block,
		Lines: []bankLine{}, Smem: report.FromCounters(&res.Smem), Warnings: warnings}
	src := sourceLines(ptxPath)
	for _, st := range s.Launch.SmemSites() {
		r.add(st, src)
	}
	sort.SliceStable(r.Lines, func(i, j int) bool {
		a, b := &r.Lines[i], &r.Lines[j]
		if a.Conflicts != b.Conflicts {
			return a.Conflicts > b.Conflicts
		}
		return a.Line < b.Line
	})
	return r, nil
}

// add merges one instruction site into its source line.
func (r *bankReport) add(st exec.SiteStat, src []string) {
	t := &r.Totals
	modelled := st.Kind == smem.OpTMA
	if modelled {
		t = &r.TMA
	}
	t.Executions += st.Executions
	t.Wavefronts += st.Wavefronts
	t.Ideal += st.Ideal
	t.Conflicts += st.Conflicts
	t.MaxWay = max(t.MaxWay, st.MaxWay)
	for i := range r.Lines {
		if l := &r.Lines[i]; l.Line == st.Pos.Line && l.Function == st.Function {
			l.Executions += st.Executions
			l.Wavefronts += st.Wavefronts
			l.Ideal += st.Ideal
			l.Conflicts += st.Conflicts
			l.MaxWay = max(l.MaxWay, st.MaxWay)
			return
		}
	}
	text := st.Op
	if n := st.Pos.Line; n >= 1 && n <= len(src) {
		text = strings.TrimSpace(src[n-1])
	}
	r.Lines = append(r.Lines, bankLine{Line: st.Pos.Line, Function: st.Function, Instruction: text, Source: st.Src.String(), short: st.Src.Short(), Kind: st.Kind.String(),
		Modelled: modelled, Executions: st.Executions, Wavefronts: st.Wavefronts, Ideal: st.Ideal, Conflicts: st.Conflicts,
		MaxWay: st.MaxWay, FusedWidth: st.FusedWidth})
}

// sourceLines reads the PTX again for the instruction text (nil if it
// cannot: the report then shows the opcode).
func sourceLines(path string) []string {
	b, err := gzfile.ReadFile(path)
	if err != nil {
		return nil
	}
	var out []string
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		out = append(out, strings.ReplaceAll(sc.Text(), "\t", " "))
	}
	return out
}
