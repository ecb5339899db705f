package launch

import (
	"fmt"
	"slices"

	"gopkg.in/yaml.v3"
)

// TensorMapBytes is the size of an encoded tensor map (CUtensorMap).
const TensorMapBytes = 128

// tensorMapParam: {tensormap: NAME}, a 128-byte __grid_constant__ param.
func (p *parser) tensorMapParam(s *Spec, ps *ParamSpec, f field, what string) error {
	name, err := p.strLit(f.v, what+": tensormap")
	if err != nil {
		return err
	}
	if s.TensorMap(name) == nil {
		return p.errf(f.v, "%s: unknown tensor map %q (%s)", what, name, tensorMapList(s))
	}
	ps.Kind, ps.TensorMap = ParamTensorMap, name
	return nil
}

var fieldKeys = append([]string{"offset", "buffer", "buffer_offset", "tensormap"}, scalarKeys...)

// structParam: {bytes: N, [hex: H,] fields: [{offset: O, tensormap|buffer|TYPE: V}, ...]},
// a by-value struct; bytes not covered by a field are zero, or the hex
// string's bytes when one is given (the fields are laid over them).
func (p *parser) structParam(s *Spec, ps *ParamSpec, byKey map[string]field, what string) error {
	if err := p.bytesParam(ps, byKey, what); err != nil {
		return err
	}
	n := int64(len(ps.Bytes))
	items, err := p.list(byKey["fields"].v, what+": fields")
	if err != nil {
		return err
	}
	used := make([]bool, n)
	for i, it := range items {
		fw := fmt.Sprintf("%s: field %d", what, i)
		pf, err := p.structField(s, it, fw)
		if err != nil {
			return err
		}
		size := pf.Param.Size()
		if pf.Offset+size > int(n) {
			return p.errf(it, "%s: %d bytes at offset %d do not fit in %d bytes", fw, size, pf.Offset, n)
		}
		if pf.Param.Kind == ParamTensorMap && pf.Offset%64 != 0 {
			return p.errf(it, "%s: a tensor map must sit at a 64-byte aligned offset, not %d", fw, pf.Offset)
		}
		if slices.Contains(used[pf.Offset:pf.Offset+size], true) {
			return p.errf(it, "%s: bytes [%d, %d) overlap an earlier field", fw, pf.Offset, pf.Offset+size)
		}
		for j := pf.Offset; j < pf.Offset+size; j++ {
			used[j] = true
		}
		if pf.Param.Kind == ParamScalar {
			copy(ps.Bytes[pf.Offset:], pf.Param.Bytes)
		}
		ps.Fields = append(ps.Fields, pf)
	}
	return nil
}

func (p *parser) structField(s *Spec, n *yaml.Node, what string) (ParamField, error) {
	var pf ParamField
	fs, err := p.fields(n, what, fieldKeys)
	if err != nil {
		return pf, err
	}
	var val, bufOff *field
	for i := range fs {
		f := &fs[i]
		if f.key == "buffer_offset" {
			bufOff = f
			continue
		}
		if f.key == "offset" {
			v, err := p.intIn(f.v, what+": offset", 0, maxParamBytes)
			if err != nil {
				return pf, err
			}
			pf.Offset = int(v)
			continue
		}
		if val != nil {
			return pf, p.errf(f.k, "%s: %q cannot be combined with %q", what, f.key, val.key)
		}
		val = f
	}
	if val == nil {
		return pf, p.errf(n, "%s: needs a value (tensormap, buffer or a scalar type)", what)
	}
	pf.Param.Pos = p.pos(n)
	if bufOff != nil && val.key != "buffer" {
		return pf, p.errf(bufOff.k, "%s: buffer_offset needs buffer", what)
	}
	switch val.key {
	case "tensormap":
		err = p.tensorMapParam(s, &pf.Param, *val, what)
	case "buffer":
		byKey := map[string]field{"buffer": *val}
		if bufOff != nil {
			byKey["offset"] = *bufOff
		}
		err = p.bufferParam(s, &pf.Param, byKey, what)
	default:
		d, _ := DTypeByName(val.key)
		pf.Param.Kind, pf.Param.DType = ParamScalar, d
		pf.Param.Bytes, err = p.scalar(val.v, d, what)
	}
	return pf, err
}

// tensorMapBuffer: a buffer {tensormaps: [A, B]} holding encoded maps.
func (p *parser) tensorMapBuffer(b *BufferSpec, f field, fs []field) error {
	what := "buffer " + b.Name
	if len(fs) != 1 {
		return p.errf(f.k, "%s: tensormaps cannot be combined with other keys", what)
	}
	items, err := p.list(f.v, what+": tensormaps")
	if err != nil {
		return err
	}
	if len(items) == 0 {
		return p.errf(f.v, "%s: tensormaps must name at least one map", what)
	}
	b.TensorMaps = []string{}
	for _, it := range items {
		name, err := p.strLit(it, what+": tensormaps")
		if err != nil {
			return err
		}
		b.TensorMaps = append(b.TensorMaps, name)
	}
	b.DType, b.Shape = U8, []int{TensorMapBytes * len(items)}
	b.filePos = p.pos(f.v)
	return nil
}

// checkTensorMapBuffers checks the names in {tensormaps: [...]} buffers
// (the maps are parsed after the buffers).
func (p *parser) checkTensorMapBuffers(s *Spec) error {
	for _, b := range s.Buffers {
		for _, name := range b.TensorMaps {
			if s.TensorMap(name) == nil {
				return b.filePos.Errorf("buffer %s: unknown tensor map %q (%s)", b.Name, name, tensorMapList(s))
			}
		}
	}
	return nil
}
