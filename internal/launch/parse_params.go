package launch

import (
	"encoding/hex"
	"fmt"
	"strings"

	"gopkg.in/yaml.v3"
)

// scalarKeys are the dtypes a scalar param may name.
var scalarKeys = []string{"u8", "u16", "u32", "u64", "s8", "s16", "s32", "s64", "f16", "bf16", "f32", "f64"}

// paramKeys are all keys a param entry may have. Later: tensormap, fields.
var paramKeys = append([]string{"buffer", "offset", "bytes", "hex", "tensormap", "fields"}, scalarKeys...)

// maxParamBytes is the largest kernel parameter block (CUDA 12.1+, sm_70+).
const maxParamBytes = 32764

func (p *parser) params(s *Spec, f field) error {
	s.paramsPos = p.pos(f.k)
	if f.v.ShortTag() == "!!null" {
		return nil
	}
	items, err := p.list(f.v, "params")
	if err != nil {
		return err
	}
	for i, it := range items {
		ps, err := p.param(s, it, fmt.Sprintf("param %d", i))
		if err != nil {
			return err
		}
		s.Params = append(s.Params, ps)
	}
	return nil
}

func (p *parser) param(s *Spec, n *yaml.Node, what string) (ParamSpec, error) {
	ps := ParamSpec{Pos: p.pos(n)}
	fs, err := p.fields(n, what, paramKeys)
	if err != nil {
		return ps, err
	}
	byKey := map[string]field{}
	for _, f := range fs {
		byKey[f.key] = f
	}
	only := func(allowed ...string) error {
		for _, f := range fs {
			if !contains(allowed, f.key) {
				return p.errf(f.k, "%s: %q cannot be combined with %q", what, f.key, allowed[0])
			}
		}
		return nil
	}
	switch {
	case len(fs) == 0:
		return ps, p.errf(n, "%s: empty; want {buffer: NAME}, {TYPE: VALUE} or {bytes: N, hex: ...}", what)
	case has(byKey, "buffer"):
		if err := only("buffer", "offset"); err != nil {
			return ps, err
		}
		return ps, p.bufferParam(s, &ps, byKey, what)
	case has(byKey, "tensormap"):
		if err := only("tensormap"); err != nil {
			return ps, err
		}
		return ps, p.tensorMapParam(s, &ps, byKey["tensormap"], what)
	case has(byKey, "bytes") && has(byKey, "fields"):
		if err := only("bytes", "fields", "hex"); err != nil {
			return ps, err
		}
		return ps, p.structParam(s, &ps, byKey, what)
	case has(byKey, "bytes"):
		if err := only("bytes", "hex"); err != nil {
			return ps, err
		}
		return ps, p.bytesParam(&ps, byKey, what)
	case contains(scalarKeys, fs[0].key):
		if err := only(fs[0].key); err != nil {
			return ps, err
		}
		d, _ := DTypeByName(fs[0].key)
		ps.Kind, ps.DType = ParamScalar, d
		ps.Bytes, err = p.scalar(fs[0].v, d, what)
		return ps, err
	}
	return ps, p.errf(fs[0].k, "%s: %q needs %q", what, fs[0].key, map[string]string{"offset": "buffer", "hex": "bytes", "fields": "bytes"}[fs[0].key])
}

func has(m map[string]field, k string) bool { _, ok := m[k]; return ok }

func (p *parser) bufferParam(s *Spec, ps *ParamSpec, byKey map[string]field, what string) error {
	f := byKey["buffer"]
	name, err := p.strLit(f.v, what+": buffer")
	if err != nil {
		return err
	}
	if s.Buffer(name) == nil {
		return p.errf(f.v, "%s: unknown buffer %q (%s)", what, name, bufferList(s))
	}
	ps.Kind, ps.Buffer = ParamBuffer, name
	if g, ok := byKey["offset"]; ok {
		if ps.Offset, err = p.intIn(g.v, what+": offset", 0, maxBufferBytes); err != nil {
			return err
		}
		if b := s.Buffer(name); b.File == "" && ps.Offset > int64(b.Bytes()) {
			return p.errf(g.v, "%s: offset %d is past the end of buffer %s (%d bytes)", what, ps.Offset, name, b.Bytes())
		}
	}
	return nil
}

func bufferList(s *Spec) string {
	if len(s.Buffers) == 0 {
		return "the spec has no buffers"
	}
	var names []string
	for _, b := range s.Buffers {
		names = append(names, b.Name)
	}
	return "buffers: " + strings.Join(names, ", ")
}

func (p *parser) bytesParam(ps *ParamSpec, byKey map[string]field, what string) error {
	n, err := p.intIn(byKey["bytes"].v, what+": bytes", 1, maxParamBytes)
	if err != nil {
		return err
	}
	ps.Kind, ps.Bytes = ParamBytes, make([]byte, n)
	f, ok := byKey["hex"]
	if !ok {
		return nil
	}
	text, err := p.strLit(f.v, what+": hex")
	if err != nil {
		return err
	}
	raw, err := hex.DecodeString(text)
	if err != nil {
		return p.errf(f.v, "%s: hex: %q is not a string of hex digit pairs", what, text)
	}
	if len(raw) != int(n) {
		return p.errf(f.v, "%s: hex gives %d bytes, bytes says %d", what, len(raw), n)
	}
	copy(ps.Bytes, raw)
	return nil
}
