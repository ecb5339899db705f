package validation

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/sm90sim/sm90sim/internal/launch"
	"github.com/sm90sim/sm90sim/validation/driver"
)

// GPUOptions configures RunGPU.
type GPUOptions struct {
	Library string // driver library; "" is libcuda.so.1
	Ordinal int    // device
	// Warmup and Repeats are the event-timed launches after the first one
	// (Repeats 0: no timing).
	Warmup, Repeats int
	MeasureClock    bool        // run the %clock64/%globaltimer spin kernel
	SMI             bool        // read nvidia-smi's clocks and driver version
	NCU             *NCUOptions // profile one launch under ncu (nil: no)
	// MoreRuns are launches after the first, each on pristine inputs in
	// the same context and module (as tools/microbench/mb.py's runs),
	// whose outputs named in MoreOutputs are kept in GPUResult.More.
	MoreRuns    int
	MoreOutputs []string
	// Device, when set, is an open device (driver.Open) to run on: its
	// context is kept, and it stays open after the run (a kernel fault
	// leaves it unusable: close it and open another). nil opens
	// Library/Ordinal's device for this run and closes it after.
	Device *driver.Device
}

// GPUResult is a finished GPU run.
type GPUResult struct {
	// Outputs are the spec's outputs from the first launch on pristine
	// inputs, in spec order.
	Outputs []*launch.Buffer
	// More are the outputs (GPUOptions.MoreOutputs the spec has) of each
	// of GPUOptions.MoreRuns launches after the first.
	More        [][]*launch.Buffer
	Info        *GPUInfo
	WallSeconds float64
}

// Output returns the named output, or nil.
func (r *GPUResult) Output(name string) *launch.Buffer {
	for _, b := range r.Outputs {
		if b.Name == name {
			return b
		}
	}
	return nil
}

// jitLogLimit trims the JIT info log kept in the report.
const jitLogLimit = 8000

// RunGPU runs the plan on a real GPU: cuMemAlloc'd buffers with the
// plan's bytes, the packed parameters, one launch whose outputs are
// downloaded, then the timing launches, the clock readings and the ncu
// profile. Errors: *driver.NoDeviceError when there is no GPU, a
// *driver.Error for any failing driver call (a kernel fault surfaces at
// the synchronisation after the launch). On an error after the device
// was opened the result still holds what was learned (Info).
func RunGPU(plan *GPUPlan, opt GPUOptions) (*GPUResult, error) {
	start := time.Now()
	d := opt.Device
	if d == nil {
		var err error
		if d, err = driver.Open(opt.Library, opt.Ordinal); err != nil {
			return nil, err
		}
	}
	res := &GPUResult{Info: &GPUInfo{}}
	err := runOnDevice(d, plan, opt, res)
	if opt.Device == nil {
		d.Close()
	}
	if opt.SMI {
		// Right after the timed launches (or the failure).
		res.Info.DriverVersion = readSMI(&res.Info.Clocks, opt.Ordinal)
	}
	if err == nil && opt.NCU != nil {
		res.Info.NCU = Profile(*opt.NCU)
	}
	if err == nil {
		res.Info.settleCycles()
	}
	res.WallSeconds = time.Since(start).Seconds()
	return res, err
}

