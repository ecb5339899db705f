// Package session loads a kernel and its launch spec into a ready-to-run
// simulated launch. It is shared by the CLI and the corpus tests so that
// both take exactly the same path; like internal/launch it reads files
// (the PTX and, through launch, the spec and its inputs).
package session

import (
	"fmt"
	"os"

	"github.com/sm90sim/sm90sim/internal/gzfile"
	"github.com/sm90sim/sm90sim/internal/launch"
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/gpu"
	"github.com/sm90sim/sm90sim/smem"
)

// Session is a loaded kernel with its launch ready to run.
type Session struct {
	Prog   *ptx.Program
	Spec   *launch.Spec
	Kernel *exec.Kernel
	Launch *exec.Launch
	Bufs   []*launch.Buffer
	Layout exec.Layout
	// Smem is the shared-memory counters of the last Simulate.
	Smem smem.Counters
}

// Prepare reads the PTX and the spec, compiles the kernel, materialises the
// buffers in simulated device memory and packs the parameters. Every error
// it returns is an input error.
func Prepare(ptxPath, specPath, kernelFlag string, layout exec.Layout) (*Session, error) {
	src, err := gzfile.ReadFile(ptxPath)
	if err != nil {
		return nil, fmt.Errorf("%s: error: %v", ptxPath, errText(err))
	}
	prog, err := ptx.Load(ptxPath, src)
	if err != nil {
		return nil, err
	}
	spec, err := launch.Load(specPath)
	if err != nil {
		return nil, err
	}
	name, err := spec.ResolveKernel(prog.EntryNames(), kernelFlag)
	if err != nil {
		return nil, err
	}
	k, err := exec.Compile(prog, name, layout)
	if err != nil {
		return nil, err
	}
	s := &Session{Prog: prog, Spec: spec, Kernel: k, Layout: layout}
	if err := s.materialise(); err != nil {
		return nil, err
	}
	return s, nil
}

// Fresh returns a session of the same compiled kernel and spec with its
// memory materialised anew, as Prepare left it: one compiled kernel can
// run many times (calibrate simulates each microbenchmark hundreds of
// times). s and the result must not run at the same time (LoadGlobals
// writes the kernel's variable addresses, the same ones each time).
func (s *Session) Fresh() (*Session, error) {
	n := &Session{Prog: s.Prog, Spec: s.Spec, Kernel: s.Kernel, Layout: s.Layout}
	if err := n.materialise(); err != nil {
		return nil, err
	}
	return n, nil
}

// Compiled returns the session's compiled kernel and spec without its
// memory (no buffers, no launch): what Fresh needs, kept by a caller that
// runs the kernel many times without holding one run's memory between
// runs.
func (s *Session) Compiled() *Session {
	return &Session{Prog: s.Prog, Spec: s.Spec, Kernel: s.Kernel, Layout: s.Layout}
}

func (s *Session) materialise() error {
	bufs, err := s.Spec.MakeBuffers()
	if err != nil {
		return err
	}
	g := exec.NewGlobalMem()
	if err := s.Kernel.LoadGlobals(g); err != nil {
		return err
	}
	addr := map[string]uint64{}
	for _, b := range bufs {
		seg := g.Adopt(b.Name, b.Data) // MakeBuffers' data is this launch's own
		b.Data = seg.Data
		addr[b.Name] = seg.Base
	}
	s.Bufs = bufs
	maps, err := encodeTensorMaps(s.Spec, bufs, addr)
	if err != nil {
		return err
	}
	params, err := s.Spec.PackParamsMaps(s.Kernel.Entry().Params, func(n string) uint64 { return addr[n] },
		func(n string) ([]byte, error) { return maps[n], nil })
	if err != nil {
		return err
	}
	need := s.Kernel.SharedBytes(s.Spec.SharedBytes) - s.Layout.SharedReservedBytes
	if need > s.Layout.MaxSharedPerBlock {
		return fmt.Errorf("%s: error: the kernel needs %d bytes of shared memory per CTA (static %d + dynamic %d); Hopper allows %d",
			s.Spec.Path, need, s.Kernel.StaticSharedBytes(), s.Spec.SharedBytes, s.Layout.MaxSharedPerBlock)
	}
	s.Launch = &exec.Launch{
		Grid: s.Spec.Grid, Block: s.Spec.Block, Cluster: s.Spec.Cluster, ClusterGiven: s.Spec.ClusterGiven,
		DynamicShared: s.Spec.SharedBytes, Params: params, Global: g, GridID: 1,
		Counters: &smem.Counters{},
	}
	return nil
}

// Run executes the launch functionally. A returned *exec.Fault is a kernel
// failure; any other error is a configuration error.
func (s *Session) Run(cfg gpu.Config) (*gpu.Result, error) {
	return gpu.RunFunctional(cfg, s.Kernel, s.Launch)
}

// Buffer returns the named buffer (its Data is the device memory).
func (s *Session) Buffer(name string) *launch.Buffer {
	for _, b := range s.Bufs {
		if b.Name == name {
			return b
		}
	}
	return nil
}

// WriteOutputs writes the spec's outputs to dir (all or nothing).
func (s *Session) WriteOutputs(dir string) error {
	return launch.WriteOutputs(dir, s.Bufs, s.Spec.Outputs)
}

func errText(err error) string {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err.Error()
	}
	return err.Error()
}
