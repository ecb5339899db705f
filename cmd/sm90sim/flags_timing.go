package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/sm90sim/sm90sim/internal/report"
	"github.com/sm90sim/sm90sim/internal/safeio"
	"github.com/sm90sim/sm90sim/sim/gpu"
	"github.com/sm90sim/sm90sim/traces"
)

// timingFlags are the timed-mode flags, registered once (addTimingFlags)
// for every command that runs the simulator.
type timingFlags struct {
	mode        string
	config      string
	trace       string
	traceSMs    string
	traceCycles string
	traceMin    int64
	traceMaxMB  int64
	plot        string
	top         int
	noSample    bool
	smMHz       float64
}

func addTimingFlags(cmd *cobra.Command, f *timingFlags) {
	cmd.Flags().StringVar(&f.mode, "mode", "functional", "functional (outputs only) or timed (outputs plus cycles, stalls and hot lines)")
	cmd.Flags().StringVar(&f.config, "config", "", "timing profile for --mode timed: a built-in name (h200, h100-sxm) or a YAML path; default h200")
	cmd.Flags().StringVar(&f.trace, "trace", "", "write a Chrome trace-event JSON of the timed run here (open in ui.perfetto.dev)")
	cmd.Flags().StringVar(&f.traceSMs, "trace-sms", "", "SMs to trace, e.g. 0-3,64 (default all)")
	cmd.Flags().StringVar(&f.traceCycles, "trace-cycles", "", "cycle window FROM:TO to trace (default all)")
	cmd.Flags().Int64Var(&f.traceMin, "trace-min-cycles", 16, "drop warp waits shorter than this from the trace")
	cmd.Flags().Int64Var(&f.traceMaxMB, "trace-max-mb", 100, "past this many MB (10^6 bytes) of trace, drop further warp waits (the other tracks go on; a warning and the trace's otherData say from which cycle); 0: no limit")
	cmd.Flags().StringVar(&f.plot, "plot", "", "write a PNG plot of utilization over time of the timed run here")
	cmd.Flags().IntVar(&f.top, "top", 10, "hot PTX lines printed after a timed run")
	cmd.Flags().Float64Var(&f.smMHz, "sm-clock-mhz", 0, "SM clock of the timed run in MHz (ns figures such as HBM latency and bandwidth convert to cycles at it); default the profile's clocks.sm_mhz, and for validate the clock the GPU ran at")
	addSampleFlag(cmd, &f.noSample)
}

// addSampleFlag registers --no-sample (every command that runs timed mode).
func addSampleFlag(cmd *cobra.Command, off *bool) {
	cmd.Flags().BoolVar(off, "no-sample", false, "time every CTA (by default a launch of 3 or more waves of CTAs without global atomics times its first 2 waves and extrapolates the rest; outputs are always complete)")
}

// timed reports whether the flags ask for a timed run, checking them.
func (f *timingFlags) timed() (bool, error) {
	switch f.mode {
	case "functional":
		for _, x := range []struct{ name, v string }{{"--config", f.config}, {"--trace", f.trace}, {"--plot", f.plot}} {
			if x.v != "" {
				return false, fmt.Errorf("%s needs --mode timed", x.name)
			}
		}
		if f.noSample {
			return false, fmt.Errorf("--no-sample needs --mode timed")
		}
		if f.smMHz != 0 {
			return false, fmt.Errorf("--sm-clock-mhz needs --mode timed")
		}
		return false, nil
	case "timed":
		return true, nil
	}
	return false, fmt.Errorf("--mode must be functional or timed, got %q", f.mode)
}

// profile loads the --config profile: a built-in name (h200, h100-sxm) or
// a YAML path.
// --sm-clock-mhz, when given, replaces the profile's SM clock.
func (f *timingFlags) profile() (*gpu.Profile, error) {
	if f.smMHz < 0 || f.smMHz > 10000 {
		return nil, fmt.Errorf("--sm-clock-mhz must be a clock in MHz (0 < MHz <= 10000), got %g", f.smMHz)
	}
	p, err := gpu.LoadProfile(f.config)
	if err != nil || f.smMHz == 0 {
		return p, err
	}
	return p.AtSMClock(f.smMHz), nil
}

// recorder opens the --trace file (nil when not asked for).
func (f *timingFlags) recorder() (*traces.Recorder, *os.File, error) {
	if f.trace == "" {
		return nil, nil, nil
	}
	if f.traceMaxMB < 0 {
		return nil, nil, fmt.Errorf("--trace-max-mb: want 0 (no limit) or more, got %d", f.traceMaxMB)
	}
	opt := traces.Options{MinSpanCycles: f.traceMin, MaxBytes: f.traceMaxMB * 1000000}
	if f.traceSMs != "" {
		sms, err := parseSMList(f.traceSMs)
		if err != nil {
			return nil, nil, fmt.Errorf("--trace-sms: %v", err)
		}
		opt.SMs = sms
	}
	if f.traceCycles != "" {
		a, b, ok := strings.Cut(f.traceCycles, ":")
		from, err1 := strconv.ParseInt(a, 10, 64)
		to, err2 := strconv.ParseInt(b, 10, 64)
		if !ok || err1 != nil || err2 != nil || from < 0 || to <= from {
			return nil, nil, fmt.Errorf("--trace-cycles: want FROM:TO with 0 <= FROM < TO, got %q", f.traceCycles)
		}
		opt.From, opt.To = from, to
	}
	file, err := os.CreateTemp(filepath.Dir(f.trace), ".sm90sim-trace-*")
	if err != nil {
		return nil, nil, fmt.Errorf("--trace: %v", err)
	}
	_ = file.Chmod(0o644)
	safeio.Track(file.Name()) // removed on SIGINT/SIGTERM; finishTrace forgets it
	return traces.NewRecorder(file, opt), file, nil
}

