package launch

import (
	"fmt"
	"math"
	"strings"

	"gopkg.in/yaml.v3"
)

// field is one key/value pair of a YAML mapping.
type field struct {
	key  string
	k, v *yaml.Node
}

// parser walks the yaml.v3 node tree of one spec file.
type parser struct {
	file string
}

func (p *parser) pos(n *yaml.Node) Pos { return posOf(p.file, n) }

func (p *parser) errf(n *yaml.Node, format string, args ...any) error {
	return p.pos(n).Errorf(format, args...)
}

// deref follows aliases (`*anchor`).
func deref(n *yaml.Node) *yaml.Node {
	for n != nil && n.Kind == yaml.AliasNode {
		n = n.Alias
	}
	return n
}

// describe names what a node is, for "expected X, got Y" messages.
func describe(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.ScalarNode:
		switch n.ShortTag() {
		case "!!null":
			return "null"
		case "!!bool":
			return "a boolean (" + n.Value + ")"
		case "!!int", "!!float":
			return "the number " + n.Value
		default:
			return fmt.Sprintf("the string %q", n.Value)
		}
	}
	return "something else"
}

// fields returns the pairs of a mapping in source order, rejecting keys not in
// allowed, duplicate keys and merge keys.
func (p *parser) fields(n *yaml.Node, what string, allowed []string) ([]field, error) {
	n = deref(n)
	if n.Kind != yaml.MappingNode {
		return nil, p.errf(n, "%s: expected a mapping, got %s", what, describe(n))
	}
	seen := map[string]bool{}
	var out []field
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := deref(n.Content[i]), deref(n.Content[i+1])
		if k.Kind != yaml.ScalarNode || k.ShortTag() == "!!merge" {
			return nil, p.errf(k, "%s: keys must be plain names", what)
		}
		if allowed != nil && !contains(allowed, k.Value) {
			return nil, p.errf(k, "unknown key %q in %s (want one of: %s)", k.Value, what, strings.Join(allowed, ", "))
		}
		if seen[k.Value] {
			return nil, p.errf(k, "duplicate key %q in %s", k.Value, what)
		}
		seen[k.Value] = true
		out = append(out, field{key: k.Value, k: k, v: v})
	}
	return out, nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// integer is a YAML integer of up to 64 bits, signed or unsigned.
type integer struct {
	neg  bool   // value < 0
	bits uint64 // two's complement bits
}

// intLit reads a YAML integer node that fits int64 or uint64.
func (p *parser) intLit(n *yaml.Node, what string) (integer, error) {
	if n.Kind != yaml.ScalarNode || n.ShortTag() != "!!int" {
		return integer{}, p.errf(n, "%s: expected an integer, got %s", what, describe(n))
	}
	var i int64
	if err := n.Decode(&i); err == nil {
		return integer{neg: i < 0, bits: uint64(i)}, nil
	}
	var u uint64
	if err := n.Decode(&u); err == nil {
		return integer{bits: u}, nil
	}
	return integer{}, p.errf(n, "%s: integer %s does not fit in 64 bits", what, n.Value)
}

// intIn reads an integer in [lo, hi].
func (p *parser) intIn(n *yaml.Node, what string, lo, hi int64) (int64, error) {
	v, err := p.intLit(n, what)
	if err != nil {
		return 0, err
	}
	if (!v.neg && v.bits > math.MaxInt64) || int64(v.bits) < lo || int64(v.bits) > hi {
		return 0, p.errf(n, "%s: %s is out of range [%d, %d]", what, n.Value, lo, hi)
	}
	return int64(v.bits), nil
}

// uint64Lit reads a non-negative integer up to 2^64-1.
func (p *parser) uint64Lit(n *yaml.Node, what string) (uint64, error) {
	v, err := p.intLit(n, what)
	if err != nil {
		return 0, err
	}
	if v.neg {
		return 0, p.errf(n, "%s: must not be negative", what)
	}
	return v.bits, nil
}

// floatLit reads a YAML int or float node as float64 (.inf and .nan included).
func (p *parser) floatLit(n *yaml.Node, what string) (float64, error) {
	tag := n.ShortTag()
	if n.Kind != yaml.ScalarNode || (tag != "!!int" && tag != "!!float") {
		return 0, p.errf(n, "%s: expected a number, got %s", what, describe(n))
	}
	var f float64
	if err := n.Decode(&f); err != nil {
		return 0, p.errf(n, "%s: bad number %s", what, n.Value)
	}
	return f, nil
}

func (p *parser) boolLit(n *yaml.Node, what string) (bool, error) {
	if n.Kind != yaml.ScalarNode || n.ShortTag() != "!!bool" {
		return false, p.errf(n, "%s: expected true or false, got %s", what, describe(n))
	}
	var b bool
	err := n.Decode(&b)
	return b, err
}

func (p *parser) strLit(n *yaml.Node, what string) (string, error) {
	if n.Kind != yaml.ScalarNode || n.ShortTag() != "!!str" {
		return "", p.errf(n, "%s: expected a string, got %s", what, describe(n))
	}
	return n.Value, nil
}

// list returns the items of a sequence node.
func (p *parser) list(n *yaml.Node, what string) ([]*yaml.Node, error) {
	if n.Kind != yaml.SequenceNode {
		return nil, p.errf(n, "%s: expected a list, got %s", what, describe(n))
	}
	out := make([]*yaml.Node, len(n.Content))
	for i, c := range n.Content {
		out[i] = deref(c)
	}
	return out, nil
}