func runOnDevice(d *driver.Device, plan *GPUPlan, opt GPUOptions, res *GPUResult) error {
	g := res.Info
	if err := fillDeviceInfo(d, g); err != nil {
		return err
	}
	m, err := d.LoadModule(plan.PTX)
	if err != nil {
		return err
	}
	defer m.Unload()
	g.JITInfoLog = trimText(m.InfoLog, jitLogLimit)
	f, err := m.Function(plan.Kernel)
	if err != nil {
		return err
	}
	g.FuncAttrs = f.Attributes()
	addr, free, err := allocBuffers(d, plan.Bufs)
	defer free()
	if err != nil {
		return err
	}
	maps, recs, err := encodeTensorMaps(d, plan.Spec, addr)
	if err != nil {
		return err
	}
	g.TensorMaps = recs
	bufs := deviceBuffers(plan.Spec, plan.Bufs, maps)
	packed, err := plan.Pack(func(n string) uint64 { return addr[n] }, maps)
	if err != nil {
		return &InputError{err}
	}
	g.ParamLayout = packed.Layout
	params := driver.Params{Block: packed.Block, Offsets: packed.Offsets}
	s := plan.Spec
	cfg := driver.LaunchConfig{Grid: s.Grid, Block: s.Block, Cluster: s.Cluster, ClusterGiven: s.ClusterGiven,
		NonPortableCluster: s.NonPortableCluster, SharedBytes: s.SharedBytes}
	g.LaunchMode = driver.LaunchMode
	g.Launch = "cuLaunchKernel (kernelParams: one pointer per parameter into the packed block)"
	if cfg.ClusterGiven {
		g.Launch = fmt.Sprintf("cuLaunchKernelEx, cluster %v (kernelParams: one pointer per parameter into the packed block)", cfg.Cluster)
	}
	if err := upload(d, bufs, addr); err != nil {
		return err
	}
	if err := f.Prepare(cfg); err != nil {
		return err
	}
	if err := f.Run(cfg, params); err != nil {
		return err
	}
	for _, name := range s.Outputs {
		b := plan.Buffer(name)
		out := &launch.Buffer{Name: b.Name, DType: b.DType, Shape: slices.Clone(b.Shape), Data: make([]byte, len(b.Data))}
		if err := d.CopyOut(out.Data, addr[name]); err != nil {
			return err
		}
		res.Outputs = append(res.Outputs, out)
	}
	for i := 0; i < opt.MoreRuns; i++ {
		if err := upload(d, bufs, addr); err != nil {
			return err
		}
		if err := f.Run(cfg, params); err != nil {
			return err
		}
		var outs []*launch.Buffer
		for _, name := range s.Outputs {
			if !slices.Contains(opt.MoreOutputs, name) {
				continue
			}
			b := plan.Buffer(name)
			out := &launch.Buffer{Name: b.Name, DType: b.DType, Shape: slices.Clone(b.Shape), Data: make([]byte, len(b.Data))}
			if err := d.CopyOut(out.Data, addr[name]); err != nil {
				return err
			}
			outs = append(outs, out)
		}
		res.More = append(res.More, outs)
	}
	var samples []float64
	for i := 0; i < opt.Warmup+opt.Repeats && opt.Repeats > 0; i++ {
		if err := upload(d, bufs, addr); err != nil {
			return err
		}
		ms, err := f.TimedRun(cfg, params)
		if err != nil {
			return err
		}
		if i >= opt.Warmup {
			samples = append(samples, ms)
		}
	}
	g.KernelTime = newKernelTime(samples, opt.Warmup)
	if opt.MeasureClock {
		if mhz, err := measureSMClock(d); err == nil && mhz > 0 {
			g.Clocks.MeasuredSMMHz = &mhz
		}
	}
	return nil
}

func fillDeviceInfo(d *driver.Device, g *GPUInfo) error {
	info, err := d.Info()
	if err != nil {
		return err
	}
	a := info.Attributes
	g.Name, g.DeviceAttrs = info.Name, a
	g.CUDADriverAPI = fmt.Sprintf("%d.%d", info.DriverVersion/1000, info.DriverVersion%1000/10)
	g.ComputeCapability = fmt.Sprintf("%d.%d", a["compute_capability_major"], a["compute_capability_minor"])
	g.SMCount = a["multiprocessor_count"]
	g.Clocks.SMClockRateKHz = intPtr(a, "clock_rate_khz")
	g.Clocks.MemClockRateKHz = intPtr(a, "memory_clock_rate_khz")
	return nil
}

// allocBuffers allocates every buffer (cuMemAlloc gives 256-byte aligned
// addresses; anything else is reported). free releases what was allocated.
func allocBuffers(d *driver.Device, bufs []*launch.Buffer) (map[string]uint64, func(), error) {
	addr := map[string]uint64{}
	var ptrs []uint64
	free := func() {
		for _, p := range ptrs {
			d.Free(p)
		}
	}
	for _, b := range bufs {
		p, err := d.Alloc(len(b.Data))
		if err != nil {
			return nil, free, fmt.Errorf("buffer %s: %w", b.Name, err)
		}
		ptrs = append(ptrs, p)
		if p%256 != 0 {
			return nil, free, fmt.Errorf("buffer %s: cuMemAlloc returned %#x, not 256-byte aligned", b.Name, p)
		}
		addr[b.Name] = p
	}
	return addr, free, nil
}

// upload copies every buffer's pristine bytes to the device.
func upload(d *driver.Device, bufs []*launch.Buffer, addr map[string]uint64) error {
	for _, b := range bufs {
		if err := d.CopyIn(addr[b.Name], b.Data); err != nil {
			return fmt.Errorf("buffer %s: %w", b.Name, err)
		}
	}
	return nil
}

func trimText(s string, n int) string {
	s = strings.TrimSpace(s)
	if len(s) > n {
		return s[:n] + fmt.Sprintf("\n... [trimmed, %d bytes in all]", len(s))
	}
	return s
}