// finishTrace closes the trace and renames it into place (or removes it).
func (f *timingFlags) finishTrace(r *traces.Recorder, file *os.File, ok bool) error {
	if r == nil {
		return nil
	}
	defer safeio.Forget(file.Name())
	err := r.Close()
	if cerr := file.Close(); err == nil {
		err = cerr
	}
	if err != nil || !ok {
		os.Remove(file.Name())
		if err != nil {
			return fmt.Errorf("writing trace %s: %v", f.trace, err)
		}
		return nil
	}
	if err := os.Rename(file.Name(), f.trace); err != nil {
		os.Remove(file.Name())
		return fmt.Errorf("writing trace %s: %v", f.trace, err)
	}
	return nil
}

// parseSMList parses "0-3,64".
func parseSMList(s string) (map[int]bool, error) {
	out := map[int]bool{}
	for _, part := range strings.Split(s, ",") {
		a, b, rng := strings.Cut(part, "-")
		lo, err := strconv.Atoi(strings.TrimSpace(a))
		if err != nil || lo < 0 {
			return nil, fmt.Errorf("bad SM %q", part)
		}
		hi := lo
		if rng {
			if hi, err = strconv.Atoi(strings.TrimSpace(b)); err != nil || hi < lo {
				return nil, fmt.Errorf("bad SM range %q", part)
			}
		}
		for i := lo; i <= hi; i++ {
			out[i] = true
		}
	}
	return out, nil
}

// writePlot writes the --plot PNG of a timed run.
func (f *timingFlags) writePlot(r *report.Report) error {
	if f.plot == "" || r.Timing == nil || r.Timing.Timing == nil {
		return nil
	}
	title := fmt.Sprintf("%s: %d cycles", r.Kernel, *r.Cycles)
	if err := report.WriteFileWith(f.plot, func(w io.Writer) error {
		return traces.WritePlot(w, r.Timing.Utilization, title)
	}); err != nil {
		return fmt.Errorf("writing plot %v", err)
	}
	return nil
}

// printTiming prints the timed run's summary and its hottest lines.
func printTiming(w io.Writer, r *report.Report, top int) {
	t := r.Timing
	if t == nil || t.Timing == nil || r.Cycles == nil {
		return
	}
	fmt.Fprintf(w, "cycles             %d  (%.2f us at %.0f MHz, profile %s)  IPC %.2f per active SM\n",
		*r.Cycles, *r.TimeUS, t.Profile.SMMHz, t.Profile.Name, t.IPC)
	o := t.Occupancy
	fmt.Fprintf(w, "occupancy          %d CTAs/SM (limit: %s; %d registers/thread from %s)\n",
		o.CTAsPerSM, o.Limiter, o.RegistersPerThread, o.RegistersSource)
	type kv struct {
		k string
		v int64
	}
	var st []kv
	var total int64
	for k, v := range t.Stalls {
		st = append(st, kv{k, v})
		total += v
	}
	sort.Slice(st, func(i, j int) bool {
		if st[i].v != st[j].v {
			return st[i].v > st[j].v
		}
		return st[i].k < st[j].k
	})
	var parts []string
	for i, x := range st {
		if i >= 5 || total == 0 {
			break
		}
		parts = append(parts, fmt.Sprintf("%s %.1f%%", x.k, 100*float64(x.v)/float64(total)))
	}
	fmt.Fprintf(w, "warp states        %s\n", strings.Join(parts, ", "))
	if top > 0 && len(t.HotLines) > 0 {
		fmt.Fprintf(w, "hot lines (warp-cycles, top %d):\n", min(top, len(t.HotLines)))
		for i, h := range t.HotLines {
			if i >= top {
				break
			}
			why, best := "", int64(-1)
			for k, v := range h.Stalls {
				if v > best || (v == best && k < why) {
					why, best = k, v
				}
			}
			src := ""
			if h.Source != "" {
				src = " (" + h.Source + ")"
			}
			text := h.Text
			if len(text) > 48 {
				text = text[:45] + "..."
			}
			fmt.Fprintf(w, "  %5.1f%%  line %-6d %-48s mostly %s%s\n", 100*float64(h.Cycles)/float64(max(total, 1)), h.Line, text, why, src)
		}
	}
}
