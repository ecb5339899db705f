// Package capture turns what the launch-capture interposer
// (tools/capture/shim.c) wrote for one kernel launch into a corpus
// directory: kernel.ptx, launch.yaml, the input .npy files, gpu/ outputs and
// provenance.json, which `sm90sim run` and `sm90sim validate` take unchanged.
package capture

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// Dump is one captured launch as the interposer wrote it (launch.txt,
// params.bin, buf<K>.before/.after).
type Dump struct {
	Name         string // the function's name as the driver knows it (the .entry)
	Image        int    // index of the module image (img<N>.bin), -1 when unknown
	Via          string // cuLaunchKernel or cuLaunchKernelEx
	Launch       int    // the Nth matching launch
	Grid, Block  [3]int
	Cluster      [3]int
	Shared       int
	Regs         int    // CU_FUNC_ATTRIBUTE_NUM_REGS (-1 unknown)
	ParamsPassed string // kernelParams, extra
	Params       []ParamInfo
	ParamBlock   []byte // every parameter at its offset
	TensorMaps   []TensorMap
	Buffers      []Buffer
	Error        string // why the launch was not captured (too large)
	LaunchResult int    // the launch's CUresult
	SyncResult   int    // the synchronisation's after it
	Done         bool
}

// ParamInfo is cuFuncGetParamInfo's answer for one parameter.
type ParamInfo struct{ Offset, Size int }

// TensorMap is one cuTensorMapEncodeTiled/Im2col call whose 128-byte
// result sits at Offset in the parameter block.
type TensorMap struct {
	Offset                                    int
	Im2col                                    bool
	DType, Rank                               int
	Interleave, Swizzle, L2Promotion, OOBFill int
	Address                                   uint64
	Dims, Strides                             []uint64
	Box, ElementStrides                       []uint32
	Lower, Upper                              []int32
	ChannelsPerPixel, PixelsPerColumn         uint32
	// ClearedBit21: the parameter equals the encoding but for bit 21 of
	// its second word, which CuTe clears for small tensors on drivers up
	// to 13010; the spec's map is encoded again by the driver (bit set).
	ClearedBit21 bool
}

// Buffer is one device allocation the launch can reach (from
// cuMemGetAddressRange), with its contents before and after the launch.
type Buffer struct {
	Base          uint64
	Size          int
	Before, After []byte
}

// Image is one module image the program loaded.
type Image struct {
	Kind string // ptx, cubin, fatbin
	Data []byte
}

// ReadDump reads the launch the interposer captured in dir.
func ReadDump(dir string) (*Dump, error) {
	text, err := os.ReadFile(filepath.Join(dir, "launch.txt"))
	if err != nil {
		return nil, err
	}
	d := &Dump{Image: -1, Regs: -1}
	sc := bufio.NewScanner(bytes.NewReader(text))
	sc.Buffer(make([]byte, 1<<16), 1<<22)
	line := 0
	for sc.Scan() {
		line++
		f := strings.Fields(sc.Text())
		if len(f) == 0 {
			continue
		}
		if err := d.parseLine(f, dir); err != nil {
			return nil, fmt.Errorf("%s:%d: %v", filepath.Join(dir, "launch.txt"), line, err)
		}
	}
	if d.Name == "" {
		return nil, fmt.Errorf("%s: no kernel name", filepath.Join(dir, "launch.txt"))
	}
	if d.Error != "" {
		return d, nil
	}
	if d.ParamBlock, err = os.ReadFile(filepath.Join(dir, "params.bin")); err != nil {
		return nil, err
	}
	for i := range d.Buffers {
		b := &d.Buffers[i]
		if b.Before, err = os.ReadFile(filepath.Join(dir, fmt.Sprintf("buf%d.before", i))); err != nil {
			return nil, err
		}
		if d.Done {
			if b.After, err = os.ReadFile(filepath.Join(dir, fmt.Sprintf("buf%d.after", i))); err != nil {
				return nil, err
			}
		}
		if len(b.Before) != b.Size || (d.Done && len(b.After) != b.Size) {
			return nil, fmt.Errorf("buffer %d: %d bytes recorded for an allocation of %d", i, len(b.Before), b.Size)
		}
	}
	return d, nil
}

