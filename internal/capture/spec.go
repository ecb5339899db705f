package capture

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/sm90sim/sm90sim/internal/launch"
	"github.com/sm90sim/sm90sim/internal/npy"
)

// Corpus is a corpus directory's generated files (paths relative to it).
type Corpus struct {
	Spec    string            // launch.yaml
	Files   map[string][]byte // inputs (NAME.npy) and gpu/ outputs
	Outputs []string          // the buffers the launch changed, in buffer order
	Buffers []BufferInfo      // every captured buffer, for provenance.json
}

// BufferInfo describes one captured buffer in provenance.json.
type BufferInfo struct {
	Name          string `json:"name"`
	DeviceAddress string `json:"device_address"`
	Bytes         int    `json:"bytes"`
	DType         string `json:"dtype"`
	Input         string `json:"input"` // "file", "zeros"
	Output        bool   `json:"output"`
	SHA256Before  string `json:"sha256_before"`
	SHA256After   string `json:"sha256_after,omitempty"`
}

// maxOutputFile: outputs larger than this are stored as sha256 + sample
// (validation/testdata/README.md).
const maxOutputFile = 1 << 20

// sampleCount is the number of sampled elements of a large output.
const sampleCount = 4096

// tmapDTypes maps CUtensorMapDataType to the buffer dtype a map implies.
var tmapDTypes = []launch.DType{launch.U8, launch.U16, launch.U32, launch.S32, launch.U64, launch.S64,
	launch.F16, launch.F32, launch.F64, launch.BF16, launch.F32, launch.F32, launch.F32}

// Build turns a finished capture into a corpus directory's launch spec,
// inputs and GPU outputs. Every 8-byte word of the parameter block that
// lies inside a captured allocation becomes {buffer: bK, offset: N} (a
// struct field with buffer_offset inside a larger parameter), every
// 128 bytes equal to a tensor map the program encoded becomes
// {tensormap: tJ} (or a struct field), the rest scalars or raw hex bytes.
func Build(d *Dump) (*Corpus, error) {
	if d.Error != "" {
		return nil, fmt.Errorf("the launch was not captured: %s", d.Error)
	}
	if !d.Done {
		return nil, fmt.Errorf("the capture of %s did not finish (the program died during the launch?)", d.Name)
	}
	if d.LaunchResult != 0 || d.SyncResult != 0 {
		return nil, fmt.Errorf("the program's launch of %s failed on the GPU (CUresult %d, synchronise %d)", d.Name, d.LaunchResult, d.SyncResult)
	}
	if len(d.Params) == 0 && len(d.ParamBlock) > 0 {
		return nil, fmt.Errorf("the driver gave no parameter layout (cuFuncGetParamInfo needs driver 12.4+)")
	}
	c := &Corpus{Files: map[string][]byte{}}
	names := make([]string, len(d.Buffers))
	dtypes := make([]launch.DType, len(d.Buffers))
	for i, b := range d.Buffers {
		names[i] = fmt.Sprintf("b%d", i)
		dtypes[i] = launch.U8
		for _, t := range d.TensorMaps {
			if b.contains(t.Address) && t.DType < len(tmapDTypes) && b.Size%tmapDTypes[t.DType].Size() == 0 {
				dtypes[i] = tmapDTypes[t.DType]
				break
			}
		}
	}
	var y strings.Builder
	fmt.Fprintf(&y, "# captured by sm90sim capture: launch %d of %s (%s, %s)\n", d.Launch, d.Name, d.Via, d.ParamsPassed)
	fmt.Fprintf(&y, "kernel: %s\ngrid: %s\nblock: %s\n", d.Name, ints3(d.Grid), ints3(d.Block))
	if d.Cluster != [3]int{1, 1, 1} && d.Cluster != [3]int{} {
		fmt.Fprintf(&y, "cluster: %s\n", ints3(d.Cluster))
	}
	fmt.Fprintf(&y, "shared_bytes: %d\n", d.Shared)
	if d.Regs > 0 && d.Regs <= 255 {
		// what ptxas allocated (the driver's CU_FUNC_ATTRIBUTE_NUM_REGS): a
		// timed run's occupancy limit (README: launch spec)
		fmt.Fprintf(&y, "registers: %d\n", d.Regs)
	}
	if len(d.Buffers) > 0 {
		y.WriteString("buffers:\n")
	}
	for i, b := range d.Buffers {
		dt := dtypes[i]
		info := BufferInfo{Name: names[i], DeviceAddress: fmt.Sprintf("%#x", b.Base), Bytes: b.Size, DType: dt.Name(),
			SHA256Before: sha(b.Before), SHA256After: sha(b.After), Output: !bytes.Equal(b.Before, b.After)}
		shape := []int{b.Size / dt.Size()}
		if allZero(b.Before) {
			info.Input = "zeros"
			fmt.Fprintf(&y, "  %s: {dtype: %s, shape: [%d]}\n", names[i], dt.Name(), shape[0])
		} else {
			info.Input = "file"
			f, err := npy.EncodeBytes(dt.NumpyDescr(), shape, b.Before)
			if err != nil {
				return nil, err
			}
			c.Files[names[i]+".npy"] = f
			fmt.Fprintf(&y, "  %s: {file: %s.npy}\n", names[i], names[i])
		}
		if info.Output {
			c.Outputs = append(c.Outputs, names[i])
			if err := c.addOutput(names[i], dt, shape, b.After); err != nil {
				return nil, err
			}
		}
		c.Buffers = append(c.Buffers, info)
	}
	tnames, err := writeTensorMaps(&y, d, names)
	if err != nil {
		return nil, err
	}
	if len(d.Params) > 0 {
		y.WriteString("params:\n")
	}
	for i, p := range d.Params {
		if p.Offset+p.Size > len(d.ParamBlock) {
			return nil, fmt.Errorf("param %d: bytes [%d, %d) are past the captured block (%d bytes)", i, p.Offset, p.Offset+p.Size, len(d.ParamBlock))
		}
		fmt.Fprintf(&y, "  - %s\n", paramYAML(d, p, names, tnames))
	}
	if len(c.Outputs) > 0 {
		fmt.Fprintf(&y, "outputs: [%s]\n", strings.Join(c.Outputs, ", "))
	} else {
		y.WriteString("outputs: []\n")
	}
	c.Spec = y.String()
	return c, nil
}

