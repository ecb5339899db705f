package validation

import (
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// metricCycles is the kernel's duration in SM cycles (the slowest SM).
const metricCycles = "sm__cycles_elapsed.max"

// metricClock is the SM clock of the launch in Hz (cycles over elapsed time).
const metricClock = "sm__cycles_elapsed.avg.per_second"

// NCUMetrics are the counters asked of ncu: the same list the corpus
// recorder uses (validation/testdata/README.md).
var NCUMetrics = []string{
	"l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum",
	"l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum",
	"l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum",
	"l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum",
	"smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ld.sum",
	"smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_st.sum",
	"smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ldsm.sum",
	"smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_stsm.sum",
	"smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_atom.sum",
	"smsp__sass_inst_executed_op_shared_ld.sum",
	"smsp__sass_inst_executed_op_shared_st.sum",
	// cp.async, ldmatrix/stmatrix and wgmma (names as ncu 2025.3 lists them
	// on Hopper; tools/record/ASYNC_FINDINGS.md)
	"smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ldgsts.sum",
	"sm__sass_l1tex_data_bank_conflicts_pipe_lsu_mem_shared_op_ldsm.sum",
	"sm__sass_l1tex_data_bank_conflicts_pipe_lsu_mem_shared_op_stsm.sum",
	"sm__sass_l1tex_data_bank_conflicts_pipe_lsu_mem_shared_op_ldgsts.sum",
	"sm__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_gmma.sum",
	"smsp__sass_inst_executed_op_ldsm.sum",
	"sm__sass_inst_executed_op_shared_stsm.sum",
	"smsp__sass_inst_executed_op_ldgsts.sum",
	"sm__sass_inst_executed_op_shared_gmma.sum",
	metricCycles,
	metricClock,
	"smsp__inst_executed.sum",
}

// NCUOptions says how to profile: Child is the command line that launches
// the kernel exactly once (on pristine inputs), writing any files under
// the directory it is given.
type NCUOptions struct {
	Path    string // ncu binary; "" looks in PATH and /usr/local/cuda/bin
	Child   func(dir string) []string
	Timeout time.Duration // default 3 minutes
}

// NCULaunch is one launch ncu profiled: the kernel's name as ncu prints
// it and its metrics.
type NCULaunch struct {
	Kernel  string
	Metrics map[string]float64
}

// ProfileLaunches runs child (a command launching several kernels, which
// writes what it keeps under the directory it is given) under ncu with
// metrics (no clock control; ncu's default cache control: caches flushed
// before each profiled launch) and returns every launch's row in launch
// order, the ncu version and the command line. read, when set, gets the
// child's directory after ncu ends and before it is removed (the
// launches' outputs). An error: ncu missing, or it failed and printed no
// launch.
func ProfileLaunches(path string, metrics []string, child func(dir string) []string, timeout time.Duration,
	read func(dir string) error) (rows []NCULaunch, tool, line string, err error) {
	ncu := findNCU(path)
	if ncu == "" {
		return nil, "", "", errors.New("ncu not found (PATH, /usr/local/cuda/bin)")
	}
	if v, err := exec.Command(ncu, "--version").Output(); err == nil {
		lines := strings.Split(strings.TrimSpace(string(v)), "\n")
		tool = strings.TrimSpace(lines[len(lines)-1])
	}
	dir, err := os.MkdirTemp("", "sm90sim-ncu-")
	if err != nil {
		return nil, tool, "", err
	}
	defer os.RemoveAll(dir)
	if timeout == 0 {
		timeout = 10 * time.Minute
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	logFile := filepath.Join(dir, "ncu.csv")
	out := filepath.Join(dir, "out")
	args := []string{"--clock-control", "none", "--print-units", "base", "--csv",
		"--log-file", logFile, "--metrics", strings.Join(metrics, ",")}
	args = append(args, child(out)...)
	cmd := exec.CommandContext(ctx, ncu, args...)
	var buf bytes.Buffer
	cmd.Stdout, cmd.Stderr = &buf, &buf
	runErr := cmd.Run()
	line = ncu + " " + strings.Join(args, " ")
	text := buf.String()
	if b, err := os.ReadFile(logFile); err == nil {
		text = string(b) + "\n" + text
	}
	rows = ParseNCULaunches(text)
	if runErr != nil && len(rows) == 0 {
		return nil, tool, line, errors.New("ncu: " + runErr.Error() + ": " + lastLines(text, 6))
	}
	if read != nil {
		if err := read(out); err != nil {
			return rows, tool, line, err
		}
	}
	return rows, tool, line, nil
}

// NCUResult is one profiled launch.
type NCUResult struct {
	Tool         string             `json:"tool"`
	ClockControl string             `json:"clock_control"`
	Metrics      map[string]float64 `json:"metrics"`
	Error        *string            `json:"error"`
	Unavailable  []string           `json:"unavailable_metrics,omitempty"`
	Command      string             `json:"command"`
}

// findNCU returns the ncu binary or "".
func findNCU(path string) string {
	if path != "" {
		return path
	}
	if p, err := exec.LookPath("ncu"); err == nil {
		return p
	}
	for _, p := range []string{"/usr/local/cuda/bin/ncu", "/opt/nvidia/nsight-compute/ncu"} {
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	return ""
}

// Profile runs the child under ncu (no clock control: the GPU's settings
// stay as they are) and reads the metrics of its one launch. When ncu
// rejects the full list, it retries with sm__cycles_elapsed.max alone.
// It never fails: problems go to Error.
func Profile(opt NCUOptions) *NCUResult {
	r := &NCUResult{ClockControl: "none", Metrics: map[string]float64{}}
	ncu := findNCU(opt.Path)
	if ncu == "" {
		r.fail("ncu not found (PATH, /usr/local/cuda/bin)")
		return r
	}
	if v, err := exec.Command(ncu, "--version").Output(); err == nil {
		lines := strings.Split(strings.TrimSpace(string(v)), "\n")
		r.Tool = strings.TrimSpace(lines[len(lines)-1])
	}
	dir, err := os.MkdirTemp("", "sm90sim-ncu-")
	if err != nil {
		r.fail(err.Error())
		return r
	}
	defer os.RemoveAll(dir)
	for _, metrics := range [][]string{NCUMetrics, {metricCycles}} {
		got, cmd, err := runNCU(ncu, metrics, dir, opt)
		r.Command = cmd
		if err == nil && len(got) > 0 {
			r.Metrics, r.Error = got, nil
			for _, m := range NCUMetrics {
				if _, ok := got[m]; !ok {
					r.Unavailable = append(r.Unavailable, m)
				}
			}
			return r
		}
		if err == nil {
			err = errors.New("ncu printed no metrics for the launch")
		}
		r.fail(err.Error())
	}
	return r
}

func (r *NCUResult) fail(msg string) { r.Error = &msg }

func runNCU(ncu string, metrics []string, dir string, opt NCUOptions) (map[string]float64, string, error) {
	timeout := opt.Timeout
	if timeout == 0 {
		timeout = 3 * time.Minute
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	logFile := filepath.Join(dir, "ncu.csv")
	os.Remove(logFile)
	args := []string{"--clock-control", "none", "--print-units", "base", "--csv", "--launch-count", "1",
		"--log-file", logFile, "--metrics", strings.Join(metrics, ",")}
	args = append(args, opt.Child(dir)...)
	cmd := exec.CommandContext(ctx, ncu, args...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	runErr := cmd.Run()
	text := out.String()
	if b, err := os.ReadFile(logFile); err == nil {
		text = string(b) + "\n" + text
	}
	line := ncu + " " + strings.Join(args, " ")
	got := ParseNCUCSV(text)
	if runErr != nil && len(got) == 0 {
		return nil, line, errors.New("ncu: " + runErr.Error() + ": " + lastLines(text, 6))
	}
	return got, line, nil
}

// ParseNCUCSV reads the metrics of the first profiled launch from ncu's
// --csv output (lines that do not start with a quote are ignored; values
// may carry thousands separators).
func ParseNCUCSV(text string) map[string]float64 {
	rows := ParseNCULaunches(text)
	if len(rows) == 0 {
		return map[string]float64{}
	}
	return rows[0].Metrics
}

// ParseNCULaunches reads every profiled launch from ncu's --csv output
// (one row per metric, grouped by the launch's ID), in the order of their
// IDs' first rows; Kernel is the "Kernel Name" column when there is one.
func ParseNCULaunches(text string) []NCULaunch {
	var lines []string
	for _, ln := range strings.Split(text, "\n") {
		if strings.HasPrefix(ln, `"`) {
			lines = append(lines, ln)
		}
	}
	rows, err := csv.NewReader(strings.NewReader(strings.Join(lines, "\n"))).ReadAll()
	if err != nil || len(rows) < 2 {
		return nil
	}
	col := map[string]int{}
	for i, h := range rows[0] {
		col[h] = i
	}
	iID, ok1 := col["ID"]
	iName, ok2 := col["Metric Name"]
	iVal, ok3 := col["Metric Value"]
	if !ok1 || !ok2 || !ok3 {
		return nil
	}
	iKern, hasKern := col["Kernel Name"]
	var out []NCULaunch
	at := map[string]int{}
	for _, r := range rows[1:] {
		if len(r) <= max(iID, iName, iVal) || r[iID] == "ID" {
			continue
		}
		i, ok := at[r[iID]]
		if !ok {
			i = len(out)
			at[r[iID]] = i
			l := NCULaunch{Metrics: map[string]float64{}}
			if hasKern && iKern < len(r) {
				l.Kernel = r[iKern]
			}
			out = append(out, l)
		}
		if v, err := strconv.ParseFloat(strings.ReplaceAll(r[iVal], ",", ""), 64); err == nil {
			out[i].Metrics[r[iName]] = v
		}
	}
	return out
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, " | ")
}
