package session

import (
	"github.com/sm90sim/sm90sim/internal/launch"
	"github.com/sm90sim/sm90sim/tma"
)

// TensorMap builds the validated tma.TensorMap of a spec entry, with the
// global address of its buffer. A broken cuTensorMapEncodeTiled rule is a
// launch.Error at the spec position of the offending field.
func TensorMap(t *launch.TensorMapSpec, bufAddr func(name string) uint64) (tma.TensorMap, error) {
	m := tma.TensorMap{
		DType: tma.DType(t.DType), Rank: t.Rank(), GlobalAddress: t.Address(bufAddr(t.Buffer)),
		Dims: t.Dims, Strides: t.Strides, Box: t.Box, ElementStrides: t.ElementStrides,
		Interleave: tma.Interleave(t.Interleave), Swizzle: tma.Swizzle(t.Swizzle),
		L2Promotion: tma.L2Promotion(t.L2Promotion), OOBFill: tma.OOBFill(t.OOBFill),
	}
	if p := t.Im2col; p != nil {
		m.Im2col = &tma.Im2colParams{LowerCorner: p.PixelBoxLower, UpperCorner: p.PixelBoxUpper,
			ChannelsPerPixel: p.ChannelsPerPixel, PixelsPerColumn: p.PixelsPerColumn}
	}
	if err := m.Validate(); err != nil {
		field := err.Field
		switch field {
		case "global_address":
			field = "buffer"
		case "rank":
			field = "dims"
		case "pixel_box":
			field = "pixel_box_lower"
		}
		return m, t.FieldPos(field).Errorf("tensormap %s: %v", t.Name, err)
	}
	return m, nil
}

// encodeTensorMaps validates and encodes every map of the spec, and fills
// the {tensormaps: [...]} buffers (device memory at addr).
func encodeTensorMaps(spec *launch.Spec, bufs []*launch.Buffer, addr map[string]uint64) (map[string][]byte, error) {
	enc := map[string][]byte{}
	at := func(n string) uint64 { return addr[n] }
	for i := range spec.TensorMaps {
		t := &spec.TensorMaps[i]
		m, err := TensorMap(t, at)
		if err != nil {
			return nil, err
		}
		b := m.Encode()
		enc[t.Name] = b[:]
	}
	for i, bs := range spec.Buffers {
		for j, name := range bs.TensorMaps {
			copy(bufs[i].Data[j*tma.Size:], enc[name])
		}
	}
	return enc, nil
}
