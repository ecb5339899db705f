package main

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/sm90sim/sm90sim/internal/launch"
	"github.com/sm90sim/sm90sim/internal/safeio"
)

// runInputs are the files a kernel command reads: the PTX, the spec and the
// spec's buffer files. A spec that does not load adds nothing (the command
// reports it when it loads it for real).
func runInputs(ptxPath, specPath string) ([]safeio.Input, *launch.Spec) {
	in := []safeio.Input{{What: "PTX", Path: ptxPath}}
	if specPath == "" {
		return in, nil
	}
	in = append(in, safeio.Input{What: "launch spec", Path: specPath})
	spec, err := launch.Load(specPath)
	if err != nil {
		return in, nil
	}
	for _, b := range spec.Buffers {
		if b.FilePath != "" {
			in = append(in, safeio.Input{What: fmt.Sprintf("input of buffer %s", b.Name), Path: b.FilePath})
		}
	}
	return in, spec
}

// outputTargets are the .npy files a run writes into dir.
func outputTargets(spec *launch.Spec, flag, dir string) []safeio.Target {
	if spec == nil || dir == "" {
		return nil
	}
	var t []safeio.Target
	for _, n := range spec.Outputs {
		t = append(t, safeio.Target{Flag: fmt.Sprintf("%s (output %s)", flag, n), Path: filepath.Join(dir, n+".npy")})
	}
	return t
}

// guardWrites refuses, as an input error (exit 2), a run whose write
// targets include one of its inputs. outDir is the --out directory ("" when
// the command writes no outputs); flags are the other targets as flag/path
// pairs ("--report", path); empty paths are skipped.
func guardWrites(ptxPath, specPath, outDir string, flags ...string) error {
	in, spec := runInputs(ptxPath, specPath)
	targets := outputTargets(spec, "--out", outDir)
	for i := 0; i+1 < len(flags); i += 2 {
		targets = append(targets, safeio.Target{Flag: flags[i], Path: flags[i+1]})
	}
	if err := safeio.CheckWrites(in, targets); err != nil {
		return inputErr(fmt.Errorf("sm90sim: error: %v", err))
	}
	return nil
}

// recordTargets are the files `validate --record` writes into the spec's
// directory.
func recordTargets(ptxPath, specPath string, flags ...string) error {
	in, spec := runInputs(ptxPath, specPath)
	dir := filepath.Dir(specPath)
	targets := outputTargets(spec, "--record", filepath.Join(dir, "gpu"))
	targets = append(targets,
		safeio.Target{Flag: "--record", Path: filepath.Join(dir, "counters.json")},
		safeio.Target{Flag: "--record", Path: filepath.Join(dir, "provenance.json")})
	for i := 0; i+1 < len(flags); i += 2 {
		targets = append(targets, safeio.Target{Flag: flags[i], Path: flags[i+1]})
	}
	if err := safeio.CheckWrites(in, targets); err != nil {
		return inputErr(fmt.Errorf("sm90sim: error: %v", err))
	}
	return nil
}

// guardCapture refuses a capture whose corpus files (kernel.ptx,
// launch.yaml, provenance.json and the captured buffers, in dir) would
// replace a file the captured program was given: the program itself or an
// argument that names an existing file.
func guardCapture(args []string, dir string, files []string) error {
	var in []safeio.Input
	for i, a := range args {
		what := "argument of the program"
		if i == 0 {
			what = "program"
		}
		if st, err := os.Stat(a); err == nil && !st.IsDir() {
			in = append(in, safeio.Input{What: what, Path: a})
		}
	}
	var t []safeio.Target
	for _, n := range append([]string{"kernel.ptx", "launch.yaml", "provenance.json"}, files...) {
		t = append(t, safeio.Target{Flag: "--out", Path: filepath.Join(dir, n)})
	}
	if err := safeio.CheckWrites(in, t); err != nil {
		return inputErr(fmt.Errorf("sm90sim capture: error: %v", err))
	}
	return nil
}

func sortedKeys(m map[string][]byte) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}
