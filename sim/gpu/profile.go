package gpu

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"sort"
	"strconv"

	"gopkg.in/yaml.v3"
)

// Profile is a GPU's timing profile (calibration/<gpu>.yaml): its clocks,
// GPC map and the timing model's parameters, each with its source and fit
// residual, plus the provenance of the measurements.
type Profile struct {
	Name   string // as selected: a built-in name or the file path
	SHA256 string // of the file's bytes ("" for a built-in without file)
	GPU    string
	SMMHz  float64
	MemMHz float64
	GPCs   [][]int
	// L2Sides: the SMs near each of the two L2 partitions (l2_sides; nil
	// where not measured: TimedConfig.L2Sides)
	L2Sides [][]int
	// MaxActiveClusters* are the occupancy figures the GPC map reproduces.
	MaxActiveClustersOneCTA []int
	MaxActiveClustersSmall  []int
	Params                  map[string]ProfileParam
	Provenance              map[string]any
}

// ProfileParam is one parameter: its value, where it comes from, and the
// fit's residual (nil when read directly or not fitted).
type ProfileParam struct {
	Value    float64  `yaml:"value" json:"value"`
	Source   string   `yaml:"source" json:"source"`
	Residual *float64 `yaml:"residual" json:"residual"`
}

// ProfileError is a profile problem at a position of its file.
type ProfileError struct {
	File      string
	Line, Col int
	Msg       string
}

func (e *ProfileError) Error() string {
	return fmt.Sprintf("%s:%d:%d: error: %s", e.File, e.Line, e.Col, e.Msg)
}

func perr(file string, n *yaml.Node, format string, args ...any) error {
	return &ProfileError{File: file, Line: n.Line, Col: n.Column, Msg: fmt.Sprintf(format, args...)}
}

// ParseProfile reads a profile from the bytes of file (named for errors).
// Unknown keys, unknown parameters and wrong types are errors with the
// file, line and column.
func ParseProfile(file string, data []byte) (*Profile, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("%s: error: %v", file, err)
	}
	sum := sha256.Sum256(data)
	p := &Profile{Name: file, SHA256: hex.EncodeToString(sum[:]), Params: map[string]ProfileParam{}}
	if len(doc.Content) == 0 {
		return nil, fmt.Errorf("%s: error: empty profile", file)
	}
	root := doc.Content[0]
	if root.Kind != yaml.MappingNode {
		return nil, perr(file, root, "a profile is a mapping")
	}
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		var err error
		switch k.Value {
		case "gpu":
			p.GPU = v.Value
		case "clocks":
			err = p.parseClocks(file, v)
		case "gpcs":
			err = v.Decode(&p.GPCs)
		case "l2_sides":
			if err = v.Decode(&p.L2Sides); err == nil {
				err = validateL2Sides(p.L2Sides)
			}
		case "max_active_clusters_one_cta_per_sm":
			err = v.Decode(&p.MaxActiveClustersOneCTA)
		case "max_active_clusters_small_ctas":
			err = v.Decode(&p.MaxActiveClustersSmall)
		case "params":
			err = p.parseParams(file, v)
		case "provenance":
			err = v.Decode(&p.Provenance)
		default:
			return nil, perr(file, k, "unknown key %q (known: gpu, clocks, gpcs, l2_sides, params, provenance, max_active_clusters_*)", k.Value)
		}
		if err != nil {
			if _, ok := err.(*ProfileError); ok {
				return nil, err
			}
			return nil, perr(file, v, "%s: %v", k.Value, err)
		}
	}
	if p.SMMHz <= 0 {
		return nil, perr(file, root, "clocks.sm_mhz is missing")
	}
	return p, nil
}

func (p *Profile) parseClocks(file string, v *yaml.Node) error {
	if v.Kind != yaml.MappingNode {
		return perr(file, v, "clocks is a mapping {sm_mhz, mem_mhz}")
	}
	for i := 0; i+1 < len(v.Content); i += 2 {
		k, x := v.Content[i], v.Content[i+1]
		f, err := strconv.ParseFloat(x.Value, 64)
		if err != nil || f <= 0 {
			return perr(file, x, "clocks.%s must be a positive number, got %q", k.Value, x.Value)
		}
		switch k.Value {
		case "sm_mhz":
			p.SMMHz = f
		case "mem_mhz":
			p.MemMHz = f
		default:
			return perr(file, k, "unknown key clocks.%s (known: sm_mhz, mem_mhz)", k.Value)
		}
	}
	return nil
}

