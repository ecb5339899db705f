package launch

import (
	"strings"

	"gopkg.in/yaml.v3"
)

var tensorMapKeys = []string{"buffer", "offset", "dtype", "dims", "strides", "box", "element_strides",
	"interleave", "swizzle", "l2_promotion", "oob_fill",
	"mode", "pixel_box_lower", "pixel_box_upper", "channels_per_pixel", "pixels_per_column"}

// im2colKeys are the keys of `mode: im2col` entries (and only of those).
var im2colKeys = []string{"pixel_box_lower", "pixel_box_upper", "channels_per_pixel", "pixels_per_column"}

func (p *parser) tensorMaps(s *Spec, f field) error {
	if f.v.ShortTag() == "!!null" {
		return nil
	}
	entries, err := p.fields(f.v, "tensormaps", nil)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if !nameRE.MatchString(e.key) {
			return p.errf(e.k, "tensor map name %q: use letters, digits, '_', '-' and '.', starting with a letter or '_'", e.key)
		}
		t, err := p.tensorMap(s, e)
		if err != nil {
			return err
		}
		s.TensorMaps = append(s.TensorMaps, t)
	}
	return nil
}

func (p *parser) tensorMap(s *Spec, e field) (TensorMapSpec, error) {
	t := TensorMapSpec{Name: e.key, Pos: p.pos(e.k), fieldPos: map[string]Pos{}}
	what := "tensormap " + e.key
	fs, err := p.fields(e.v, what, tensorMapKeys)
	if err != nil {
		return t, err
	}
	byKey := map[string]field{}
	for _, f := range fs {
		byKey[f.key] = f
		t.fieldPos[f.key] = p.pos(f.v)
	}
	im2col := false
	if f, ok := byKey["mode"]; ok {
		m, err := p.enumLit(f.v, what+": mode", []string{"tiled", "im2col"})
		if err != nil {
			return t, err
		}
		im2col = m == 1
	}
	need, refuse := []string{"buffer", "dtype", "dims", "box"}, im2colKeys
	if im2col {
		need, refuse = append([]string{"buffer", "dtype", "dims"}, im2colKeys...), []string{"box"}
	}
	for _, k := range need {
		if _, ok := byKey[k]; !ok {
			return t, p.errf(e.k, "%s: needs %q", what, k)
		}
	}
	for _, k := range refuse {
		if f, ok := byKey[k]; ok {
			if im2col {
				return t, p.errf(f.k, "%s: an im2col map has no %q (the box is pixels_per_column x channels_per_pixel)", what, k)
			}
			return t, p.errf(f.k, "%s: %q belongs to im2col maps (add mode: im2col)", what, k)
		}
	}
	if t.Buffer, err = p.strLit(byKey["buffer"].v, what+": buffer"); err != nil {
		return t, err
	}
	if b := s.Buffer(t.Buffer); b == nil || b.TensorMaps != nil {
		return t, p.errf(byKey["buffer"].v, "%s: unknown data buffer %q (%s)", what, t.Buffer, bufferList(s))
	}
	if f, ok := byKey["offset"]; ok {
		v, err := p.intIn(f.v, what+": offset", 0, maxBufferBytes)
		if err != nil {
			return t, err
		}
		t.Offset = uint64(v)
		if b := s.Buffer(t.Buffer); b.File == "" && v >= int64(b.Bytes()) {
			return t, p.errf(f.v, "%s: offset %d is not inside buffer %s (%d bytes)", what, v, t.Buffer, b.Bytes())
		}
	}
	if t.DType, err = p.enumLit(byKey["dtype"].v, what+": dtype", TensorMapDTypeNames); err != nil {
		return t, err
	}
	dims, err := p.uintList(byKey["dims"].v, what+": dims", 0, 1<<62)
	if err != nil {
		return t, err
	}
	if len(dims) < 1 || len(dims) > 5 {
		return t, p.errf(byKey["dims"].v, "%s: dims has %d entries; a tensor map has rank 1..5", what, len(dims))
	}
	t.Dims = dims
	rank := len(dims)
	t.Strides = []uint64{}
	if f, ok := byKey["strides"]; ok {
		if t.Strides, err = p.uintList(f.v, what+": strides", 0, 1<<62); err != nil {
			return t, err
		}
	}
	if len(t.Strides) != rank-1 {
		return t, p.errf(e.k, "%s: strides needs %d entries (bytes, for dims 1..%d), got %d", what, rank-1, rank-1, len(t.Strides))
	}
	if im2col {
		t.Box = make([]uint32, rank)
		for i := range t.Box {
			t.Box[i] = 1
		}
		if t.Im2col, err = p.im2colSpec(byKey, what, rank); err != nil {
			return t, err
		}
	} else if t.Box, err = p.u32List(byKey["box"].v, what+": box", rank); err != nil {
		return t, err
	}
	t.ElementStrides = make([]uint32, rank)
	for i := range t.ElementStrides {
		t.ElementStrides[i] = 1
	}
	if f, ok := byKey["element_strides"]; ok {
		if t.ElementStrides, err = p.u32List(f.v, what+": element_strides", rank); err != nil {
			return t, err
		}
	}
	for _, en := range []struct {
		key   string
		names []string
		dst   *uint8
	}{{"interleave", InterleaveNames, &t.Interleave}, {"swizzle", SwizzleNames, &t.Swizzle},
		{"l2_promotion", L2PromotionNames, &t.L2Promotion}, {"oob_fill", OOBFillNames, &t.OOBFill}} {
		if f, ok := byKey[en.key]; ok {
			if *en.dst, err = p.enumLit(f.v, what+": "+en.key, en.names); err != nil {
				return t, err
			}
		}
	}
	return t, nil
}

