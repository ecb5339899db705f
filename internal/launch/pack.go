package launch

import (
	"encoding/binary"
	"fmt"
	"strings"

	"github.com/sm90sim/sm90sim/internal/kname"
	"github.com/sm90sim/sm90sim/ptx"
)

// PackParams builds the .entry parameter block exactly as the signature lays
// it out: each value at its ptx.Param Offset, padding zero, length
// max(Offset+Size). bufAddr maps a buffer name to its 64-bit device address.
// Errors name the spec position of the offending param and the PTX param.
func (s *Spec) PackParams(params []ptx.Param, bufAddr func(name string) uint64) ([]byte, error) {
	return s.PackParamsMaps(params, bufAddr, nil)
}

// PackParamsMaps is PackParams for specs with tensor maps: tmap returns the
// back end's 128-byte encoding of the named map (nil tmap: such params are
// an error).
func (s *Spec) PackParamsMaps(params []ptx.Param, bufAddr func(name string) uint64, tmap func(name string) ([]byte, error)) ([]byte, error) {
	if err := s.checkParamCount(params); err != nil {
		return nil, err
	}
	total := 0
	for _, p := range params {
		if p.Offset < 0 || p.Size < 0 {
			return nil, fmt.Errorf("launch: PTX param %s has offset %d size %d", p.Name, p.Offset, p.Size)
		}
		total = max(total, p.Offset+p.Size)
	}
	block := make([]byte, total)
	for i, p := range params {
		sp := &s.Params[i]
		if sp.Size() != p.Size {
			return nil, sp.Pos.Errorf("param %d: the spec gives %s, %d bytes; %s is %d bytes",
				i, sp.Describe(), sp.Size(), paramText(p), p.Size)
		}
		if err := placeParam(block[p.Offset:p.Offset+p.Size], sp, bufAddr, tmap); err != nil {
			return nil, err
		}
		for _, f := range sp.Fields {
			if err := placeParam(block[p.Offset+f.Offset:], &f.Param, bufAddr, tmap); err != nil {
				return nil, err
			}
		}
	}
	return block, nil
}

// placeParam writes one param (or struct field) at the start of dst.
func placeParam(dst []byte, sp *ParamSpec, bufAddr func(string) uint64, tmap func(string) ([]byte, error)) error {
	switch sp.Kind {
	case ParamBuffer:
		binary.LittleEndian.PutUint64(dst, bufAddr(sp.Buffer)+uint64(sp.Offset))
	case ParamTensorMap:
		if tmap == nil {
			return sp.Pos.Errorf("tensor map %s: this back end cannot encode tensor maps", sp.TensorMap)
		}
		b, err := tmap(sp.TensorMap)
		if err != nil {
			return err
		}
		copy(dst, b)
	default:
		copy(dst, sp.Bytes)
	}
	return nil
}

func (s *Spec) checkParamCount(params []ptx.Param) error {
	switch {
	case len(s.Params) < len(params):
		var missing []string
		for _, p := range params[len(s.Params):] {
			missing = append(missing, paramText(p))
		}
		return s.paramsPos.Errorf("the kernel has %d parameters, params gives %d; missing: %s",
			len(params), len(s.Params), strings.Join(missing, ", "))
	case len(s.Params) > len(params):
		return s.Params[len(params)].Pos.Errorf("param %d: the kernel has only %d parameters", len(params), len(params))
	}
	return nil
}

// paramText renders a PTX param as declared, e.g. ".param .u64 out" or
// ".param .align 8 .b8 p[16]".
func paramText(p ptx.Param) string {
	var b strings.Builder
	b.WriteString(".param ")
	if len(p.Dims) > 0 {
		fmt.Fprintf(&b, ".align %d ", p.Align)
	}
	fmt.Fprintf(&b, ".%s %s", p.Type, kname.Param(p.Name))
	for _, d := range p.Dims {
		fmt.Fprintf(&b, "[%d]", d)
	}
	if p.Pos.Line > 0 {
		fmt.Fprintf(&b, " (%s:%d:%d)", p.Pos.File, p.Pos.Line, p.Pos.Col)
	}
	return b.String()
}
