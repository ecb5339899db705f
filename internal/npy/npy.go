package npy

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"math/bits"
	"strconv"
	"strings"
	"unicode/utf8"
)

// magic is the first six bytes of every .npy file.
const magic = "\x93NUMPY"

// headerAlign is the alignment numpy pads the header to (64 since numpy 1.14).
const headerAlign = 64

// Decode splits an .npy image into descr, shape and data. The returned descr
// is canonical: one-byte types use '|' ("<u1" reads as "|u1"). data is in C
// order: it aliases src, except for a Fortran-order file (fortran_order:
// True, what np.save writes for a transposed array), whose elements are
// reordered into a new slice.
func Decode(src []byte) (descr string, shape []int, data []byte, err error) {
	if len(src) < 10 || string(src[:6]) != magic {
		return "", nil, nil, fmt.Errorf("npy: not a .npy file (bad magic)")
	}
	major, minor := src[6], src[7]
	var hlen, start int
	switch major {
	case 1:
		hlen, start = int(binary.LittleEndian.Uint16(src[8:10])), 10
	case 2, 3:
		if len(src) < 12 {
			return "", nil, nil, fmt.Errorf("npy: truncated header")
		}
		hlen, start = int(binary.LittleEndian.Uint32(src[8:12])), 12
	default:
		return "", nil, nil, fmt.Errorf("npy: unsupported format version %d.%d", major, minor)
	}
	if hlen > len(src)-start {
		return "", nil, nil, fmt.Errorf("npy: truncated header (%d bytes declared, %d present)", hlen, len(src)-start)
	}
	raw := src[start : start+hlen]
	if major < 3 && !isASCII(raw) {
		return "", nil, nil, fmt.Errorf("npy: version %d header is not ASCII", major)
	}
	if major == 3 && !utf8.Valid(raw) {
		return "", nil, nil, fmt.Errorf("npy: version 3 header is not UTF-8")
	}
	h, err := parseHeader(string(raw))
	if err != nil {
		return "", nil, nil, err
	}
	descr, size, err := parseDescr(h.descr)
	if err != nil {
		return "", nil, nil, err
	}
	want, err := byteCount(h.shape, size)
	if err != nil {
		return "", nil, nil, err
	}
	data = src[start+hlen:]
	if len(data) != want {
		return "", nil, nil, fmt.Errorf("npy: shape %v of %s needs %d data bytes, file has %d", h.shape, descr, want, len(data))
	}
	if h.fortran {
		data = fortranToC(data, h.shape, size)
	}
	return descr, h.shape, data, nil
}

// Encode writes an .npy image (format 1.0, or 2.0 when the header is too big).
func Encode(w io.Writer, descr string, shape []int, data []byte) error {
	canon, size, err := parseDescr(descr)
	if err != nil {
		return err
	}
	want, err := byteCount(shape, size)
	if err != nil {
		return err
	}
	if len(data) != want {
		return fmt.Errorf("npy: shape %v of %s needs %d bytes, got %d", shape, canon, want, len(data))
	}
	dict := formatHeader(canon, shape)
	var pre []byte
	pad := func(prefix int) string {
		n := prefix + len(dict) + 1
		return dict + strings.Repeat(" ", (headerAlign-n%headerAlign)%headerAlign) + "\n"
	}
	if h := pad(10); len(h) <= math.MaxUint16 {
		pre = append([]byte(magic), 1, 0)
		pre = binary.LittleEndian.AppendUint16(pre, uint16(len(h)))
		pre = append(pre, h...)
	} else {
		h := pad(12)
		pre = append([]byte(magic), 2, 0)
		pre = binary.LittleEndian.AppendUint32(pre, uint32(len(h)))
		pre = append(pre, h...)
	}
	if _, err := w.Write(pre); err != nil {
		return err
	}
	_, err = w.Write(data)
	return err
}

// EncodeBytes is Encode into a new byte slice.
func EncodeBytes(descr string, shape []int, data []byte) ([]byte, error) {
	var b bytes.Buffer
	if err := Encode(&b, descr, shape, data); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// ItemSize returns the element size in bytes of a supported descr.
func ItemSize(descr string) (int, error) {
	_, n, err := parseDescr(descr)
	return n, err
}

// parseDescr checks a simple descr ("<f4", "|u1", "|V16") and returns its
// canonical spelling and item size.
func parseDescr(d string) (string, int, error) {
	if len(d) < 2 || strings.IndexByte("<>|=", d[0]) < 0 {
		return "", 0, fmt.Errorf("npy: unsupported dtype %q (want e.g. '<f4' or '|u1')", d)
	}
	order, kind := d[0], d[1]
	if kind == 'O' {
		return "", 0, fmt.Errorf("npy: object arrays (dtype %q) are not supported", d)
	}
	if strings.IndexByte("biufcVSU", kind) < 0 {
		return "", 0, fmt.Errorf("npy: unsupported dtype %q", d)
	}
	n, err := strconv.Atoi(d[2:])
	if err != nil || n <= 0 {
		return "", 0, fmt.Errorf("npy: unsupported dtype %q", d)
	}
	size := n
	if kind == 'U' {
		size = 4 * n
	}
	elem := size
	if kind == 'c' {
		elem = size / 2
	}
	switch {
	case elem == 1 || kind == 'V' || kind == 'S':
		return "|" + d[1:], size, nil
	case order == '>':
		return "", 0, fmt.Errorf("npy: big-endian dtype %q is not supported (use .astype('<%s'))", d, d[1:])
	case order != '<':
		return "", 0, fmt.Errorf("npy: dtype %q has no explicit byte order (want '<%s')", d, d[1:])
	}
	return d, size, nil
}

// byteCount is product(shape)*size with overflow and sign checks.
func byteCount(shape []int, size int) (int, error) {
	n := uint64(size)
	for _, d := range shape {
		if d < 0 {
			return 0, fmt.Errorf("npy: negative dimension in shape %v", shape)
		}
		hi, lo := bits.Mul64(n, uint64(d))
		if hi != 0 || lo > math.MaxInt {
			return 0, fmt.Errorf("npy: shape %v is too large", shape)
		}
		n = lo
	}
	return int(n), nil
}

func isASCII(b []byte) bool {
	for _, c := range b {
		if c >= 0x80 {
			return false
		}
	}
	return true
}