func (b *Buffer) contains(a uint64) bool { return a >= b.Base && a < b.Base+uint64(b.Size) }

// addOutput stores the GPU's output: gpu/NAME.npy, or for outputs over
// 1 MiB gpu/NAME.meta.json + gpu/NAME.sample.npy.
func (c *Corpus) addOutput(name string, dt launch.DType, shape []int, data []byte) error {
	if len(data) <= maxOutputFile {
		f, err := npy.EncodeBytes(dt.NumpyDescr(), shape, data)
		c.Files["gpu/"+name+".npy"] = f
		return err
	}
	n, es := shape[0], dt.Size()
	stride := n / sampleCount
	sample := make([]byte, 0, sampleCount*es)
	for k := 0; k < sampleCount; k++ {
		sample = append(sample, data[k*stride*es:(k*stride+1)*es]...)
	}
	f, err := npy.EncodeBytes(dt.NumpyDescr(), []int{sampleCount}, sample)
	if err != nil {
		return err
	}
	c.Files["gpu/"+name+".sample.npy"] = f
	meta, err := json.MarshalIndent(map[string]any{"sha256": sha(data), "dtype": dt.Name(), "shape": shape,
		"stride": stride, "count": sampleCount}, "", " ")
	c.Files["gpu/"+name+".meta.json"] = append(meta, '\n')
	return err
}

func writeTensorMaps(y *strings.Builder, d *Dump, names []string) (map[int]string, error) {
	tnames := map[int]string{}
	if len(d.TensorMaps) == 0 {
		return tnames, nil
	}
	y.WriteString("tensormaps:\n")
	for j, t := range d.TensorMaps {
		k := slices.IndexFunc(d.Buffers, func(b Buffer) bool { return b.contains(t.Address) })
		if k < 0 {
			return nil, fmt.Errorf("the tensor map at parameter offset %d points at %#x, inside no device allocation the capture saw", t.Offset, t.Address)
		}
		name := fmt.Sprintf("t%d", j)
		tnames[t.Offset] = name
		fmt.Fprintf(y, "  %s: {buffer: %s", name, names[k])
		if off := t.Address - d.Buffers[k].Base; off != 0 {
			fmt.Fprintf(y, ", offset: %d", off)
		}
		fmt.Fprintf(y, ", dtype: %s, dims: %s, strides: %s", enumName(launch.TensorMapDTypeNames, t.DType), list(t.Dims), list(t.Strides))
		if t.Im2col {
			fmt.Fprintf(y, ", mode: im2col, pixel_box_lower: %s, pixel_box_upper: %s, channels_per_pixel: %d, pixels_per_column: %d",
				list(t.Lower), list(t.Upper), t.ChannelsPerPixel, t.PixelsPerColumn)
		} else {
			fmt.Fprintf(y, ", box: %s", list(t.Box))
		}
		if slices.ContainsFunc(t.ElementStrides, func(v uint32) bool { return v != 1 }) {
			fmt.Fprintf(y, ", element_strides: %s", list(t.ElementStrides))
		}
		fmt.Fprintf(y, ", interleave: %s, swizzle: %s, l2_promotion: %s, oob_fill: %s}\n",
			enumName(launch.InterleaveNames, t.Interleave), enumName(launch.SwizzleNames, t.Swizzle),
			enumName(launch.L2PromotionNames, t.L2Promotion), enumName(launch.OOBFillNames, t.OOBFill))
	}
	return tnames, nil
}

