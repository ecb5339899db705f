package validation

import (
	"encoding/hex"
	"fmt"

	"github.com/sm90sim/sm90sim/internal/launch"
	"github.com/sm90sim/sm90sim/validation/driver"
)

// TensorMapRecord is one encoded tensor map of a GPU run, as the report's
// gpu section and provenance.json hold it (the keys of
// tools/record/record.py): the spec's arguments, the enum values passed
// to cuTensorMapEncodeTiled, and the driver's 128 bytes with the buffer
// address they hold. An im2col map (cuTensorMapEncodeIm2col) has no box
// but the pixel box corners, channels per pixel, pixels per column and
// "mode": "im2col", and its enums under cuTensorMapEncodeIm2col_enums.
type TensorMapRecord struct {
	Buffer           string          `json:"buffer"`
	DType            string          `json:"dtype"`
	Rank             int             `json:"rank"`
	Dims             []uint64        `json:"dims"`
	Strides          []uint64        `json:"strides"`
	Box              []uint32        `json:"box,omitempty"`
	ElementStrides   []uint32        `json:"element_strides"`
	Interleave       string          `json:"interleave"`
	Swizzle          string          `json:"swizzle"`
	L2Promotion      string          `json:"l2_promotion"`
	OOBFill          string          `json:"oob_fill"`
	PixelBoxLower    []int32         `json:"pixel_box_lower,omitempty"`
	PixelBoxUpper    []int32         `json:"pixel_box_upper,omitempty"`
	ChannelsPerPixel *uint32         `json:"channels_per_pixel,omitempty"`
	PixelsPerColumn  *uint32         `json:"pixels_per_column,omitempty"`
	Mode             string          `json:"mode,omitempty"`
	Enums            *TensorMapEnums `json:"cuTensorMapEncodeTiled_enums,omitempty"`
	Im2colEnums      *TensorMapEnums `json:"cuTensorMapEncodeIm2col_enums,omitempty"`
	EncodedHex       string          `json:"encoded_hex"`
	GlobalAddress    string          `json:"global_address"`
	Note             string          `json:"note"`
}

// TensorMapEnums are the driver enum values of a map.
type TensorMapEnums struct {
	DType       int `json:"dtype"`
	Interleave  int `json:"interleave"`
	Swizzle     int `json:"swizzle"`
	L2Promotion int `json:"l2_promotion"`
	OOBFill     int `json:"oob_fill"`
}

const tensorMapNote = "encoded_hex is the driver's opaque encoding for the first run (it holds global_address)"

// tensorMapArgs are the cuTensorMapEncodeTiled (or, for `mode: im2col`,
// cuTensorMapEncodeIm2col) arguments of a spec entry: the launch spec
// already holds the driver's enum values. An im2col entry's Box is a
// placeholder and is not passed.
func tensorMapArgs(t *launch.TensorMapSpec, addr uint64) driver.TensorMapArgs {
	a := driver.TensorMapArgs{
		DType: int(t.DType), GlobalAddress: addr, Dims: t.Dims, Strides: t.Strides,
		Box: t.Box, ElementStrides: t.ElementStrides, Interleave: int(t.Interleave),
		Swizzle: int(t.Swizzle), L2Promotion: int(t.L2Promotion), OOBFill: int(t.OOBFill),
	}
	if m := t.Im2col; m != nil {
		a.Box = nil
		a.Im2col = &driver.Im2colArgs{PixelBoxLower: m.PixelBoxLower, PixelBoxUpper: m.PixelBoxUpper,
			ChannelsPerPixel: m.ChannelsPerPixel, PixelsPerColumn: m.PixelsPerColumn}
	}
	return a
}

// encodeTensorMaps encodes every map of the spec with the driver, at the
// device address of its buffer. A map the driver refuses is an input
// error at the map's spec position that names it and keeps the driver's
// error.
func encodeTensorMaps(d *driver.Device, s *launch.Spec, addr map[string]uint64) (map[string][]byte, map[string]TensorMapRecord, error) {
	if len(s.TensorMaps) == 0 {
		return nil, nil, nil
	}
	maps := map[string][]byte{}
	recs := map[string]TensorMapRecord{}
	for i := range s.TensorMaps {
		t := &s.TensorMaps[i]
		b, err := d.EncodeTensorMap(tensorMapArgs(t, t.Address(addr[t.Buffer])))
		if err != nil {
			return nil, nil, &InputError{fmt.Errorf("%s: error: tensormap %s (buffer %s): %w", t.Pos, t.Name, t.Buffer, err)}
		}
		maps[t.Name] = b[:]
		recs[t.Name] = tensorMapRecord(t, b[:], t.Address(addr[t.Buffer]))
	}
	return maps, recs, nil
}

func tensorMapRecord(t *launch.TensorMapSpec, enc []byte, addr uint64) TensorMapRecord {
	name := func(names []string, v uint8) string {
		if int(v) < len(names) {
			return names[v]
		}
		return fmt.Sprint(v)
	}
	strides := t.Strides
	if strides == nil {
		strides = []uint64{} // record.py writes [] for rank 1
	}
	enums := &TensorMapEnums{DType: int(t.DType), Interleave: int(t.Interleave), Swizzle: int(t.Swizzle),
		L2Promotion: int(t.L2Promotion), OOBFill: int(t.OOBFill)}
	r := TensorMapRecord{
		Buffer: t.Buffer, DType: name(launch.TensorMapDTypeNames, t.DType), Rank: t.Rank(),
		Dims: t.Dims, Strides: strides, Box: t.Box, ElementStrides: t.ElementStrides,
		Interleave: name(launch.InterleaveNames, t.Interleave), Swizzle: name(launch.SwizzleNames, t.Swizzle),
		L2Promotion: name(launch.L2PromotionNames, t.L2Promotion), OOBFill: name(launch.OOBFillNames, t.OOBFill),
		Enums:      enums,
		EncodedHex: hex.EncodeToString(enc), GlobalAddress: fmt.Sprintf("%#x", addr), Note: tensorMapNote,
	}
	if m := t.Im2col; m != nil {
		cpp, ppc := m.ChannelsPerPixel, m.PixelsPerColumn
		r.Box, r.Enums, r.Im2colEnums, r.Mode = nil, nil, enums, "im2col"
		r.PixelBoxLower, r.PixelBoxUpper, r.ChannelsPerPixel, r.PixelsPerColumn = m.PixelBoxLower, m.PixelBoxUpper, &cpp, &ppc
	}
	return r
}

// deviceBuffers are the bytes to upload: the plan's pristine buffers,
// with each {tensormaps: [...]} buffer holding its encoded maps in order
// (the plan's own copy stays zero).
func deviceBuffers(s *launch.Spec, bufs []*launch.Buffer, maps map[string][]byte) []*launch.Buffer {
	out := make([]*launch.Buffer, len(bufs))
	for i, b := range bufs {
		out[i] = b
		bs := s.Buffer(b.Name)
		if bs == nil || len(bs.TensorMaps) == 0 {
			continue
		}
		c := *b
		c.Data = make([]byte, len(b.Data))
		for j, name := range bs.TensorMaps {
			copy(c.Data[j*launch.TensorMapBytes:], maps[name])
		}
		out[i] = &c
	}
	return out
}

// isTensorMapBuffer reports whether the named buffer holds encoded maps.
func isTensorMapBuffer(s *launch.Spec, name string) bool {
	bs := s.Buffer(name)
	return bs != nil && bs.TensorMaps != nil
}
