package launch

import (
	"errors"
	"os"
	"slices"
	"strings"

	"github.com/sm90sim/sm90sim/internal/npy"
)

// Buffer is one device buffer's contents: raw little-endian element bytes
// in C order.
type Buffer struct {
	Name  string
	DType DType
	Shape []int
	Data  []byte
}

// NumElems is the product of Shape (1 for a scalar).
func (b *Buffer) NumElems() int { return numElems(b.Shape) }

// MakeBuffers loads the .npy files (relative to the spec's directory) and
// generates the initialized buffers, in spec order.
func (s *Spec) MakeBuffers() ([]*Buffer, error) {
	out := make([]*Buffer, 0, len(s.Buffers))
	for i := range s.Buffers {
		bs := &s.Buffers[i]
		if bs.File == "" {
			out = append(out, &Buffer{Name: bs.Name, DType: bs.DType, Shape: slices.Clone(bs.Shape),
				Data: generate(bs, s.Seed, i)})
			continue
		}
		b, err := loadFile(bs)
		if err != nil {
			return nil, err
		}
		out = append(out, b)
	}
	if err := s.checkAgainst(out); err != nil {
		return nil, err
	}
	return out, nil
}

// loadFile reads a file buffer and checks it against what the spec asserts.
func loadFile(bs *BufferSpec) (*Buffer, error) {
	descr, shape, data, err := npy.Read(bs.FilePath)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			return nil, bs.filePos.Errorf("buffer %s: cannot read %s: %v", bs.Name, bs.File, pe.Err)
		}
		msg := strings.TrimPrefix(strings.TrimPrefix(err.Error(), bs.FilePath+": "), "npy: ")
		return nil, bs.filePos.Errorf("buffer %s: %s: %s", bs.Name, bs.File, msg)
	}
	d := bs.DType
	if d == DInvalid {
		var ok bool
		if d, ok = DTypeByDescr(descr); !ok {
			return nil, bs.filePos.Errorf("buffer %s: %s holds %q data, which no simulator dtype uses (want one of %s)",
				bs.Name, bs.File, descr, strings.Join(descrNames(), ", "))
		}
	} else if d.NumpyDescr() != descr {
		return nil, bs.dtypePos.Errorf("buffer %s: %s holds %q data, dtype %s needs %q",
			bs.Name, bs.File, descr, d, d.NumpyDescr())
	}
	if bs.Shape != nil && !slices.Equal(bs.Shape, shape) {
		return nil, bs.shapePos.Errorf("buffer %s: %s has shape %v, the spec says %v", bs.Name, bs.File, shape, bs.Shape)
	}
	if len(data) == 0 {
		return nil, bs.filePos.Errorf("buffer %s: %s is empty (shape %v)", bs.Name, bs.File, shape)
	}
	if len(data) > maxBufferBytes {
		return nil, bs.filePos.Errorf("buffer %s: %s has %d bytes, more than the limit of %d", bs.Name, bs.File, len(data), maxBufferBytes)
	}
	return &Buffer{Name: bs.Name, DType: d, Shape: shape, Data: data}, nil
}

func descrNames() []string {
	var s []string
	for d := U8; d < dtypeCount; d++ {
		if !contains(s, d.NumpyDescr()) {
			s = append(s, d.NumpyDescr())
		}
	}
	return s
}

// checkAgainst checks param offsets and compare indices against the loaded
// buffers (file buffers' sizes are known only now).
func (s *Spec) checkAgainst(bufs []*Buffer) error {
	byName := map[string]*Buffer{}
	for _, b := range bufs {
		byName[b.Name] = b
	}
	for i, p := range s.Params {
		if b := byName[p.Buffer]; p.Kind == ParamBuffer && p.Offset > int64(len(b.Data)) {
			return p.Pos.Errorf("param %d: offset %d is past the end of buffer %s (%d bytes)", i, p.Offset, b.Name, len(b.Data))
		}
	}
	for _, name := range s.Outputs {
		r, ok := s.Compare[name]
		if !ok {
			continue
		}
		n, d := byName[name].NumElems(), byName[name].DType
		if r.MaxULP > 0 && !d.IsFloat() {
			return r.Pos.Errorf("compare %s: max_ulp applies to float dtypes; %s outputs compare bit-exact", name, d)
		}
		for _, idx := range r.Ignore {
			if idx >= n {
				return r.Pos.Errorf("compare %s: ignore index %d is out of range (%d elements)", name, idx, n)
			}
		}
	}
	return nil
}