// paramYAML is one `params:` entry for the parameter at p.
func paramYAML(d *Dump, p ParamInfo, names []string, tnames map[int]string) string {
	raw := slices.Clone(d.ParamBlock[p.Offset : p.Offset+p.Size])
	covered := make([]bool, p.Size)
	type fieldAt struct {
		off  int
		text string
	}
	var fields []fieldAt
	whole := ""
	for o := 0; o+128 <= p.Size; o++ {
		if name, ok := tnames[p.Offset+o]; ok {
			whole = "{tensormap: " + name + "}"
			fields = append(fields, fieldAt{o, fmt.Sprintf("{offset: %d, tensormap: %s}", o, name)})
			for k := o; k < o+128; k++ {
				covered[k], raw[k] = true, 0
			}
		}
	}
	for o := (8 - p.Offset%8) % 8; o+8 <= p.Size; o += 8 {
		if covered[o] {
			continue
		}
		v := binary.LittleEndian.Uint64(raw[o:])
		k := slices.IndexFunc(d.Buffers, func(b Buffer) bool { return b.contains(v) })
		if k < 0 {
			continue
		}
		off := v - d.Buffers[k].Base
		whole = "{buffer: " + names[k] + "}"
		if off != 0 {
			whole = fmt.Sprintf("{buffer: %s, offset: %d}", names[k], off)
		}
		f := fmt.Sprintf("{offset: %d, buffer: %s}", o, names[k])
		if off != 0 {
			f = fmt.Sprintf("{offset: %d, buffer: %s, buffer_offset: %d}", o, names[k], off)
		}
		fields = append(fields, fieldAt{o, f})
		for j := o; j < o+8; j++ {
			covered[j], raw[j] = true, 0
		}
	}
	switch {
	case len(fields) == 1 && !slices.Contains(covered, false):
		return whole
	case len(fields) > 0:
		slices.SortFunc(fields, func(a, b fieldAt) int { return a.off - b.off })
		texts := make([]string, len(fields))
		for i, f := range fields {
			texts[i] = f.text
		}
		return fmt.Sprintf("{bytes: %d, hex: \"%s\", fields: [%s]}", p.Size, hex.EncodeToString(raw), strings.Join(texts, ", "))
	}
	switch p.Size {
	case 1:
		return fmt.Sprintf("{u8: %d}", raw[0])
	case 2:
		return fmt.Sprintf("{u16: %d}", binary.LittleEndian.Uint16(raw))
	case 4:
		return fmt.Sprintf("{u32: %d}", binary.LittleEndian.Uint32(raw))
	case 8:
		return fmt.Sprintf("{u64: %d}", binary.LittleEndian.Uint64(raw))
	}
	return fmt.Sprintf("{bytes: %d, hex: \"%s\"}", p.Size, hex.EncodeToString(raw))
}

func ints3(v [3]int) string { return fmt.Sprintf("[%d, %d, %d]", v[0], v[1], v[2]) }

func list[T any](v []T) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = fmt.Sprint(x)
	}
	return "[" + strings.Join(s, ", ") + "]"
}

func enumName(names []string, v int) string {
	if v >= 0 && v < len(names) {
		return names[v]
	}
	return fmt.Sprint(v)
}

func sha(b []byte) string {
	if b == nil {
		return ""
	}
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

func allZero(b []byte) bool {
	for _, v := range b {
		if v != 0 {
			return false
		}
	}
	return true
}
