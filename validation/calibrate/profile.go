package calibrate

import (
	"fmt"
	"math"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/sm90sim/sm90sim/sim/gpu"
)

// Provenance is what the written profile records about the fit.
type Provenance struct {
	Command     string
	Date        string // UTC, RFC 3339
	Recordings  string
	GPU         string
	Driver      string
	Benchmarks  int // figures simulated and compared
	Within5Pct  int // of those, figures within 5% after the fit
	SMClockMHz  float64
	MemClockMHz float64 // 0: not measured
}

const headerMark = "# Written by sm90sim calibrate"

var clocksLine = regexp.MustCompile(`(?m)^clocks:.*$`)

// WriteProfile returns the base profile's text with its params section
// replaced by cfg's values (every parameter of gpu.Params: fitted ones
// with their source and residual, the others as the base had them), the
// SM clock set to the recordings' (when measured), a provenance section
// added or replaced, and every other key (gpu, gpcs, occupancy, comments)
// kept (provenance keys other than calibrate too). The result parses with
// gpu.ParseProfile.
func WriteProfile(base []byte, baseProf *gpu.Profile, cfg gpu.TimedConfig, fit map[string]Fitted, prov Provenance) ([]byte, error) {
	text := string(base)
	otherGPU := prov.GPU != "" && prov.GPU != baseProf.GPU
	if otherGPU {
		// Another GPU: its GPC map and occupancy were not measured with
		// the recordings; none of the base's keys but the params apply.
		text = fmt.Sprintf("# %s: the GPC map was not measured for this GPU (no gpcs key: placement uses the\n"+
			"# built-in H200 map); the parameters not fitted are the base profile's (%s).\ngpu: %s\nclocks: {sm_mhz: %s, mem_mhz: %s}\n",
			prov.GPU, baseProf.Name, prov.GPU, num(baseProf.SMMHz), num(baseProf.MemMHz))
	}
	head, tail := cutSection(text, "params")
	head2, tail2 := cutSection(head+tail, "provenance")
	text = head2 + tail2
	if prov.SMClockMHz > 0 || prov.MemClockMHz > 0 {
		sm, mem := baseProf.SMMHz, baseProf.MemMHz
		if prov.SMClockMHz > 0 {
			sm = prov.SMClockMHz
		}
		if prov.MemClockMHz > 0 {
			mem = prov.MemClockMHz
		}
		text = clocksLine.ReplaceAllString(text, fmt.Sprintf("clocks: {sm_mhz: %s, mem_mhz: %s}", num(sm), num(mem)))
	}
	var b strings.Builder
	if !strings.HasPrefix(text, headerMark) {
		fmt.Fprintf(&b, "%s from the recordings %s (%s).\n", headerMark, prov.Recordings, prov.GPU)
		if !otherGPU {
			b.WriteString("# The base profile's comments below may no longer describe the params (see each\n# parameter's source and the provenance).\n")
		}
	}
	b.WriteString(strings.TrimRight(text, "\n"))
	b.WriteString("\nparams:\n")
	for _, p := range gpu.Params() {
		v := p.Get(&cfg)
		src, resid := "", "null"
		if f, ok := fit[p.Name]; ok {
			src = f.Source
			if f.Residual != nil {
				resid = num(*f.Residual)
			}
		} else if bp, ok := baseProf.Params[p.Name]; ok {
			src = bp.Source
			if bp.Residual != nil {
				resid = num(*bp.Residual)
			}
		} else {
			src = p.Source
		}
		fmt.Fprintf(&b, "  %s: {value: %s, source: %s, residual: %s}\n", p.Name, num(v), strconv.Quote(src), resid)
	}
	pv := map[string]any{"command": prov.Command, "date": prov.Date, "recordings": prov.Recordings,
		"gpu": prov.GPU, "driver": prov.Driver, "figures_compared": prov.Benchmarks, "figures_within_5pct": prov.Within5Pct,
		"sm_clock_mhz": prov.SMClockMHz, "mem_clock_mhz": prov.MemClockMHz, "residual": "RMS relative error of the group's simulated figures after the fit"}
	b.WriteString("provenance:\n")
	// the base's other provenance (the GPC map's measurement) is kept
	if !otherGPU {
		var others []string
		for k := range baseProf.Provenance {
			if k != "calibrate" {
				others = append(others, k)
			}
		}
		sort.Strings(others)
		for _, k := range others {
			var out strings.Builder
			enc := yaml.NewEncoder(&out)
			enc.SetIndent(2)
			if err := enc.Encode(map[string]any{k: baseProf.Provenance[k]}); err != nil {
				return nil, err
			}
			for _, l := range strings.Split(strings.TrimRight(out.String(), "\n"), "\n") {
				b.WriteString("  " + l + "\n")
			}
		}
	}
	entry, err := gpu.FormatProvenanceEntry("calibrate", pv)
	if err != nil {
		return nil, err
	}
	b.WriteString(entry)
	return []byte(b.String()), nil
}

// CountFigures returns how many rows were simulated and compared (no
// failed run) and how many of those are within 5% after the fit (the
// summary line of WriteTable and the provenance's figures).
func CountFigures(rows []Row) (compared, within5 int) {
	for _, r := range rows {
		if r.Err != "" {
			continue
		}
		compared++
		if math.Abs(r.ErrAfter()) <= 0.05 {
			within5++
		}
	}
	return compared, within5
}

// cutSection removes a top-level key's block (its line and the indented or
// comment lines under it) and returns the text before and after it.
func cutSection(text, key string) (string, string) {
	lines := strings.SplitAfter(text, "\n")
	start := -1
	for i, l := range lines {
		if strings.HasPrefix(l, key+":") {
			start = i
			break
		}
	}
	if start < 0 {
		return text, ""
	}
	end := start + 1
	for end < len(lines) && (strings.HasPrefix(lines[end], " ") || strings.HasPrefix(lines[end], "\t") ||
		strings.TrimSpace(lines[end]) == "") {
		end++
	}
	return strings.Join(lines[:start], ""), strings.Join(lines[end:], "")
}

func num(v float64) string {
	return strconv.FormatFloat(v, 'g', -1, 64)
}
