package validation

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"gopkg.in/yaml.v3"

	"github.com/sm90sim/sm90sim/internal/gzfile"
	"github.com/sm90sim/sm90sim/internal/session"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/gpu"
)

// TestTimingAccuracyTable prints, for every evidence launch of
// timing/split.yaml, the GPU's cycles (cycles.json: ncu
// sm__cycles_elapsed.max min/median/max and the SM clock), the timed
// run's cycles and the error against the median, then per part the
// count within 10% and the mean |error|. It only prints (the accuracy of
// the model is reported, not asserted here). SM90SIM_ACCURACY=1 runs it;
// SM90SIM_ACCURACY_PROFILE=FILE.yaml uses that profile instead of the
// built-in one, SM90SIM_ACCURACY_PARTS=part1,captured only those parts,
// SM90SIM_ACCURACY_ONLY=REGEXP only the kernels whose directory name matches;
// TIMED_SLOW and HUGE kernels (the 4096^3 and one-wave launches of the
// sizes part: minutes each) run with SM90SIM_SLOW_CORPUS=1. Each row gives
// the launch's grid; the problem size is in the directory's name
// (split.yaml's comments). A launch whose CTAs are sampled for time by
// default (sim/gpu/sample.go) is run again with every CTA timed: its row
// gives the error of both ("sampled" line below it), the part's summary
// counts the default (sampled) cycles; SM90SIM_ACCURACY_NO_UNSAMPLED=1
// skips that second run (the default, sampled row only).
//
//	SM90SIM_ACCURACY=1 go test ./validation -run TestTimingAccuracyTable -v
func TestTimingAccuracyTable(t *testing.T) {
	if os.Getenv("SM90SIM_ACCURACY") == "" {
		t.Skip("SM90SIM_ACCURACY not set")
	}
	prof := gpu.BuiltinProfile()
	if p := os.Getenv("SM90SIM_ACCURACY_PROFILE"); p != "" {
		data, err := os.ReadFile(p)
		require.NoError(t, err)
		prof, err = gpu.ParseProfile(p, data)
		require.NoError(t, err)
	}
	tc, err := prof.Config()
	require.NoError(t, err)
	cfg := gpu.DefaultConfig()
	if len(prof.GPCs) > 0 {
		cfg.GPCs = prof.GPCs
	}
	data, err := os.ReadFile(filepath.Join("timing", "split.yaml"))
	require.NoError(t, err)
	var split struct {
		Evidence map[string][]string `yaml:"evidence"`
	}
	require.NoError(t, yaml.Unmarshal(data, &split))
	parts := make([]string, 0, len(split.Evidence))
	only := os.Getenv("SM90SIM_ACCURACY_PARTS")
	for p := range split.Evidence {
		if only == "" || strings.Contains(","+only+",", ","+p+",") {
			parts = append(parts, p)
		}
	}
	sort.Strings(parts)
	var onlyRE *regexp.Regexp
	if re := os.Getenv("SM90SIM_ACCURACY_ONLY"); re != "" {
		onlyRE, err = regexp.Compile(re)
		require.NoError(t, err, "SM90SIM_ACCURACY_ONLY")
	}
	var out strings.Builder
	fmt.Fprintf(&out, "profile %s (clocks.sm_mhz %g; each launch simulated at its recorded SM clock, the SM MHz column)\n", prof.Name, prof.SMMHz)
	fmt.Fprintf(&out, "%-6s %-44s %-10s %9s %9s %9s %7s %10s %8s %7s\n", "part", "kernel", "grid", "gpu min", "median", "max", "SM MHz", "simulated", "error", "wall s")
	for _, part := range parts {
		var errs []float64
		n := 0
		for _, d := range split.Evidence[part] {
			dir := filepath.Join("..", d)
			name := filepath.Base(d)
			if onlyRE != nil && !onlyRE.MatchString(name) {
				continue
			}
			n++
			cy, cerr := readCycles(filepath.Join(dir, "cycles.json"))
			if cerr != nil {
				fmt.Fprintf(&out, "%-6s %-44s no GPU cycles: %v\n", part, name, cerr)
				continue
			}
			mhz := cy.SMClockHz.Median / 1e6
			row := fmt.Sprintf("%-6s %-44s %-10s %9.0f %9.0f %9.0f %7.0f", part, name, launchGrid(dir), cy.Min, cy.Median, cy.Max, mhz)
			if gate := slowGate(dir); gate != "" {
				fmt.Fprintf(&out, "%s %10s  (%s: SM90SIM_SLOW_CORPUS=1 runs it)\n", row, "-", gate)
				continue
			}
			start := time.Now()
			rtc := tc // each launch at the SM clock ncu recorded for it (issue 14 item 9)
			if mhz > 0 {
				rtc.SMClockMHz = mhz
			}
			sim, smp, serr := timedCycles(dir, cfg, rtc, false)
			if serr != nil {
				fmt.Fprintf(&out, "%s %10s  error: %v\n", row, "-", serr)
				continue
			}
			e := (float64(sim) - cy.Median) / cy.Median
			errs = append(errs, e)
			line := fmt.Sprintf("%s %10d %+7.1f%% %7.1f", row, sim, 100*e, time.Since(start).Seconds())
			fmt.Fprintln(&out, line)
			if testing.Verbose() {
				fmt.Fprintln(os.Stderr, line) // as it comes: the 4096^3 rows take minutes each
			}
			if smp != nil && os.Getenv("SM90SIM_ACCURACY_NO_UNSAMPLED") == "" {
				start := time.Now()
				full, _, ferr := timedCycles(dir, cfg, rtc, true)
				if ferr != nil {
					fmt.Fprintf(&out, "%-6s %-44s --no-sample error: %v\n", "", "", ferr)
					continue
				}
				fmt.Fprintf(&out, "%-6s   sampled: %d of %d CTAs timed; every CTA timed (--no-sample) %d cycles, error %+.1f%%, sampled - unsampled %+.2f%%, %.1f s\n",
					"", smp.CTAsTimed, smp.CTAsTotal, full, 100*(float64(full)-cy.Median)/cy.Median,
					100*float64(sim-full)/float64(full), time.Since(start).Seconds())
			}
		}
		in, sum := 0, 0.0
		for _, e := range errs {
			if math.Abs(e) <= 0.10 {
				in++
			}
			sum += math.Abs(e)
		}
		mean := math.NaN()
		if len(errs) > 0 {
			mean = sum / float64(len(errs))
		}
		fmt.Fprintf(&out, "%s: %d launches, %d simulated, %d within 10%%, mean |error| %.1f%%\n", part, n, len(errs), in, 100*mean)
	}
	t.Log("\n" + out.String())
}

