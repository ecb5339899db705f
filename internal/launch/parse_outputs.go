package launch

import (
	"math"

	"gopkg.in/yaml.v3"
)

func (p *parser) outputs(s *Spec, f field) error {
	if f.v.ShortTag() == "!!null" {
		return nil
	}
	items, err := p.list(f.v, "outputs")
	if err != nil {
		return err
	}
	for _, it := range items {
		name, err := p.strLit(it, "outputs")
		if err != nil {
			return err
		}
		if s.Buffer(name) == nil {
			return p.errf(it, "outputs: unknown buffer %q (%s)", name, bufferList(s))
		}
		if contains(s.Outputs, name) {
			return p.errf(it, "outputs: %q is listed twice", name)
		}
		s.Outputs = append(s.Outputs, name)
	}
	return nil
}

var compareKeys = []string{"max_ulp", "max_ulp_rows", "ignore"}

func (p *parser) compare(s *Spec, f field) error {
	if f.v.ShortTag() == "!!null" {
		return nil
	}
	entries, err := p.fields(f.v, "compare", nil)
	if err != nil {
		return err
	}
	s.Compare = map[string]CompareRule{}
	for _, e := range entries {
		if !contains(s.Outputs, e.key) {
			return p.errf(e.k, "compare: %q is not listed in outputs", e.key)
		}
		r, err := p.compareRule(s.Buffer(e.key), e)
		if err != nil {
			return err
		}
		s.Compare[e.key] = r
	}
	return nil
}

func (p *parser) compareRule(b *BufferSpec, e field) (CompareRule, error) {
	r := CompareRule{Pos: p.pos(e.k)}
	what := "compare " + e.key
	fs, err := p.fields(e.v, what, compareKeys)
	if err != nil {
		return r, err
	}
	for _, f := range fs {
		switch f.key {
		case "max_ulp":
			if r.MaxULP, err = p.uint64Lit(f.v, what+": max_ulp"); err != nil {
				return r, err
			}
			if r.MaxULP > 0 && b.DType != DInvalid && !b.DType.IsFloat() {
				return r, p.errf(f.v, "%s: max_ulp applies to float dtypes; %s outputs compare bit-exact", what, b.DType)
			}
		case "max_ulp_rows":
			if r.MaxULPRows, err = p.ulpRows(b, f, what); err != nil {
				return r, err
			}
		case "ignore":
			if f.v.Kind == yaml.ScalarNode && f.v.ShortTag() == "!!str" {
				if f.v.Value != "all" {
					return r, p.errf(f.v, "%s: ignore is a list of flat element indices or `all`, not %q", what, f.v.Value)
				}
				r.IgnoreAll = true
				continue
			}
			if r.Ignore, err = p.ignoreList(b, f, what); err != nil {
				return r, err
			}
		}
	}
	return r, nil
}

// ulpRows reads max_ulp_rows: one limit per index of the output's first axis.
func (p *parser) ulpRows(b *BufferSpec, f field, what string) ([]uint64, error) {
	if b.DType != DInvalid && !b.DType.IsFloat() {
		return nil, p.errf(f.v, "%s: max_ulp_rows applies to float dtypes; %s outputs compare bit-exact", what, b.DType)
	}
	items, err := p.list(f.v, what+": max_ulp_rows")
	if err != nil {
		return nil, err
	}
	if len(b.Shape) > 0 && len(items) != b.Shape[0] {
		return nil, p.errf(f.v, "%s: max_ulp_rows has %d entries; the output's first axis has %d", what, len(items), b.Shape[0])
	}
	out := make([]uint64, 0, len(items))
	for _, it := range items {
		v, err := p.uint64Lit(it, what+": max_ulp_rows")
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, nil
}

func (p *parser) ignoreList(b *BufferSpec, f field, what string) ([]int, error) {
	items, err := p.list(f.v, what+": ignore")
	if err != nil {
		return nil, err
	}
	limit := int64(math.MaxInt64)
	if b.File == "" {
		limit = int64(numElems(b.Shape)) - 1
	}
	out := make([]int, 0, len(items))
	for _, it := range items {
		v, err := p.intIn(it, what+": ignore", 0, limit)
		if err != nil {
			return nil, err
		}
		out = append(out, int(v))
	}
	return out, nil
}
