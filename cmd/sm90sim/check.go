package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/sm90sim/sm90sim/internal/gzfile"
	"github.com/sm90sim/sm90sim/internal/launch"
	"github.com/sm90sim/sm90sim/internal/progress"
	"github.com/sm90sim/sm90sim/internal/report"
	"github.com/sm90sim/sm90sim/internal/safeio"
	"github.com/sm90sim/sm90sim/internal/session"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/validation"
)

type checkFlags struct {
	junit           string
	shard           string
	jobs            int
	noHazardCheck   bool
	maxInstructions int64
	progress        string
	strict          bool
	memoryLimit     string
	cmd             *cobra.Command
}

func newCheckCmd(stdout io.Writer) *cobra.Command {
	var f checkFlags
	cmd := &cobra.Command{
		Use:   "check DIR...",
		Short: "Run corpus-style directories and compare with their recorded GPU outputs (no GPU needed)",
		Long: `check runs each directory (kernel.ptx or its one *.ptx, launch.yaml, gpu/ with the
recorded outputs) in the simulator and compares every output under the spec's compare:
rules, as the corpus test does. It writes nothing into the directories.
Exit 0: all pass; 1: an output differs or a kernel failed; 2: a directory is malformed
(the others still run).`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			f.cmd = cmd
			return checkDirs(args, f, stdout)
		},
	}
	cmd.Flags().StringVar(&f.junit, "junit", "", "write a JUnit XML report here")
	cmd.Flags().StringVar(&f.shard, "shard", "", "K/N: check only the K-th of N deterministic shards of the directories (1 <= K <= N)")
	cmd.Flags().Int64Var(&f.maxInstructions, "max-instructions", 10_000_000_000, "warp-instruction budget for each launch")
	addJobsFlag(cmd, &f.jobs)
	addHazardFlag(cmd, &f.noHazardCheck)
	addProgressFlag(cmd, &f.progress)
	addMemoryFlag(cmd, &f.memoryLimit)
	addStrictFlag(cmd, &f.strict)
	return cmd
}

// checkResult is one directory's verdict.
type checkResult struct {
	Dir     string
	Status  string // pass, fail (mismatch), error (kernel failed), malformed
	Summary string // the one-line verdict's tail
	Details []string
	Seconds float64
}

// shardOf returns the directories of shard "K/N" (all for ""): sorted by
// path, every N-th from the K-th.
func shardOf(dirs []string, spec string) ([]string, error) {
	sorted := append([]string(nil), dirs...)
	sort.Strings(sorted)
	if spec == "" {
		return sorted, nil
	}
	ks, ns, ok := strings.Cut(spec, "/")
	k, err1 := strconv.Atoi(ks)
	n, err2 := strconv.Atoi(ns)
	if !ok || err1 != nil || err2 != nil || n < 1 || k < 1 || k > n {
		return nil, fmt.Errorf("--shard %q: want K/N with 1 <= K <= N", spec)
	}
	var out []string
	for i, d := range sorted {
		if i%n == k-1 {
			out = append(out, d)
		}
	}
	return out, nil
}

