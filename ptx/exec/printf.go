package exec

import (
	"bytes"
	"fmt"
	"math"
	"strings"
)

// vprintf is the device printf: vprintf(const char *fmt, void *args) where
// args is a buffer holding each argument at its natural alignment (doubles
// for %f/%e/%g, 8-byte pointers for %s/%p, 4 or 8 bytes for integers).
// The formatted text is appended to Launch.Printf in execution order.
func (w *Warp) vprintf(x *xinst, l int, fmtAddr, argAddr uint64) (int, error) {
	format, err := w.cString(x, l, fmtAddr)
	if err != nil {
		return 0, err
	}
	var out strings.Builder
	off := uint64(0)
	arg := func(n int) (uint64, error) {
		off = (off + uint64(n) - 1) &^ (uint64(n) - 1)
		b, msg := w.access(0, argAddr+off, n, l)
		if msg != "" {
			return 0, w.laneFault(x, l, "printf argument: %s", msg)
		}
		off += uint64(n)
		return getLE(b, n), nil
	}
	for i := 0; i < len(format); i++ {
		c := format[i]
		if c != '%' {
			out.WriteByte(c)
			continue
		}
		j := i + 1
		for j < len(format) && strings.IndexByte("-+ #0123456789.", format[j]) >= 0 {
			j++
		}
		long := 0
		for j < len(format) && strings.IndexByte("hlLqjzt", format[j]) >= 0 {
			if format[j] == 'l' || format[j] == 'L' || format[j] == 'q' || format[j] == 'j' || format[j] == 'z' || format[j] == 't' {
				long++
			}
			j++
		}
		if j >= len(format) {
			out.WriteString(format[i:])
			break
		}
		spec := strings.Map(func(r rune) rune {
			if strings.ContainsRune("hlLqjzt", r) {
				return -1
			}
			return r
		}, format[i+1:j])
		verb := format[j]
		i = j
		s, err := w.formatConv(x, l, spec, verb, long, arg)
		if err != nil {
			return 0, err
		}
		out.WriteString(s)
	}
	w.cta.l.Printf.WriteString(out.String())
	return out.Len(), nil
}

// formatConv formats one printf conversion (verb with its flags, width and
// precision in spec), reading its argument through arg.
func (w *Warp) formatConv(x *xinst, l int, spec string, verb byte, long int, arg func(int) (uint64, error)) (string, error) {
	switch verb {
	case '%':
		return "%", nil
	case 'd', 'i':
		v, err := intArg(arg, long)
		if err != nil {
			return "", err
		}
		if long == 0 {
			return fmt.Sprintf("%"+spec+"d", int32(v)), nil
		}
		return fmt.Sprintf("%"+spec+"d", int64(v)), nil
	case 'u', 'x', 'X', 'o', 'c':
		v, err := intArg(arg, long)
		if err != nil {
			return "", err
		}
		if long == 0 {
			v = uint64(uint32(v))
		}
		if verb == 'u' {
			verb = 'd'
		}
		return fmt.Sprintf("%"+spec+string(verb), v), nil
	case 'f', 'F', 'e', 'E', 'g', 'G', 'a', 'A':
		v, err := arg(8)
		if err != nil {
			return "", err
		}
		return cFloat(spec, verb, math.Float64frombits(v)), nil
	case 'p':
		v, err := arg(8)
		if err != nil {
			return "", err
		}
		return fmt.Sprintf("0x%x", v), nil
	case 's':
		v, err := arg(8)
		if err != nil {
			return "", err
		}
		str, err := w.cString(x, l, v)
		if err != nil {
			return "", err
		}
		return fmt.Sprintf("%"+spec+"s", str), nil
	}
	return "%" + spec + string(verb), nil
}

func intArg(arg func(int) (uint64, error), long int) (uint64, error) {
	if long > 0 {
		return arg(8)
	}
	return arg(4)
}

// cFloat formats like C's printf for the float verbs Go shares.
func cFloat(spec string, verb byte, v float64) string {
	if math.IsInf(v, 0) || math.IsNaN(v) {
		s := "inf"
		if math.IsNaN(v) {
			s = "nan"
		} else if v < 0 {
			s = "-inf"
		}
		if verb >= 'A' && verb <= 'Z' {
			s = strings.ToUpper(s)
		}
		return s
	}
	if verb == 'a' || verb == 'A' {
		verb = 'x' + (verb - 'a')
	}
	if verb == 'e' || verb == 'E' || verb == 'g' || verb == 'G' {
		s := fmt.Sprintf("%"+spec+string(verb), v)
		// C writes at least two exponent digits, as Go does.
		return s
	}
	return fmt.Sprintf("%"+spec+string(verb), v)
}

// cString reads a NUL-terminated string at a generic address.
func (w *Warp) cString(x *xinst, l int, a uint64) (string, error) {
	var b bytes.Buffer
	for n := 0; n < 1<<16; n++ {
		p, msg := w.access(0, a+uint64(n), 1, l)
		if msg != "" {
			return "", w.laneFault(x, l, "printf string: %s", msg)
		}
		if p[0] == 0 {
			return b.String(), nil
		}
		b.WriteByte(p[0])
	}
	return b.String(), nil
}
