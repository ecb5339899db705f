package validation

import (
	"fmt"
	"os"

	"github.com/sm90sim/sm90sim/internal/gzfile"
	"github.com/sm90sim/sm90sim/internal/launch"
	"github.com/sm90sim/sm90sim/ptx"
)

// GPUPlan is what a GPU run needs, made by the same code the simulator
// uses: the PTX text, the spec, the .entry's parameter layout from
// ptx.Load and the buffers from Spec.MakeBuffers (so the seeded inputs are
// identical by construction).
type GPUPlan struct {
	PTXPath string
	PTX     []byte
	Spec    *launch.Spec
	Kernel  string
	Params  []ptx.Param
	Bufs    []*launch.Buffer // pristine inputs, in spec order
}

// InputError is a problem with the PTX, the spec or its files: the CLI's
// exit code 2.
type InputError struct{ Err error }

func (e *InputError) Error() string { return e.Err.Error() }
func (e *InputError) Unwrap() error { return e.Err }

// PlanGPU reads the PTX and the spec and prepares the buffers. kernelFlag
// (the --kernel flag) wins over the spec's kernel:. All errors are
// *InputError.
func PlanGPU(ptxPath, specPath, kernelFlag string) (*GPUPlan, error) {
	src, err := gzfile.ReadFile(ptxPath)
	if err != nil {
		return nil, &InputError{fmt.Errorf("%s: error: %v", ptxPath, pathErrText(err))}
	}
	prog, err := ptx.Load(ptxPath, src)
	if err != nil {
		return nil, &InputError{err}
	}
	spec, err := launch.Load(specPath)
	if err != nil {
		return nil, &InputError{err}
	}
	name, err := spec.ResolveKernel(prog.EntryNames(), kernelFlag)
	if err != nil {
		return nil, &InputError{err}
	}
	p := &GPUPlan{PTXPath: ptxPath, PTX: src, Spec: spec, Kernel: name}
	for _, f := range prog.Funcs {
		if f.Entry && f.Name == name {
			p.Params = f.Params
		}
	}
	if p.Bufs, err = spec.MakeBuffers(); err != nil {
		return nil, &InputError{err}
	}
	// Pack once with placeholder addresses and maps so that a size
	// mismatch is an input error before any device work.
	if _, err := p.Pack(func(string) uint64 { return 0 }, nil); err != nil {
		return nil, &InputError{err}
	}
	return p, nil
}

// ParamSlot is one packed parameter: where it sits in the block.
type ParamSlot struct {
	Name   string `json:"name"`
	Offset int    `json:"offset"`
	Size   int    `json:"size"`
	Align  int    `json:"align"`
}

// Packed is the parameter block and the offset of each parameter (every
// launch passes one pointer per parameter, into the block at its offset).
type Packed struct {
	Block   []byte
	Offsets []int
	Layout  []ParamSlot
}

// Pack lays out the parameters exactly as the .entry signature does
// (launch.Spec.PackParamsMaps): addr gives each buffer's device address
// and maps each tensor map's encoded 128 bytes. With nil maps every map
// packs as 128 zero bytes: the layout is right, the block not launchable.
func (p *GPUPlan) Pack(addr func(name string) uint64, maps map[string][]byte) (*Packed, error) {
	enc := func(name string) ([]byte, error) {
		if maps == nil {
			return make([]byte, launch.TensorMapBytes), nil
		}
		b, ok := maps[name]
		if !ok || len(b) != launch.TensorMapBytes {
			return nil, fmt.Errorf("tensor map %s was not encoded", name)
		}
		return b, nil
	}
	block, err := p.Spec.PackParamsMaps(p.Params, addr, enc)
	if err != nil {
		return nil, err
	}
	out := &Packed{Block: block}
	for _, prm := range p.Params {
		out.Offsets = append(out.Offsets, prm.Offset)
		out.Layout = append(out.Layout, ParamSlot{Name: prm.Name, Offset: prm.Offset, Size: prm.Size, Align: prm.Align})
	}
	return out, nil
}

// Buffer returns the named pristine buffer, or nil.
func (p *GPUPlan) Buffer(name string) *launch.Buffer {
	for _, b := range p.Bufs {
		if b.Name == name {
			return b
		}
	}
	return nil
}

func pathErrText(err error) string {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err.Error()
	}
	return err.Error()
}