func checkDirs(args []string, f checkFlags, stdout io.Writer) error {
	dirs, err := shardOf(args, f.shard)
	if err != nil {
		return inputErr(fmt.Errorf("sm90sim check: error: %v", err))
	}
	if err := checkBudget(f.maxInstructions); err != nil {
		return err
	}
	if _, err := progress.ParseMode(f.progress); err != nil {
		return inputErr(fmt.Errorf("sm90sim check: error: %v", err))
	}
	if f.junit != "" {
		var in []safeio.Input
		for _, d := range dirs {
			if p, s, err := dirFiles(d); err == nil {
				i, _ := runInputs(p, s)
				in = append(in, i...)
			}
		}
		if err := safeio.CheckWrites(in, []safeio.Target{{Flag: "--junit", Path: f.junit}}); err != nil {
			return inputErr(fmt.Errorf("sm90sim check: error: %v", err))
		}
	}
	var results []checkResult
	for _, d := range dirs {
		r := checkDir(d, f)
		results = append(results, r)
		fmt.Fprintf(stdout, "%-9s %s  %s\n", strings.ToUpper(r.Status), r.Dir, r.Summary)
		for _, l := range r.Details {
			fmt.Fprintf(stdout, "          %s\n", l)
		}
	}
	counts := map[string]int{}
	for _, r := range results {
		counts[r.Status]++
	}
	fmt.Fprintf(stdout, "%d directories: %d pass, %d fail, %d error, %d malformed\n",
		len(results), counts["pass"], counts["fail"], counts["error"], counts["malformed"])
	if f.junit != "" {
		if err := report.WriteFileWith(f.junit, func(w io.Writer) error { return writeJUnit(w, results) }); err != nil {
			return inputErr(fmt.Errorf("sm90sim check: error: writing --junit: %v", err))
		}
	}
	switch {
	case counts["malformed"] > 0:
		return &exitError{exitInput, errors.New("")}
	case counts["fail"]+counts["error"] > 0:
		return &exitError{exitKernel, errors.New("")}
	}
	return nil
}

// dirFiles finds a directory's PTX (kernel.ptx, else its only *.ptx) and
// launch.yaml.
func dirFiles(dir string) (ptxPath, specPath string, err error) {
	st, err := os.Stat(dir)
	if err != nil || !st.IsDir() {
		return "", "", fmt.Errorf("not a directory")
	}
	specPath = filepath.Join(dir, "launch.yaml")
	if !gzfile.Exists(specPath) { // loose, or in the directory's bundle (validation/microbench)
		return "", "", fmt.Errorf("no launch.yaml")
	}
	ptxPath = filepath.Join(dir, "kernel.ptx")
	if !gzfile.Exists(ptxPath) {
		m, _ := filepath.Glob(filepath.Join(dir, "*.ptx"))
		gz, _ := filepath.Glob(filepath.Join(dir, "*.ptx.gz"))
		for _, g := range gz {
			if p := strings.TrimSuffix(g, gzfile.Ext); !gzfile.Exists(p) || !contains(m, p) {
				m = append(m, p) // read through the .gz
			}
		}
		if len(m) != 1 {
			return "", "", fmt.Errorf("no kernel.ptx and %d *.ptx files (want exactly one)", len(m))
		}
		ptxPath = m[0]
	}
	if st, err := os.Stat(filepath.Join(dir, "gpu")); (err != nil || !st.IsDir()) && !gzfile.Exists(filepath.Join(dir, gzfile.BundleName)) {
		return "", "", fmt.Errorf("no gpu/ folder with recorded outputs")
	}
	return ptxPath, specPath, nil
}

func checkDir(dir string, f checkFlags) (r checkResult) {
	start := time.Now()
	r.Dir = dir
	defer func() { r.Seconds = time.Since(start).Seconds() }()
	ptxPath, specPath, err := dirFiles(dir)
	if err != nil {
		r.Status, r.Summary = "malformed", err.Error()
		return r
	}
	spec, err := launch.Load(specPath)
	if err != nil {
		r.Status, r.Summary = "malformed", firstLineOf(err.Error())
		return r
	}
	rec, err := validation.LoadRecording(dir, spec.Outputs)
	if err != nil {
		r.Status, r.Summary = "malformed", err.Error()
		return r
	}
	if err := checkMemory(specPath, f.jobs, f.memoryLimit); err != nil {
		r.Status, r.Summary = "malformed", firstLineOf(err.Error())
		return r
	}
	rep := &report.Report{}
	var hook func(int, int, int64)
	if f.cmd != nil {
		p, _ := startProgress(f.cmd, f.progress, dir)
		defer p.Finish()
		hook = p.Hook()
	}
	s, err := session.Simulate(ptxPath, specPath, "", session.RunOptions{MaxInstructions: f.maxInstructions, Jobs: f.jobs, NoHazardCheck: f.noHazardCheck, Strict: f.strict, Progress: hook}, rep)
	if err != nil {
		var fault *exec.Fault
		if errors.As(err, &fault) {
			r.Status, r.Summary = "error", "kernel failed: "+firstLineOf(err.Error())
		} else {
			r.Status, r.Summary = "malformed", firstLineOf(err.Error())
		}
		return r
	}
	r.Status = "pass"
	sampled := 0
	for _, o := range spec.Outputs {
		b := s.Buffer(o)
		ro := rec.Outputs[o]
		rule := spec.CompareFor(o)
		d := ro.Check(o, b.DType, b.Data, rule)
		if ro.Sampled(rule) {
			sampled++
		}
		if !d.Equal {
			r.Status = "fail"
			r.Details = append(r.Details, diffLines(d, ro, b)...)
		}
	}
	r.Summary = outputsText(len(spec.Outputs), sampled)
	if r.Status == "fail" {
		r.Summary = "outputs differ from the recording"
	}
	return r
}