// enumLit reads a string that must be one of names and returns its index.
func (p *parser) enumLit(n *yaml.Node, what string, names []string) (uint8, error) {
	s, err := p.strLit(n, what)
	if err != nil {
		return 0, err
	}
	for i, nm := range names {
		if nm == s {
			return uint8(i), nil
		}
	}
	return 0, p.errf(n, "%s: unknown value %q (want one of: %s)", what, s, strings.Join(names, ", "))
}

// uintList reads a list of integers in [lo, hi].
func (p *parser) uintList(n *yaml.Node, what string, lo, hi int64) ([]uint64, error) {
	items, err := p.list(n, what)
	if err != nil {
		return nil, err
	}
	out := make([]uint64, len(items))
	for i, it := range items {
		v, err := p.intIn(it, what, lo, hi)
		if err != nil {
			return nil, err
		}
		out[i] = uint64(v)
	}
	return out, nil
}

// u32List reads exactly want integers in [0, 2^32).
func (p *parser) u32List(n *yaml.Node, what string, want int) ([]uint32, error) {
	vs, err := p.uintList(n, what, 0, 1<<32-1)
	if err != nil {
		return nil, err
	}
	if len(vs) != want {
		return nil, p.errf(n, "%s: needs %d entries (one per dimension), got %d", what, want, len(vs))
	}
	out := make([]uint32, want)
	for i, v := range vs {
		out[i] = uint32(v)
	}
	return out, nil
}

// im2colSpec reads the cuTensorMapEncodeIm2col arguments of a `mode: im2col`
// entry; the corners need rank-2 entries (the driver's rules are checked in
// package tma).
func (p *parser) im2colSpec(byKey map[string]field, what string, rank int) (*Im2colSpec, error) {
	sp := &Im2colSpec{}
	for _, c := range []struct {
		key string
		dst *[]int32
	}{{"pixel_box_lower", &sp.PixelBoxLower}, {"pixel_box_upper", &sp.PixelBoxUpper}} {
		f := byKey[c.key]
		items, err := p.list(f.v, what+": "+c.key)
		if err != nil {
			return nil, err
		}
		if len(items) != rank-2 {
			return nil, p.errf(f.v, "%s: %s needs %d entries (rank %d minus 2, W first), got %d", what, c.key, max(rank-2, 0), rank, len(items))
		}
		for _, it := range items {
			v, err := p.intIn(it, what+": "+c.key, -1<<31, 1<<31-1)
			if err != nil {
				return nil, err
			}
			*c.dst = append(*c.dst, int32(v))
		}
	}
	for _, c := range []struct {
		key string
		dst *uint32
	}{{"channels_per_pixel", &sp.ChannelsPerPixel}, {"pixels_per_column", &sp.PixelsPerColumn}} {
		v, err := p.intIn(byKey[c.key].v, what+": "+c.key, 0, 1<<32-1)
		if err != nil {
			return nil, err
		}
		*c.dst = uint32(v)
	}
	return sp, nil
}
