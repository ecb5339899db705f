package gpu

import (
	"fmt"
	"os"
	"strings"
)

// BuiltinProfileNames are the compiled-in profiles --config takes by name:
// h200 (the default; calibration/h200.yaml) and h100-sxm
// (calibration/h100-sxm.yaml), each measured on the GPU it names.
var BuiltinProfileNames = []string{"h200", "h100-sxm"}

// BuiltinProfileNamed returns a compiled-in profile by name (false for an
// unknown name).
func BuiltinProfileNamed(name string) (*Profile, bool) {
	switch name {
	case "h200":
		return BuiltinProfile(), true
	case "h100-sxm":
		p := &Profile{Name: "h100-sxm", GPU: "NVIDIA H100 80GB HBM3", SMMHz: H100SMClockMHz, MemMHz: H100MemClockMHz,
			GPCs: H100GPCs(), Params: map[string]ProfileParam{}}
		for name, d := range H100TimedParams {
			p.Params[name] = ProfileParam{Value: d.Value, Source: d.Source, Residual: d.Residual}
		}
		// a parameter the model gained after the last H100 fit
		for name, d := range DefaultTimedParams {
			if _, ok := p.Params[name]; !ok {
				p.Params[name] = ProfileParam{Value: d.Value, Source: "H200 value (not fitted on the H100): " + d.Source}
			}
		}
		return p, true
	}
	return nil, false
}

// LoadProfile reads --config: a built-in name or a profile YAML path ("" is
// the built-in H200 profile).
func LoadProfile(config string) (*Profile, error) {
	if config == "" {
		config = "h200"
	}
	if p, ok := BuiltinProfileNamed(config); ok {
		return p, nil
	}
	data, err := os.ReadFile(config)
	if err != nil {
		return nil, fmt.Errorf("--config %s: not a built-in profile (%s) and not a readable file: %v",
			config, strings.Join(BuiltinProfileNames, ", "), err)
	}
	return ParseProfile(config, data)
}
