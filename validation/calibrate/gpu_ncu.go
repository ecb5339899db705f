package calibrate

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/sm90sim/sm90sim/internal/kname"
	"github.com/sm90sim/sm90sim/internal/launch"
	"github.com/sm90sim/sm90sim/internal/npy"
	"github.com/sm90sim/sm90sim/validation"
)

// NCURecordingMetrics are the counters the recordings' ncu passes asked
// for (tools/microbench/device16_tmaq.sh and later: M0); one pass, so each
// profiled launch runs once, after ncu's cache flush.
var NCURecordingMetrics = []string{"sm__cycles_elapsed.max", "sm__cycles_elapsed.avg.per_second", "smsp__inst_executed.sum"}

// LaunchesFile is the file under the ncu child's output directory that
// lists its launches, one a line: "I KERNEL ok" or "I KERNEL FAILED: why"
// (I from 0, in launch order); each launch that is ok wrote its timing
// outputs as I/NAME.npy (sm90sim gpu launches).
const LaunchesFile = "launches.txt"

// flushed reports whether b's figures come from the launches ncu profiled
// with its cache flush (clockFileOf: clock_ncu.json in the recordings).
func flushed(b *Bench) bool {
	_, ok := clockFileOf[b.Family]
	return ok
}

// ncuRun is what a family's ncu pass learned of one benchmark: the
// sm__cycles_elapsed.max and the timing outputs of each of its profiled
// launches, or why it has none.
type ncuRun struct {
	cycles []float64
	outs   []Outputs
	err    string
}

// profileFamily runs bs (a family's benchmarks that ncu profiles) under
// one ncu process, each NCULaunches times, interleaved (b1 b2 .. b1 b2 ..),
// as the recordings' passes did (mb.py once under ncu: one process, one
// context, caches flushed before each launch). The child (NCUChild)
// writes each launch's timing outputs; they and ncu's rows are matched
// launch by launch (ncuMatch).
func profileFamily(bs []*Bench, opt GPURunOptions) map[string]*ncuRun {
	got := map[string]*ncuRun{}
	for _, b := range bs {
		got[b.Name] = &ncuRun{}
	}
	fail := func(why string) map[string]*ncuRun {
		for _, r := range got {
			r.err = why
		}
		return got
	}
	if opt.NCUChild == nil {
		return fail("no ncu child command (GPURunOptions.NCUChild)")
	}
	var order []*Bench
	var dirs []string
	for i := 0; i < max(opt.NCULaunches, 1); i++ {
		for _, b := range bs {
			order = append(order, b)
			dirs = append(dirs, b.Dir)
		}
	}
	metrics := opt.NCUMetrics
	if metrics == nil {
		metrics = NCURecordingMetrics
	}
	var launches []launchLine
	var outs map[int]Outputs
	rows, _, _, err := validation.ProfileLaunches(opt.NCUPath, metrics,
		func(out string) []string { return opt.NCUChild(dirs, out) }, 0,
		func(out string) error {
			var err error
			launches, outs, err = readLaunches(out)
			return err
		})
	if err != nil {
		return fail(err.Error())
	}
	if err := ncuMatch(order, launches, outs, rows, got); err != nil {
		return fail(err.Error())
	}
	for _, r := range got {
		if len(r.cycles) == 0 && r.err == "" {
			r.err = "no profiled launch"
		}
	}
	return got
}

// kernelIdent is a kernel's name up to its template arguments or
// parameters, without a return type: what ncu's "Kernel Name" (demangled,
// its parameters as ncu writes them: "(T1::Params)") and the .entry's
// demangled name have alike ("cutlass::device_kernel", "flushj_kernel").
func kernelIdent(name string) string {
	name = strings.TrimPrefix(strings.TrimSpace(name), "void ")
	if i := strings.IndexAny(name, "<("); i >= 0 {
		name = name[:i]
	}
	return strings.TrimSpace(name)
}

// launchLine is one line of LaunchesFile.
type launchLine struct {
	kernel string
	ok     bool
	why    string
}

// readLaunches reads the child's LaunchesFile and each ok launch's
// timing outputs (dir/I/NAME.npy, NAME in timingOutputs).
func readLaunches(dir string) ([]launchLine, map[int]Outputs, error) {
	f, err := os.Open(filepath.Join(dir, LaunchesFile))
	if err != nil {
		return nil, nil, fmt.Errorf("the ncu child wrote no %s: %v", LaunchesFile, err)
	}
	defer f.Close()
	var ls []launchLine
	outs := map[int]Outputs{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.SplitN(sc.Text(), " ", 3)
		if len(fs) < 3 {
			continue
		}
		i, err := strconv.Atoi(fs[0])
		if err != nil || i != len(ls) {
			return nil, nil, fmt.Errorf("%s: line %q out of order", LaunchesFile, sc.Text())
		}
		l := launchLine{kernel: fs[1], ok: fs[2] == "ok"}
		if !l.ok {
			l.why = strings.TrimPrefix(fs[2], "FAILED: ")
		}
		ls = append(ls, l)
		if !l.ok {
			continue
		}
		o := Outputs{}
		for _, name := range timingOutputs {
			p := filepath.Join(dir, strconv.Itoa(i), name+".npy")
			if _, err := os.Stat(p); err != nil {
				continue
			}
			descr, shape, data, err := npy.Read(p)
			if err != nil {
				return nil, nil, err
			}
			d, ok := launch.DTypeByDescr(descr)
			if !ok {
				return nil, nil, fmt.Errorf("%s: dtype %q", p, descr)
			}
			o[name] = numbers(&launch.Buffer{Name: name, DType: d, Shape: shape, Data: data})
		}
		outs[i] = o
	}
	return ls, outs, sc.Err()
}

// ncuMatch gives each benchmark of order (the launches asked for, in
// order) its launches' cycles and outputs: launches are the child's lines
// (one per launch asked for), rows ncu's, one per kernel launched. A
// failed launch gets no row when it failed before its kernel ran; so rows
// go to the ok launches in order, each row's kernel (ncu's name up to its
// parameter list) checked against the launch's.
func ncuMatch(order []*Bench, launches []launchLine, outs map[int]Outputs, rows []validation.NCULaunch, got map[string]*ncuRun) error {
	if len(launches) != len(order) {
		return fmt.Errorf("the ncu child launched %d of %d kernels", len(launches), len(order))
	}
	var ok []int
	for i, l := range launches {
		if l.ok {
			ok = append(ok, i)
		} else if r := got[order[i].Name]; r.err == "" {
			r.err = l.why
		}
	}
	if len(rows) != len(ok) {
		return fmt.Errorf("ncu profiled %d launches, the child ran %d", len(rows), len(ok))
	}
	for j, i := range ok {
		if rows[j].Kernel != "" && kernelIdent(rows[j].Kernel) != kernelIdent(kname.Demangled(launches[i].kernel)) {
			return fmt.Errorf("ncu's launch %d is %q, the child's %q", j, rows[j].Kernel, launches[i].kernel)
		}
		c, has := rows[j].Metrics["sm__cycles_elapsed.max"]
		if !has {
			return errors.New("ncu printed no sm__cycles_elapsed.max")
		}
		r := got[order[i].Name]
		r.cycles = append(r.cycles, c)
		r.outs = append(r.outs, outs[i])
	}
	return nil
}