func (p *Profile) parseParams(file string, v *yaml.Node) error {
	if v.Kind != yaml.MappingNode {
		return perr(file, v, "params is a mapping of name: {value, source, residual}")
	}
	for i := 0; i+1 < len(v.Content); i += 2 {
		k, x := v.Content[i], v.Content[i+1]
		if _, ok := ParamByName(k.Value); !ok {
			return perr(file, k, "unknown parameter %q", k.Value)
		}
		if x.Kind != yaml.MappingNode {
			return perr(file, x, "parameter %s is a mapping {value, source, residual}", k.Value)
		}
		var pp ProfileParam
		seen := false
		for j := 0; j+1 < len(x.Content); j += 2 {
			kk, vv := x.Content[j], x.Content[j+1]
			switch kk.Value {
			case "value":
				f, err := strconv.ParseFloat(vv.Value, 64)
				if err != nil {
					return perr(file, vv, "%s.value must be a number, got %q", k.Value, vv.Value)
				}
				pp.Value, seen = f, true
			case "source":
				pp.Source = vv.Value
			case "residual":
				if vv.Tag != "!!null" {
					f, err := strconv.ParseFloat(vv.Value, 64)
					if err != nil {
						return perr(file, vv, "%s.residual must be a number or null, got %q", k.Value, vv.Value)
					}
					pp.Residual = &f
				}
			default:
				return perr(file, kk, "unknown key %s.%s (known: value, source, residual)", k.Value, kk.Value)
			}
		}
		if !seen {
			return perr(file, x, "parameter %s has no value", k.Value)
		}
		p.Params[k.Value] = pp
	}
	return nil
}

// Config is the timing configuration the profile gives: every parameter
// of Params() must be present.
func (p *Profile) Config() (TimedConfig, error) {
	c := DefaultTimedConfig()
	var missing []string
	for _, prm := range Params() {
		v, ok := p.Params[prm.Name]
		if !ok {
			missing = append(missing, prm.Name)
			continue
		}
		prm.Set(&c, v.Value)
	}
	if len(missing) > 0 {
		sort.Strings(missing)
		return c, fmt.Errorf("%s: error: profile lacks parameters %v", p.Name, missing)
	}
	c.SMClockMHz, c.MemClockMHz = p.SMMHz, p.MemMHz
	c.L2Sides = p.L2Sides
	if err := c.Validate(); err != nil {
		return c, fmt.Errorf("%s: error: %v", p.Name, err)
	}
	return c, nil
}

// BuiltinProfile is the compiled-in H200 profile (equal to
// calibration/h200.yaml, checked by a test).
func BuiltinProfile() *Profile {
	p := &Profile{Name: "h200", GPU: "NVIDIA H200", SMMHz: DefaultSMClockMHz, MemMHz: DefaultMemClockMHz,
		GPCs: DefaultGPCs(), L2Sides: DefaultL2Sides(), Params: map[string]ProfileParam{}}
	for name, d := range DefaultTimedParams {
		p.Params[name] = ProfileParam{Value: d.Value, Source: d.Source, Residual: d.Residual}
	}
	return p
}

// AtSMClock is the profile at another SM clock (MHz): the same parameters,
// with the figures given in ns (HBM latency and bandwidth) and in L2 cycles
// (the L2 bandwidth, l2_bytes_per_l2_cycle at l2_clock_mhz) converting to
// SM cycles at mhz (TimedConfig.nsToCycles, L2BytesPerSMCycle). A GPU under
// load runs below its boost clock (a 4096^3 GEMM on an H200: 1500-1660
// MHz) while its L2 keeps its own clock, so one DRAM time in ns is fewer SM
// cycles and the L2 moves more bytes per SM cycle; `validate --mode timed`
// and the accuracy table simulate each launch at the clock ncu recorded for
// it (issue 14, item 9).
func (p *Profile) AtSMClock(mhz float64) *Profile {
	q := *p
	q.SMMHz = mhz
	return &q
}

// ParamsSHA256 is the SHA-256 of the profile's model parameters: one
// "name=value" line each (value in Go's shortest float form), sorted by
// name. Sources, residuals, clocks and provenance are left out, so a
// built-in profile and the file it is kept equal to (TestBuiltin*
// ProfileMatchesFile) hash the same, and a run's report names the
// parameters it ran with even without a file (issue 13). A profile with an
// L2 side map (l2_sides) adds one line for it.
func (p *Profile) ParamsSHA256() string {
	names := make([]string, 0, len(p.Params))
	for n := range p.Params {
		names = append(names, n)
	}
	sort.Strings(names)
	h := sha256.New()
	for _, n := range names {
		fmt.Fprintf(h, "%s=%s\n", n, strconv.FormatFloat(p.Params[n].Value, 'g', -1, 64))
	}
	if len(p.L2Sides) > 0 { // the L2 side map is part of the model
		fmt.Fprintf(h, "l2_sides=%v\n", p.L2Sides)
	}
	return hex.EncodeToString(h.Sum(nil))
}
