package validation

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"sort"
	"strings"

	"github.com/sm90sim/sm90sim/internal/launch"
)

// Recording limits (validation/testdata/README.md).
const (
	bigOutputBytes = 1 << 20 // outputs over this are stored as sha256 + sample
	sampleCount    = 4096
)

// RecordOptions configures Record.
type RecordOptions struct {
	GPU     GPUOptions // the first run's options (timing, clocks, ncu)
	Command string     // the command line, for provenance
	Now     string     // the date (ISO 8601, UTC)
}

// RecordResult says what Record wrote and how it compares with the
// recording it replaced.
type RecordResult struct {
	Dir     string
	First   *GPUResult
	Outputs []RecordedFile
	// Previous compares each new output with the earlier recording (nil
	// when there was none, or it could not be read: PreviousError).
	Previous      []Diff
	PreviousError string
	// InputsMatch compares each input's sha256 with the earlier
	// provenance's (nil when it had none).
	InputsMatch map[string]bool
}

// RecordedFile is one output as written.
type RecordedFile struct {
	Name   string `json:"-"`
	File   string `json:"file"`
	Bytes  int    `json:"bytes"`
	SHA256 string `json:"sha256,omitempty"`
}

// RunsDifferError lists the elements that differed between two runs on
// fresh buffers (outside the spec's ignore lists): such outputs are not
// deterministic and are refused.
type RunsDifferError struct {
	Diffs map[string][]int // output -> flat indices
}

func (e *RunsDifferError) Error() string {
	var b strings.Builder
	b.WriteString("the two GPU runs differ; outputs not recorded:")
	for _, name := range sortedKeys(e.Diffs) {
		idx := e.Diffs[name]
		fmt.Fprintf(&b, " %s: %d elements (first %s);", name, len(idx), indicesText(idx[:min(len(idx), 16)]))
	}
	return strings.TrimSuffix(b.String(), ";")
}

// Record runs the plan twice on the GPU (fresh buffers each time), refuses
// outputs that differ between the runs (outside compare ignore lists), and
// writes DIR/gpu/*, DIR/counters.json and DIR/provenance.json in the
// corpus format, keeping provenance fields it does not own (nvcc, raw
// tool logs, earlier commands).
func Record(dir string, plan *GPUPlan, opt RecordOptions) (*RecordResult, error) {
	first, err := RunGPU(plan, opt.GPU)
	if err != nil {
		return &RecordResult{Dir: dir, First: first}, err
	}
	second, err := RunGPU(plan, GPUOptions{Library: opt.GPU.Library, Ordinal: opt.GPU.Ordinal})
	if err != nil {
		return &RecordResult{Dir: dir, First: first}, err
	}
	if d := RunDiffs(plan.Spec, first, second); len(d) > 0 {
		return &RecordResult{Dir: dir, First: first}, &RunsDifferError{Diffs: d}
	}
	return SaveRecording(dir, plan, first, opt)
}

// SaveRecording writes one run's outputs, counters and provenance into DIR
// after comparing them with the recording they replace.
func SaveRecording(dir string, plan *GPUPlan, run *GPUResult, opt RecordOptions) (*RecordResult, error) {
	res := &RecordResult{Dir: dir, First: run}
	prevProv := readJSONMap(dir, "provenance.json")
	res.comparePrevious(plan, run, prevProv)
	var err error
	if res.Outputs, err = writeOutputs(dir, plan, run); err != nil {
		return res, err
	}
	if err := writeCounters(dir, plan, run); err != nil {
		return res, err
	}
	return res, writeProvenance(dir, plan, run, res, prevProv, opt)
}

// RunDiffs returns, per output, the flat indices whose bits differ between
// two runs and are not in the output's ignore list.
func RunDiffs(s *launch.Spec, a, b *GPUResult) map[string][]int {
	out := map[string][]int{}
	for _, name := range s.Outputs {
		x, y := a.Output(name), b.Output(name)
		es := x.DType.Size()
		ignore := s.CompareFor(name).IgnoreSet(len(x.Data) / es)
		for i := 0; i*es < len(x.Data); i++ {
			if !ignore[i] && !bytes.Equal(x.Data[i*es:(i+1)*es], y.Data[i*es:(i+1)*es]) {
				out[name] = append(out[name], i)
			}
		}
	}
	return out
}

// comparePrevious checks the new outputs and inputs against the recording
// being replaced.
func (res *RecordResult) comparePrevious(plan *GPUPlan, run *GPUResult, prov map[string]any) {
	s := plan.Spec
	if prev, err := LoadRecording(res.Dir, s.Outputs); err == nil {
		for _, name := range s.Outputs {
			o := run.Output(name)
			res.Previous = append(res.Previous, prev.Outputs[name].Check(name, o.DType, o.Data, s.CompareFor(name)))
		}
	} else {
		res.PreviousError = err.Error()
	}
	inputs, _ := prov["inputs"].(map[string]any)
	if len(inputs) == 0 {
		return
	}
	res.InputsMatch = map[string]bool{}
	for _, b := range plan.Bufs {
		if isTensorMapBuffer(s, b.Name) {
			continue // encoded maps hold this process's addresses
		}
		if in, ok := inputs[b.Name].(map[string]any); ok {
			res.InputsMatch[b.Name] = in["sha256"] == sha256Hex(b.Data)
		}
	}
}

func sha256Hex(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

// sample picks sampleCount elements at stride n/sampleCount.
func sample(b *launch.Buffer) (stride int, data []byte) {
	es := b.DType.Size()
	n := len(b.Data) / es
	stride = max(n/sampleCount, 1)
	for i := 0; i < sampleCount && i*stride < n; i++ {
		data = append(data, b.Data[i*stride*es:(i*stride+1)*es]...)
	}
	return stride, data
}

func firstBits(b *launch.Buffer) []string {
	es := b.DType.Size()
	var out []string
	for i := 0; i < 4 && (i+1)*es <= len(b.Data); i++ {
		out = append(out, fmt.Sprintf("%#x", getBits(b.Data[i*es:], es)))
	}
	return out
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// nvccFromPTX returns the "Cuda compilation tools" line of nvcc's PTX
// header, or "".
func nvccFromPTX(src []byte) string {
	for _, ln := range strings.SplitN(string(src), "\n", 20) {
		if i := strings.Index(ln, "Cuda compilation tools"); i >= 0 {
			return strings.TrimSpace(ln[i:])
		}
	}
	return ""
}
