package main

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/sm90sim/sm90sim/sim/gpu"
)

// builtinName maps --config to the built-in profile it stands for: a
// built-in name, or a file named like one (calibration/h200.yaml,
// h100-sxm-calibrated.yaml); "" is h200, as for --config.
func builtinName(config string) (string, error) {
	if config == "" {
		return "h200", nil
	}
	if _, ok := gpu.BuiltinFiles[config]; ok {
		return config, nil
	}
	base := strings.TrimSuffix(strings.TrimSuffix(filepath.Base(config), ".yaml"), "-calibrated")
	if base == "h100" {
		base = "h100-sxm"
	}
	if _, ok := gpu.BuiltinFiles[base]; ok {
		return base, nil
	}
	return "", fmt.Errorf("--update-builtin: --config %s names no built-in profile (%s, or their calibration/*.yaml)",
		config, strings.Join(gpu.BuiltinProfileNames, ", "))
}

// updateBuiltin writes the fitted params into the built-in profile's Go
// table and profile file of the checkout around the working directory, and
// the written profile's provenance.calibrate (the fit's command, date, GPU,
// driver, clocks and figures) into that profile file.
func updateBuiltin(config string, fitted *gpu.Profile, stdout io.Writer) error {
	name, err := builtinName(config)
	if err != nil {
		return inputErr(err)
	}
	root, err := gpu.RepoRoot(".")
	if err != nil {
		return inputErr(fmt.Errorf("--update-builtin: %v", err))
	}
	prov, ok := fitted.Provenance["calibrate"].(map[string]any)
	if !ok {
		return fmt.Errorf("--update-builtin: the fitted profile has no provenance.calibrate (a bug)")
	}
	paths, err := gpu.UpdateBuiltin(root, name, fitted.Params, prov)
	if err != nil {
		return inputErr(fmt.Errorf("--update-builtin: %v", err))
	}
	for _, p := range paths {
		rel, err := filepath.Rel(root, p)
		if err != nil {
			rel = p
		}
		fmt.Fprintf(stdout, "updated built-in profile %s: %s\n", name, rel)
	}
	fmt.Fprintln(stdout, "rebuild sm90sim to compile the new values in")
	return nil
}
