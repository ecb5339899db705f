package launch

import "gopkg.in/yaml.v3"

// Hardware launch limits of sm_90 (CUDA programming guide, compute
// capability 9.0).
const (
	maxGridX           = 1<<31 - 1
	maxGridYZ          = 65535
	maxBlockThreads    = 1024
	maxBlockZ          = 64
	maxClusterPortable = 8
	maxClusterNonPort  = 16
	maxDynamicShared   = 227 * 1024 // opt-in maximum per block
)

// dims reads a list of 1 to 3 positive integers; missing ones are 1.
func (p *parser) dims(n *yaml.Node, what string, max [3]int64) ([3]int, error) {
	out := [3]int{1, 1, 1}
	items, err := p.list(n, what)
	if err != nil || len(items) < 1 || len(items) > 3 {
		return out, p.errf(n, "%s: expected a list of 1 to 3 integers, got %s", what, describe(n))
	}
	axis := "xyz"
	for i, it := range items {
		v, err := p.intIn(it, what+"."+axis[i:i+1], 1, max[i])
		if err != nil {
			return out, err
		}
		out[i] = int(v)
	}
	return out, nil
}

func (p *parser) grid(s *Spec, f field) (err error) {
	s.Grid, err = p.dims(f.v, "grid", [3]int64{maxGridX, maxGridYZ, maxGridYZ})
	return err
}

func (p *parser) block(s *Spec, f field) error {
	b, err := p.dims(f.v, "block", [3]int64{maxBlockThreads, maxBlockThreads, maxBlockZ})
	if err != nil {
		return err
	}
	if n := b[0] * b[1] * b[2]; n > maxBlockThreads {
		return p.errf(f.v, "block: %d threads per block, the limit is %d", n, maxBlockThreads)
	}
	s.Block = b
	return nil
}

func (p *parser) cluster(s *Spec, f field) error {
	c, err := p.dims(f.v, "cluster", [3]int64{maxClusterNonPort, maxClusterNonPort, maxClusterNonPort})
	if err != nil {
		return err
	}
	limit := maxClusterPortable
	if s.NonPortableCluster {
		limit = maxClusterNonPort
	}
	if n := c[0] * c[1] * c[2]; n > limit {
		hint := ""
		if !s.NonPortableCluster && n <= maxClusterNonPort {
			hint = " (set non_portable_cluster: true for up to 16)"
		}
		return p.errf(f.v, "cluster: %d CTAs per cluster, the limit is %d%s", n, limit, hint)
	}
	s.Cluster, s.ClusterGiven = c, true
	return nil
}

// checkGeometry checks the rules that span several keys.
func (p *parser) checkGeometry(s *Spec, byKey map[string]field) error {
	if f, ok := byKey["cluster"]; ok {
		for i := 0; i < 3; i++ {
			if s.Grid[i]%s.Cluster[i] != 0 {
				return p.errf(f.v, "cluster: grid %v is not a multiple of cluster %v in %c",
					s.Grid, s.Cluster, "xyz"[i])
			}
		}
	} else if f, ok := byKey["non_portable_cluster"]; ok && s.NonPortableCluster {
		return p.errf(f.k, "non_portable_cluster needs a cluster: key")
	}
	return nil
}
