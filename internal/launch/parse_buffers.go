package launch

import (
	"math"
	"path/filepath"
	"regexp"
	"strings"

	"gopkg.in/yaml.v3"
)

var bufferKeys = []string{"file", "dtype", "shape", "init", "low", "high", "tensormaps"}

// maxBufferBytes bounds one buffer (the simulator holds it in memory).
const maxBufferBytes = 1 << 34

// nameRE restricts buffer names: they become file names (NAME.npy).
var nameRE = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_.-]*$`)

func (p *parser) buffers(s *Spec, f field) error {
	if f.v.ShortTag() == "!!null" {
		return nil
	}
	entries, err := p.fields(f.v, "buffers", nil)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if !nameRE.MatchString(e.key) {
			return p.errf(e.k, "buffer name %q: use letters, digits, '_', '-' and '.', starting with a letter or '_'", e.key)
		}
		b, err := p.buffer(e)
		if err != nil {
			return err
		}
		s.Buffers = append(s.Buffers, b)
	}
	return nil
}

func (p *parser) buffer(e field) (BufferSpec, error) {
	b := BufferSpec{Name: e.key, Pos: p.pos(e.k)}
	what := "buffer " + e.key
	fs, err := p.fields(e.v, what, bufferKeys)
	if err != nil {
		return b, err
	}
	byKey := map[string]field{}
	for _, f := range fs {
		byKey[f.key] = f
	}
	if f, ok := byKey["tensormaps"]; ok {
		return b, p.tensorMapBuffer(&b, f, fs)
	}
	if f, ok := byKey["dtype"]; ok {
		name, err := p.strLit(f.v, what+": dtype")
		if err != nil {
			return b, err
		}
		d, ok := DTypeByName(name)
		if !ok {
			return b, p.errf(f.v, "%s: unknown dtype %q (want one of: %s)", what, name, strings.Join(dtypeNames(), ", "))
		}
		b.DType, b.dtypePos = d, p.pos(f.v)
	}
	if f, ok := byKey["shape"]; ok {
		if b.Shape, err = p.shape(f.v, what); err != nil {
			return b, err
		}
		b.shapePos = p.pos(f.v)
	}
	if f, ok := byKey["file"]; ok {
		return b, p.fileBuffer(&b, f, byKey)
	}
	for _, k := range []string{"dtype", "shape"} {
		if _, ok := byKey[k]; !ok {
			return b, p.errf(e.k, "%s: needs %q (or a file)", what, k)
		}
	}
	if b.Bytes() > maxBufferBytes {
		return b, p.errf(byKey["shape"].v, "%s: %d bytes is more than the limit of %d", what, b.Bytes(), maxBufferBytes)
	}
	return b, p.initializer(&b, byKey)
}

func (p *parser) fileBuffer(b *BufferSpec, f field, byKey map[string]field) error {
	for _, k := range []string{"init", "low", "high"} {
		if g, ok := byKey[k]; ok {
			return p.errf(g.k, "buffer %s: %q cannot be used with file", b.Name, k)
		}
	}
	name, err := p.strLit(f.v, "buffer "+b.Name+": file")
	if err != nil {
		return err
	}
	if name == "" {
		return p.errf(f.v, "buffer %s: file must not be empty", b.Name)
	}
	b.File, b.filePos = name, p.pos(f.v)
	b.FilePath = name
	if !filepath.IsAbs(name) {
		b.FilePath = filepath.Join(filepath.Dir(p.file), name)
	}
	return nil
}

func (p *parser) shape(n *yaml.Node, what string) ([]int, error) {
	items, err := p.list(n, what+": shape")
	if err != nil {
		return nil, err
	}
	shape := make([]int, len(items))
	total := 1
	for i, it := range items {
		v, err := p.intIn(it, what+": shape", 1, maxBufferBytes)
		if err != nil {
			return nil, err
		}
		shape[i] = int(v)
		if total *= shape[i]; total > maxBufferBytes {
			return nil, p.errf(n, "%s: shape %s has more than %d elements", what, flowText(items), maxBufferBytes)
		}
	}
	return shape, nil
}

func flowText(items []*yaml.Node) string {
	var s []string
	for _, it := range items {
		s = append(s, it.Value)
	}
	return "[" + strings.Join(s, ", ") + "]"
}

func (p *parser) initializer(b *BufferSpec, byKey map[string]field) error {
	what := "buffer " + b.Name
	b.Init = InitZeros
	if f, ok := byKey["init"]; ok {
		name, err := p.strLit(f.v, what+": init")
		if err != nil {
			return err
		}
		switch name {
		case "zeros":
			b.Init = InitZeros
		case "uniform":
			b.Init = InitUniform
		case "iota":
			b.Init = InitIota
		default:
			return p.errf(f.v, "%s: unknown init %q (want zeros, uniform or iota)", what, name)
		}
	}
	if b.Init != InitUniform {
		for _, k := range []string{"low", "high"} {
			if g, ok := byKey[k]; ok {
				return p.errf(g.k, "%s: %q needs init: uniform", what, k)
			}
		}
		return nil
	}
	if b.DType.IsFloat() {
		return p.floatBounds(b, byKey)
	}
	return p.intBounds(b, byKey)
}

func (p *parser) floatBounds(b *BufferSpec, byKey map[string]field) error {
	what := "buffer " + b.Name
	b.Low, b.High = 0, 1
	for _, k := range []string{"low", "high"} {
		f, ok := byKey[k]
		if !ok {
			continue
		}
		v, err := p.floatLit(f.v, what+": "+k)
		if err != nil {
			return err
		}
		if math.IsInf(v, 0) || math.IsNaN(v) {
			return p.errf(f.v, "%s: %s must be finite", what, k)
		}
		if k == "low" {
			b.Low = v
		} else {
			b.High = v
		}
	}
	at := p.boundsPos(byKey)
	if b.Low > b.High {
		return at.Errorf("%s: low %v is greater than high %v", what, b.Low, b.High)
	}
	if math.IsInf(b.High-b.Low, 0) {
		return at.Errorf("%s: high - low overflows float64", what)
	}
	return nil
}

func (p *parser) intBounds(b *BufferSpec, byKey map[string]field) error {
	what := "buffer " + b.Name
	lo, hi := intRange(b.DType)
	for _, k := range []string{"low", "high"} {
		f, ok := byKey[k]
		if !ok {
			continue
		}
		v, err := p.intLit(f.v, what+": "+k)
		if err != nil {
			return err
		}
		if !inRange(v, b.DType) {
			return p.errf(f.v, "%s: %s %s is out of range for %s [%s, %s]", what, k, f.v.Value,
				b.DType, fmtInt(lo, b.DType), fmtInt(hi, b.DType))
		}
		if k == "low" {
			lo = v.bits
		} else {
			hi = v.bits
		}
	}
	if lessInt(hi, lo, b.DType) {
		return p.boundsPos(byKey).Errorf("%s: low %s is greater than high %s", what,
			fmtInt(lo, b.DType), fmtInt(hi, b.DType))
	}
	b.IntLow, b.IntHigh = lo, hi
	return nil
}

// boundsPos is where a low/high conflict is reported.
func (p *parser) boundsPos(byKey map[string]field) Pos {
	if f, ok := byKey["low"]; ok {
		return p.pos(f.v)
	}
	return p.pos(byKey["high"].v)
}
