package validation

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"path/filepath"

	"github.com/sm90sim/sm90sim/internal/gzfile"
	"github.com/sm90sim/sm90sim/internal/launch"
	"github.com/sm90sim/sm90sim/internal/npy"
)

// Recording is one corpus entry's hardware recording (validation/testdata/NAME).
type Recording struct {
	Dir        string
	Outputs    map[string]*RecordedOutput
	Counters   *Counters
	Provenance map[string]any
}

// RecordedOutput is the GPU's output: the whole array, or (over 1 MiB) its
// SHA-256 and a strided sample.
type RecordedOutput struct {
	Full   []byte
	Meta   *SampleMeta
	Sample []byte
}

// SampleMeta describes a large output stored as hash plus sample.
type SampleMeta struct {
	SHA256 string `json:"sha256"`
	DType  string `json:"dtype"`
	Shape  []int  `json:"shape"`
	Stride int    `json:"stride"`
	Count  int    `json:"count"`
	// BlockBytes and BlockSHA256 (first 16 hex digits of each block's
	// sha256), in recordings that have them, locate a difference outside
	// the sample.
	BlockBytes  int      `json:"block_bytes,omitempty"`
	BlockSHA256 []string `json:"block_sha256,omitempty"`
}

// Counters is counters.json.
type Counters struct {
	Tool         string             `json:"tool"`
	ClockControl string             `json:"clock_control"`
	Kernel       string             `json:"kernel"`
	Metrics      map[string]float64 `json:"metrics"`
	Error        *string            `json:"error"`
	// SchedulingDependent names metrics whose value depends on the GPU's
	// warp scheduling (e.g. a CAS retry loop), with the reason; the
	// functional simulator is not compared on them.
	SchedulingDependent map[string]string `json:"scheduling_dependent,omitempty"`
	// KnownGaps names metrics the simulator does not reproduce yet, with
	// what is known; they are listed by the corpus test, not compared.
	KnownGaps map[string]string `json:"known_gaps,omitempty"`
}

// LoadRecording reads DIR/gpu/*, DIR/counters.json and DIR/provenance.json
// (provenance.h100.json for an H100-only microbenchmark recording)
// for the outputs named; any of these files may be stored as NAME.gz
// (see internal/gzfile).
func LoadRecording(dir string, outputs []string) (*Recording, error) {
	r := &Recording{Dir: dir, Outputs: map[string]*RecordedOutput{}}
	pb, err := gzfile.ReadFile(filepath.Join(dir, "provenance.json"))
	if err != nil {
		// a microbenchmark recorded on the H100 only (its RECORDING_NOTE
		// says so) has the H100's provenance alone
		if hb, herr := gzfile.ReadFile(filepath.Join(dir, "provenance.h100.json")); herr == nil {
			pb, err = hb, nil
		}
	}
	if err != nil {
		return nil, fmt.Errorf("%s: recording has no provenance: %v", dir, err)
	}
	if err := json.Unmarshal(pb, &r.Provenance); err != nil {
		return nil, fmt.Errorf("%s/provenance.json: %v", dir, err)
	}
	for _, k := range []string{"gpu", "driver", "nvcc", "date", "commands"} {
		if _, ok := r.Provenance[k]; !ok {
			return nil, fmt.Errorf("%s/provenance.json: missing %q", dir, k)
		}
	}
	if cb, err := gzfile.ReadFile(filepath.Join(dir, "counters.json")); err == nil {
		r.Counters = &Counters{}
		if err := json.Unmarshal(cb, r.Counters); err != nil {
			return nil, fmt.Errorf("%s/counters.json: %v", dir, err)
		}
	}
	for _, o := range outputs {
		ro, err := loadOutput(filepath.Join(dir, "gpu"), o)
		if err != nil {
			return nil, err
		}
		r.Outputs[o] = ro
	}
	return r, nil
}

func loadOutput(dir, name string) (*RecordedOutput, error) {
	full := filepath.Join(dir, name+".npy")
	if gzfile.Exists(full) {
		_, _, data, err := npy.Read(full)
		if err != nil {
			return nil, err
		}
		return &RecordedOutput{Full: data}, nil
	}
	mb, err := gzfile.ReadFile(filepath.Join(dir, name+".meta.json"))
	if err != nil {
		return nil, fmt.Errorf("%s: no recorded output %s (.npy, .npy.gz or .meta.json)", dir, name)
	}
	ro := &RecordedOutput{Meta: &SampleMeta{}}
	if err := json.Unmarshal(mb, ro.Meta); err != nil {
		return nil, fmt.Errorf("%s/%s.meta.json: %v", dir, name, err)
	}
	_, _, ro.Sample, err = npy.Read(filepath.Join(dir, name+".sample.npy"))
	if err != nil {
		return nil, err
	}
	return ro, nil
}

// Check compares the simulator's output with the recording.
func (ro *RecordedOutput) Check(name string, dt launch.DType, got []byte, rule launch.CompareRule) Diff {
	if ro.Full != nil {
		return Compare(name, dt, got, ro.Full, rule)
	}
	m := ro.Meta
	es := dt.Size()
	sample := make([]byte, 0, m.Count*es)
	for i := 0; i < m.Count && (i*m.Stride+1)*es <= len(got); i++ {
		sample = append(sample, got[i*m.Stride*es:(i*m.Stride+1)*es]...)
	}
	// Ignore indices refer to the full array: map those on sample points.
	var sr launch.CompareRule
	sr.MaxULP = rule.MaxULP
	sr.IgnoreAll = rule.IgnoreAll
	for _, i := range rule.Ignore {
		if i%m.Stride == 0 {
			sr.Ignore = append(sr.Ignore, i/m.Stride)
		}
	}
	d := Compare(name, dt, sample, ro.Sample, sr)
	for i := range d.FirstDiffs {
		d.FirstDiffs[i] *= m.Stride
	}
	sum := sha256.Sum256(got)
	d.Elements = len(got) / es
	if hex.EncodeToString(sum[:]) != m.SHA256 && !rule.Ignores() && rule.MaxULP == 0 {
		if d.Mismatches == 0 {
			d.Mismatches = 1 // differs outside the sample
		}
		d.Equal = false
		d.DifferingBlocks, d.BlockBytes = m.differingBlocks(got)
	}
	return d
}

// differingBlocks lists the blocks of got whose hash differs from the
// recording's (nil when the recording has no block hashes).
func (m *SampleMeta) differingBlocks(got []byte) ([]int, int) {
	if m.BlockBytes <= 0 || len(m.BlockSHA256) == 0 {
		return nil, 0
	}
	var bad []int
	for i, want := range m.BlockSHA256 {
		lo, hi := i*m.BlockBytes, (i+1)*m.BlockBytes
		if lo >= len(got) {
			bad = append(bad, i)
			continue
		}
		if blockHashes(got[lo:min(hi, len(got))], m.BlockBytes)[0] != want {
			bad = append(bad, i)
		}
	}
	return bad, m.BlockBytes
}

// recordBlockBytes is the block size of the per-block hashes of large
// outputs (the same as tools/record/record.py's BLOCK_BYTES).
const recordBlockBytes = 1 << 16

// blockHashes is the first 16 hex digits of the sha256 of each n-byte block.
func blockHashes(b []byte, n int) []string {
	var hs []string
	for lo := 0; lo < len(b); lo += n {
		sum := sha256.Sum256(b[lo:min(lo+n, len(b))])
		hs = append(hs, hex.EncodeToString(sum[:])[:16])
	}
	return hs
}