func (d *Dump) parseLine(f []string, dir string) error {
	ints := func(s []string, n int) ([]int, error) {
		if len(s) < n {
			return nil, fmt.Errorf("%s: want %d numbers", f[0], n)
		}
		out := make([]int, n)
		for i := range out {
			v, err := strconv.Atoi(s[i])
			if err != nil {
				return nil, fmt.Errorf("%s: %v", f[0], err)
			}
			out[i] = v
		}
		return out, nil
	}
	three := func(dst *[3]int) error {
		v, err := ints(f[1:], 3)
		if err == nil {
			copy(dst[:], v)
		}
		return err
	}
	one := func(dst *int) error {
		v, err := ints(f[1:], 1)
		if err == nil {
			*dst = v[0]
		}
		return err
	}
	switch f[0] {
	case "name":
		d.Name = strings.Join(f[1:], " ")
	case "via":
		d.Via = strings.Join(f[1:], " ")
	case "params_passed":
		d.ParamsPassed = strings.Join(f[1:], " ")
	case "image":
		return one(&d.Image)
	case "launch":
		return one(&d.Launch)
	case "grid":
		return three(&d.Grid)
	case "block":
		return three(&d.Block)
	case "cluster":
		return three(&d.Cluster)
	case "shared":
		return one(&d.Shared)
	case "regs":
		return one(&d.Regs)
	case "param":
		v, err := ints(f[1:], 3)
		if err != nil {
			return err
		}
		if v[0] != len(d.Params) {
			return fmt.Errorf("param %d out of order", v[0])
		}
		d.Params = append(d.Params, ParamInfo{v[1], v[2]})
	case "tmap":
		t, err := parseTMap(f[1:])
		if err != nil {
			return err
		}
		d.TensorMaps = append(d.TensorMaps, t)
	case "buf":
		if len(f) < 5 {
			return fmt.Errorf("buf: want index, base, size, result")
		}
		base, err1 := strconv.ParseUint(f[2], 10, 64)
		size, err2 := strconv.Atoi(f[3])
		if err1 != nil || err2 != nil {
			return fmt.Errorf("buf: bad numbers %q", strings.Join(f[1:], " "))
		}
		if f[4] != "0" {
			return fmt.Errorf("buf %s: cuMemcpyDtoH failed (CUresult %s)", f[1], f[4])
		}
		d.Buffers = append(d.Buffers, Buffer{Base: base, Size: size})
	case "after":
		if len(f) >= 3 && f[2] != "0" {
			return fmt.Errorf("buf %s after the launch: cuMemcpyDtoH failed (CUresult %s)", f[1], f[2])
		}
	case "result":
		v, err := ints(f[1:], 2)
		if err == nil {
			d.LaunchResult, d.SyncResult = v[0], v[1]
		}
		return err
	case "error":
		d.Error = strings.Join(f[1:], " ")
	case "done":
		d.Done = true
	}
	return nil
}

// parseTMap reads "OFFSET tiled|im2col DTYPE RANK IL SW L2 OOB ADDR dims ...
// strides ... box ... estr ... [lower ... upper ... cpp N ppc N]".
func parseTMap(f []string) (TensorMap, error) {
	var t TensorMap
	if len(f) < 9 {
		return t, fmt.Errorf("tmap: too few fields")
	}
	nums := make([]int, 0, 7)
	for _, i := range []int{0, 2, 3, 4, 5, 6, 7} {
		v, err := strconv.Atoi(f[i])
		if err != nil {
			return t, fmt.Errorf("tmap: %v", err)
		}
		nums = append(nums, v)
	}
	t.Offset, t.DType, t.Rank, t.Interleave, t.Swizzle, t.L2Promotion, t.OOBFill = nums[0], nums[1], nums[2], nums[3], nums[4], nums[5], nums[6]
	t.Im2col = f[1] == "im2col"
	var err error
	if t.Address, err = strconv.ParseUint(f[8], 10, 64); err != nil {
		return t, fmt.Errorf("tmap: address: %v", err)
	}
	groups := map[string][]string{}
	key := ""
	for _, w := range f[9:] {
		if _, err := strconv.ParseInt(w, 10, 64); err != nil {
			key = w
			groups[key] = []string{}
			continue
		}
		groups[key] = append(groups[key], w)
	}
	u64 := func(k string) []uint64 {
		out := []uint64{}
		for _, w := range groups[k] {
			v, _ := strconv.ParseUint(w, 10, 64)
			out = append(out, v)
		}
		return out
	}
	u32 := func(k string) []uint32 {
		var out []uint32
		for _, v := range u64(k) {
			out = append(out, uint32(v))
		}
		return out
	}
	i32 := func(k string) []int32 {
		var out []int32
		for _, w := range groups[k] {
			v, _ := strconv.ParseInt(w, 10, 32)
			out = append(out, int32(v))
		}
		return out
	}
	_, t.ClearedBit21 = groups["cleared_bit21"]
	t.Dims, t.Strides, t.Box, t.ElementStrides = u64("dims"), u64("strides"), u32("box"), u32("estr")
	if t.Im2col {
		t.Lower, t.Upper = i32("lower"), i32("upper")
		if v := u32("cpp"); len(v) == 1 {
			t.ChannelsPerPixel = v[0]
		}
		if v := u32("ppc"); len(v) == 1 {
			t.PixelsPerColumn = v[0]
		}
	}
	if len(t.Dims) != t.Rank || len(t.Strides) != t.Rank-1 || len(t.ElementStrides) != t.Rank {
		return t, fmt.Errorf("tmap: rank %d with %d dims, %d strides, %d element strides", t.Rank, len(t.Dims), len(t.Strides), len(t.ElementStrides))
	}
	return t, nil
}

// ReadImage reads module image n (img<n>.bin) and its kind from images.txt.
func ReadImage(dir string, n int) (*Image, error) {
	text, err := os.ReadFile(filepath.Join(dir, "images.txt"))
	if err != nil {
		return nil, err
	}
	for _, l := range strings.Split(string(text), "\n") {
		f := strings.Fields(l)
		if len(f) >= 2 && f[0] == strconv.Itoa(n) {
			data, err := os.ReadFile(filepath.Join(dir, fmt.Sprintf("img%d.bin", n)))
			if err != nil {
				return nil, err
			}
			return &Image{Kind: f[1], Data: data}, nil
		}
	}
	return nil, fmt.Errorf("image %d is not in %s", n, filepath.Join(dir, "images.txt"))
}

// Seen lists the kernels the program launched (seen.txt), in first-launch order.
func Seen(dir string) []string {
	text, _ := os.ReadFile(filepath.Join(dir, "seen.txt"))
	var out []string
	for _, l := range strings.Split(string(text), "\n") {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, l)
		}
	}
	return out
}
