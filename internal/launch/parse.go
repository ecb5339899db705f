package launch

import (
	"bytes"
	"errors"
	"io"
	"os"

	"gopkg.in/yaml.v3"

	"github.com/sm90sim/sm90sim/internal/gzfile"
)

// topKeys are the keys a spec may have.
var topKeys = []string{
	"kernel", "grid", "block", "cluster", "non_portable_cluster", "shared_bytes",
	"seed", "buffers", "tensormaps", "params", "outputs", "compare", "registers",
}

// Load reads and validates a launch spec (through gzfile: a microbenchmark
// directory's launch.yaml may be a member of its bundle). Every error is an
// *Error ("FILE:LINE:COL: error: ...").
func Load(path string) (*Spec, error) {
	src, err := gzfile.ReadFile(path)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, Pos{File: path, Line: 1, Col: 1}.Errorf("cannot read launch spec: %v", err)
	}
	return Parse(path, src)
}

// Parse validates a launch spec held in memory; path names it in errors and
// anchors relative .npy paths.
func Parse(path string, src []byte) (*Spec, error) {
	p := &parser{file: path}
	root, err := p.document(src)
	if err != nil {
		return nil, err
	}
	fs, err := p.fields(root, "the launch spec", topKeys)
	if err != nil {
		return nil, err
	}
	byKey := map[string]field{}
	for _, f := range fs {
		byKey[f.key] = f
	}
	s := &Spec{Path: path, Cluster: [3]int{1, 1, 1}, kernelPos: p.pos(root), paramsPos: p.pos(root)}
	for _, k := range []string{"grid", "block"} {
		if _, ok := byKey[k]; !ok {
			return nil, p.errf(root, "missing required key %q", k)
		}
	}
	// Fixed order: buffers before the keys that name them.
	steps := []struct {
		key string
		fn  func(*Spec, field) error
	}{
		{"kernel", p.kernel}, {"grid", p.grid}, {"block", p.block},
		{"non_portable_cluster", p.nonPortable}, {"cluster", p.cluster},
		{"shared_bytes", p.sharedBytes}, {"seed", p.seed}, {"registers", p.registers},
		{"buffers", p.buffers}, {"tensormaps", p.tensorMaps}, {"params", p.params},
		{"outputs", p.outputs}, {"compare", p.compare},
	}
	for _, st := range steps {
		if f, ok := byKey[st.key]; ok {
			if err := st.fn(s, f); err != nil {
				return nil, err
			}
		}
	}
	if err := p.checkTensorMapBuffers(s); err != nil {
		return nil, err
	}
	if err := p.checkGeometry(s, byKey); err != nil {
		return nil, err
	}
	return s, nil
}

// document decodes exactly one YAML document and returns its root node.
func (p *parser) document(src []byte) (*yaml.Node, error) {
	dec := yaml.NewDecoder(bytes.NewReader(src))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil {
		if err == io.EOF {
			return nil, Pos{File: p.file, Line: 1, Col: 1}.Errorf("the launch spec is empty")
		}
		return nil, syntaxError(p.file, err)
	}
	var extra yaml.Node
	if err := dec.Decode(&extra); err != io.EOF {
		if err != nil {
			return nil, syntaxError(p.file, err)
		}
		return nil, p.errf(&extra, "a launch spec holds one YAML document; found another")
	}
	if len(doc.Content) == 0 {
		return nil, Pos{File: p.file, Line: 1, Col: 1}.Errorf("the launch spec is empty")
	}
	return deref(doc.Content[0]), nil
}

func (p *parser) kernel(s *Spec, f field) error {
	name, err := p.strLit(f.v, "kernel")
	if err != nil {
		return err
	}
	if name == "" {
		return p.errf(f.v, "kernel: must not be empty")
	}
	s.Kernel, s.kernelPos = name, p.pos(f.v)
	return nil
}

func (p *parser) nonPortable(s *Spec, f field) error {
	b, err := p.boolLit(f.v, "non_portable_cluster")
	s.NonPortableCluster = b
	return err
}

func (p *parser) sharedBytes(s *Spec, f field) error {
	v, err := p.intIn(f.v, "shared_bytes", 0, maxDynamicShared)
	s.SharedBytes = int(v)
	return err
}

func (p *parser) seed(s *Spec, f field) error {
	v, err := p.uint64Lit(f.v, "seed")
	s.Seed = v
	return err
}

// registers: the registers per thread ptxas allocated (1..255).
func (p *parser) registers(s *Spec, f field) error {
	v, err := p.uint64Lit(f.v, "registers")
	if err != nil {
		return err
	}
	if v < 1 || v > 255 {
		return p.errf(f.v, "registers must be in 1..255 (registers per thread), got %d", v)
	}
	s.Registers = int(v)
	return nil
}
