package validation

import (
	"context"
	"fmt"
	"math"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"time"
)

// GPUInfo is the report's "gpu" section: the device, its clocks, the
// kernel's time and cycles, and how each number was obtained.
type GPUInfo struct {
	Name              string `json:"name"`
	DriverVersion     string `json:"driver_version"`     // nvidia-smi's, "" when unavailable
	CUDADriverAPI     string `json:"cuda_driver_api"`    // cuDriverGetVersion, e.g. "13.0"
	ComputeCapability string `json:"compute_capability"` // e.g. "9.0"
	SMCount           int    `json:"sm_count"`
	Clocks            Clocks `json:"clocks"`
	// KernelTime is measured with events around repeated launches.
	KernelTime *KernelTime `json:"kernel_time"`
	// Cycles is the kernel's SM cycles: ncu's sm__cycles_elapsed.max when
	// ncu works, else the median event time times the SM clock;
	// CyclesSource says which.
	Cycles       *int64     `json:"cycles"`
	CyclesSource string     `json:"cycles_source"`
	NCU          *NCUResult `json:"ncu"`
	Launch       string     `json:"launch"` // the driver call used
	// LaunchMode is how the parameters are passed: "params" (kernelParams,
	// one pointer per parameter), as tools/record/record.py names it.
	LaunchMode string `json:"launch_mode"`
	// TensorMaps are the spec's maps as the driver encoded them.
	TensorMaps  map[string]TensorMapRecord `json:"tensormaps,omitempty"`
	ParamLayout []ParamSlot                `json:"param_layout"`
	FuncAttrs   map[string]int             `json:"function_attributes"`
	DeviceAttrs map[string]int             `json:"device_attributes"`
	JITInfoLog  string                     `json:"jit_info_log"`
}

// Clocks are the SM and memory clocks from every source at hand.
type Clocks struct {
	// From cuDeviceGetAttribute (CLOCK_RATE, MEMORY_CLOCK_RATE): the peak.
	SMClockRateKHz  *int `json:"sm_clock_rate_khz"`
	MemClockRateKHz *int `json:"memory_clock_rate_khz"`
	// nvidia-smi's current and maximum clocks, read after the timed launches.
	SMIsmMHz     *int    `json:"smi_sm_mhz"`
	SMImemMHz    *int    `json:"smi_memory_mhz"`
	SMIMaxSMMHz  *int    `json:"smi_max_sm_mhz"`
	SMIMaxMemMHz *int    `json:"smi_max_memory_mhz"`
	SMIError     *string `json:"smi_error,omitempty"`
	// MeasuredSMMHz is %clock64 over %globaltimer in a spin kernel run
	// right after the timed launches.
	MeasuredSMMHz *float64 `json:"measured_sm_mhz"`
}

// KernelTime summarises the event-timed launches.
type KernelTime struct {
	MedianMS float64 `json:"median_ms"`
	MinMS    float64 `json:"min_ms"`
	MaxMS    float64 `json:"max_ms"`
	Launches int     `json:"launches"`
	Warmup   int     `json:"warmup"`
	Inputs   string  `json:"inputs"`
}

func newKernelTime(samples []float64, warmup int) *KernelTime {
	if len(samples) == 0 {
		return nil
	}
	s := slices.Clone(samples)
	slices.Sort(s)
	return &KernelTime{MedianMS: median(s), MinMS: s[0], MaxMS: s[len(s)-1], Launches: len(s), Warmup: warmup,
		Inputs: "fresh copy of every buffer uploaded before each launch (outputs come from the first launch)"}
}

// median of sorted values.
func median(s []float64) float64 {
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// SMClockMHz is the best SM clock known for the launch, in MHz, and where
// it comes from: ncu's sm__cycles_elapsed.avg.per_second, else runClock's;
// 0 when none is known.
func (g *GPUInfo) SMClockMHz() (float64, string) {
	if g == nil {
		return 0, ""
	}
	if g.NCU != nil && g.NCU.Error == nil {
		if v, ok := g.NCU.Metrics[metricClock]; ok && v > 0 {
			return v / 1e6, "ncu " + metricClock
		}
	}
	return g.Clocks.runClock()
}

// runClock is the SM clock measured around the run: %clock64 over
// %globaltimer, else nvidia-smi's current clock; 0 when neither is known.
func (c *Clocks) runClock() (float64, string) {
	switch {
	case c.MeasuredSMMHz != nil:
		return *c.MeasuredSMMHz, "measured SM clock (%clock64 over %globaltimer)"
	case c.SMIsmMHz != nil:
		return float64(*c.SMIsmMHz), "nvidia-smi's current SM clock"
	}
	return 0, ""
}

// settleCycles fills Cycles and CyclesSource: ncu's count when there is
// one, else an estimate from the event time and the best SM clock known
// (measured, then nvidia-smi's current, then the attribute's peak).
func (g *GPUInfo) settleCycles() {
	if g.NCU != nil && g.NCU.Error == nil {
		if v, ok := g.NCU.Metrics[metricCycles]; ok {
			c := int64(math.Round(v))
			g.Cycles, g.CyclesSource = &c, "ncu "+metricCycles
			return
		}
	}
	why := "ncu not run"
	if g.NCU != nil && g.NCU.Error != nil {
		why = "ncu failed"
	}
	if g.KernelTime == nil {
		g.CyclesSource = "none: " + why + " and no timed launches"
		return
	}
	mhz, src := g.Clocks.runClock()
	if mhz == 0 && g.Clocks.SMClockRateKHz != nil {
		mhz, src = float64(*g.Clocks.SMClockRateKHz)/1000, "the CLOCK_RATE attribute (peak SM clock)"
	}
	if mhz == 0 {
		g.CyclesSource = "none: " + why + " and no SM clock known"
		return
	}
	cyc := int64(math.Round(g.KernelTime.MedianMS * 1e-3 * mhz * 1e6))
	g.Cycles = &cyc
	g.CyclesSource = fmt.Sprintf("estimate (%s): median event time %.4g ms x %s %.0f MHz", why, g.KernelTime.MedianMS, src, mhz)
}

// smiQuery is what readSMI asks nvidia-smi for (in this order).
const smiQuery = "name,driver_version,clocks.current.sm,clocks.current.memory,clocks.max.sm,clocks.max.memory"

// readSMI fills the nvidia-smi clocks and returns the driver version.
func readSMI(c *Clocks, ordinal int) string {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, "nvidia-smi", "--query-gpu="+smiQuery,
		"--format=csv,noheader,nounits", "-i", strconv.Itoa(ordinal)).Output()
	if err != nil {
		msg := "nvidia-smi: " + err.Error()
		c.SMIError = &msg
		return ""
	}
	return parseSMI(c, string(out))
}

// parseSMI reads one CSV line of smiQuery's fields.
func parseSMI(c *Clocks, out string) string {
	line, _, _ := strings.Cut(strings.TrimSpace(out), "\n")
	f := strings.Split(line, ",")
	if len(f) < 6 {
		msg := fmt.Sprintf("nvidia-smi: unexpected output %q", line)
		c.SMIError = &msg
		return ""
	}
	num := func(s string) *int {
		v, err := strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(s), "MHz")))
		if err != nil {
			return nil
		}
		return &v
	}
	c.SMIsmMHz, c.SMImemMHz, c.SMIMaxSMMHz, c.SMIMaxMemMHz = num(f[2]), num(f[3]), num(f[4]), num(f[5])
	return strings.TrimSpace(f[1])
}

func intPtr(m map[string]int, k string) *int {
	if v, ok := m[k]; ok {
		return &v
	}
	return nil
}
