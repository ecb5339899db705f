//go:build !cgo

package driver

// Built without cgo there is no driver: Open says so and nothing else is
// reachable. The types keep the cgo build's method sets so that callers
// compile either way.

// Device is unavailable without cgo.
type Device struct{}

// Module is unavailable without cgo.
type Module struct{ InfoLog string }

// Function is unavailable without cgo.
type Function struct{ Name string }

// Open always returns ErrNoCgo.
func Open(lib string, ordinal int) (*Device, error) { return nil, ErrNoCgo }

func (d *Device) Close()                                                 {}
func (d *Device) Info() (*Info, error)                                   { return nil, ErrNoCgo }
func (d *Device) LoadModule(ptx []byte) (*Module, error)                 { return nil, ErrNoCgo }
func (d *Device) Alloc(n int) (uint64, error)                            { return 0, ErrNoCgo }
func (d *Device) Free(p uint64) error                                    { return ErrNoCgo }
func (d *Device) CopyIn(p uint64, b []byte) error                        { return ErrNoCgo }
func (d *Device) CopyOut(b []byte, p uint64) error                       { return ErrNoCgo }
func (d *Device) Synchronize() error                                     { return ErrNoCgo }
func (m *Module) Unload() error                                          { return ErrNoCgo }
func (m *Module) Function(name string) (*Function, error)                { return nil, ErrNoCgo }
func (f *Function) Attributes() map[string]int                           { return nil }
func (f *Function) Prepare(cfg LaunchConfig) error                       { return ErrNoCgo }
func (f *Function) Launch(cfg LaunchConfig, p Params) error              { return ErrNoCgo }
func (f *Function) Run(cfg LaunchConfig, p Params) error                 { return ErrNoCgo }
func (f *Function) TimedRun(cfg LaunchConfig, p Params) (float64, error) { return 0, ErrNoCgo }

// EncodeTensorMap is unavailable without cgo.
func (d *Device) EncodeTensorMap(a TensorMapArgs) ([TensorMapBytes]byte, error) {
	return [TensorMapBytes]byte{}, ErrNoCgo
}