func outputsText(n, sampled int) string {
	s := fmt.Sprintf("%d outputs match the recording", n)
	if n == 1 {
		s = "1 output matches the recording"
	}
	if sampled > 0 {
		s += fmt.Sprintf(" (%d sampled: only the recorded sample is compared under a ULP or ignore rule)", sampled)
	}
	return s
}

// diffLines is a readable summary of one differing output.
func diffLines(d validation.Diff, ro *validation.RecordedOutput, b *launch.Buffer) []string {
	head := fmt.Sprintf("output %s (%s): %d of %d compared elements differ", d.Name, d.DType, d.Mismatches, d.Compared)
	if d.MaxULP != nil {
		head += fmt.Sprintf(", max %d ulp", *d.MaxULP)
	}
	if len(d.FirstDiffs) > 0 {
		head += fmt.Sprintf(", first at %v", d.FirstDiffs)
	}
	lines := []string{head}
	es := b.DType.Size()
	for k, i := range d.FirstDiffs {
		if k == 4 {
			break
		}
		want, ok := ro.Want(i, es)
		if !ok || (i+1)*es > len(b.Data) {
			continue
		}
		lines = append(lines, fmt.Sprintf("  [%d] got %s, want %s", i, validation.FormatValue(b.DType, b.Data[i*es:(i+1)*es]), validation.FormatValue(b.DType, want)))
	}
	if len(d.DifferingBlocks) > 0 {
		lines = append(lines, fmt.Sprintf("  differs outside the recorded sample, in %d-byte blocks %v", d.BlockBytes, d.DifferingBlocks))
	} else if len(d.FirstDiffs) == 0 && d.Mismatches > 0 {
		lines = append(lines, "  differs outside the recorded sample (the SHA-256 of the output does not match)")
	}
	return lines
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func firstLineOf(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i] + " (and more)"
	}
	return s
}

// expectOutputs compares a finished run with DIR's recorded outputs
// (`run --expect DIR`): exit 1 with the differences when they differ.
func expectOutputs(s *session.Session, dir string, stdout io.Writer) error {
	rec, err := validation.LoadRecording(dir, s.Spec.Outputs)
	if err != nil {
		return inputErr(fmt.Errorf("--expect: %v", err))
	}
	var lines []string
	for _, o := range s.Spec.Outputs {
		b := s.Buffer(o)
		ro := rec.Outputs[o]
		if d := ro.Check(o, b.DType, b.Data, s.Spec.CompareFor(o)); !d.Equal {
			lines = append(lines, diffLines(d, ro, b)...)
		}
	}
	if len(lines) > 0 {
		return kernelErr(fmt.Errorf("--expect %s: the outputs differ from the recording\n%s", dir, strings.Join(lines, "\n")))
	}
	fmt.Fprintf(stdout, "expect             %s: %s\n", dir, outputsText(len(s.Spec.Outputs), 0))
	return nil
}