// slowGate names the marker file (TIMED_SLOW, HUGE) that keeps dir's timed
// run out of the table unless SM90SIM_SLOW_CORPUS is set, or "".
func slowGate(dir string) string {
	if os.Getenv("SM90SIM_SLOW_CORPUS") != "" {
		return ""
	}
	for _, f := range []string{"TIMED_SLOW", "HUGE"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err == nil {
			return f
		}
	}
	return ""
}

// launchGrid is the grid of dir/launch.yaml as XxYxZ ("?" when unreadable).
func launchGrid(dir string) string {
	data, err := os.ReadFile(filepath.Join(dir, "launch.yaml"))
	if err != nil {
		return "?"
	}
	var spec struct {
		Grid []int `yaml:"grid"`
	}
	if yaml.Unmarshal(data, &spec) != nil || len(spec.Grid) != 3 {
		return "?"
	}
	return fmt.Sprintf("%dx%dx%d", spec.Grid[0], spec.Grid[1], spec.Grid[2])
}

type median3 struct {
	Min    float64 `json:"min"`
	Median float64 `json:"median"`
	Max    float64 `json:"max"`
}

// cyclesFile is cycles.json in either format: the recorder's (min, median,
// max, sm_clock_hz) or the captures' (per metric {min, median, max}).
type cyclesFile struct {
	Min       float64 `json:"min"`
	Median    float64 `json:"median"`
	Max       float64 `json:"max"`
	SMClockHz struct {
		Median float64 `json:"median"`
	} `json:"sm_clock_hz"`
	Error    *string  `json:"error"`
	Captured *median3 `json:"sm__cycles_elapsed.max"`
	CapHz    *median3 `json:"sm__cycles_elapsed.avg.per_second"`
}

func readCycles(path string) (*cyclesFile, error) {
	data, err := gzfile.ReadFile(path) // or cycles.json.gz
	if err != nil {
		return nil, err
	}
	var c cyclesFile
	if err := json.Unmarshal(data, &c); err != nil {
		return nil, err
	}
	if c.Error != nil {
		return nil, fmt.Errorf("%s", *c.Error)
	}
	if c.Median == 0 && c.Captured != nil {
		c.Min, c.Median, c.Max = c.Captured.Min, c.Captured.Median, c.Captured.Max
		if c.CapHz != nil {
			c.SMClockHz.Median = c.CapHz.Median
		}
	}
	if c.Median <= 0 {
		return nil, fmt.Errorf("no median")
	}
	return &c, nil
}

// timedCycles is the timed run's cycles and, when its CTAs were sampled,
// how (noSample times every CTA).
func timedCycles(dir string, cfg gpu.Config, tc gpu.TimedConfig, noSample bool) (int64, *gpu.Sampled, error) {
	s, err := session.Prepare(filepath.Join(dir, "kernel.ptx"), filepath.Join(dir, "launch.yaml"), "", exec.DefaultLayout())
	if err != nil {
		return 0, nil, err
	}
	_, tm, err := gpu.RunTimed(cfg, tc, s.Kernel, s.Launch, gpu.TimedOptions{RegistersPerThread: s.Spec.Registers, NoSample: noSample})
	if err != nil {
		return 0, nil, err
	}
	return tm.Cycles, tm.Sampled, nil
}
