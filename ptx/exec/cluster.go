package exec

import (
	"fmt"

	"github.com/sm90sim/sm90sim/ptx"
)

// Cluster is the CTAs of one thread-block cluster. They run together
// (RunCluster interleaves all their warps), share the barrier.cluster
// state, and reach each other's shared memory through shared::cluster
// addresses (cluster_addr.go). A launch without clusters, and a CTA made
// alone with NewCTA, has a cluster of its own.
type Cluster struct {
	ctas []*CTA // by %cluster_ctarank; nil for a rank not simulated
	bar  clusterBarrier
}

// rankOf is the CTA's %cluster_ctarank: its position in the cluster, x
// fastest (the H200 agrees: cluster_ring_4 [2,2,1] and cluster_ring_8
// [4,1,2]).
func (c *CTA) rankOf() int {
	x, y, z := c.clusterDim(0), c.clusterDim(1), c.clusterDim(2)
	return c.ctaid[0]%x + (c.ctaid[1]%y)*x + (c.ctaid[2]%z)*x*y
}

// joinCluster puts the CTA into cl at its rank (a new cluster when nil).
func (c *CTA) joinCluster(cl *Cluster) {
	if cl == nil {
		cl = &Cluster{ctas: make([]*CTA, c.clusterSize())}
	}
	c.rank = c.rankOf()
	c.cl = cl
	cl.ctas[c.rank] = c
}

// NewCluster builds the CTAs of the cluster whose first CTA (rank 0) is
// origin; smids gives the SM of each rank.
func NewCluster(k *Kernel, l *Launch, origin [3]int, smids []int) (*Cluster, error) {
	d := [3]int{max(l.Cluster[0], 1), max(l.Cluster[1], 1), max(l.Cluster[2], 1)}
	n := d[0] * d[1] * d[2]
	if len(smids) != n {
		return nil, fmt.Errorf("cluster of %d CTAs needs %d SM ids, got %d", n, n, len(smids))
	}
	cl := &Cluster{ctas: make([]*CTA, n)}
	for r := 0; r < n; r++ {
		id := [3]int{origin[0] + r%d[0], origin[1] + (r/d[0])%d[1], origin[2] + r/(d[0]*d[1])}
		c, err := NewCTA(k, l, id, smids[r])
		if err != nil {
			return nil, err
		}
		c.joinCluster(cl)
	}
	return cl, nil
}

// Cluster is the CTA's cluster (its own one for a CTA made with NewCTA).
func (c *CTA) Cluster() *Cluster { return c.cl }

// CTAs are the cluster's CTAs by rank.
func (cl *Cluster) CTAs() []*CTA { return cl.ctas }

// Release hands every CTA's memory back to the launch.
func (cl *Cluster) Release() {
	for _, c := range cl.ctas {
		if c != nil {
			c.Release()
		}
	}
}

// compileMapa handles mapa and getctarank: mapa replaces the rank field of
// a shared::cluster address (or moves a generic address into the target
// rank's slot of the shared window); getctarank reads the rank field.
func compileMapa(c *compiler, x *xinst) error {
	in := x.in
	generic := in.Mods.Space == ptx.SpaceNone
	base := c.k.layout.SharedWindowBase
	if in.Op == ptx.OpGetctarank {
		if err := needOps(x, 2); err != nil {
			return err
		}
		x.fn = func(w *Warp, x *xinst, m uint32) error {
			for r := m; r != 0; r &= r - 1 {
				l := tz(r)
				a := w.src(&x.ops[1], l)
				if generic {
					if a-base >= windowSize {
						return w.laneFault(x, l, "getctarank: generic address 0x%x is not in the shared window", a)
					}
					a -= base
				}
				rank, _ := sharedRank(a & 0xffffffff)
				w.set(&x.ops[0], l, rank)
			}
			return nil
		}
		return nil
	}
	if err := needOps(x, 3); err != nil {
		return err
	}
	x.fn = func(w *Warp, x *xinst, m uint32) error {
		for r := m; r != 0; r &= r - 1 {
			l := tz(r)
			rank := w.src(&x.ops[2], l) & 0xffffffff
			if n := w.cta.clusterSize(); rank >= uint64(n) {
				return w.laneFault(x, l, "mapa: CTA rank %d is outside the cluster of %d", rank, n)
			}
			a := w.src(&x.ops[1], l)
			if generic {
				if a-base >= windowSize {
					return w.laneFault(x, l, "mapa: generic address 0x%x is not in the shared window", a)
				}
				a -= base
			}
			_, off := sharedRank(a & 0xffffffff)
			d := rank<<clusterRankShift | off
			if generic {
				d += base
			}
			w.set(&x.ops[0], l, d)
		}
		return nil
	}
	return nil
}

// clusterSize is the number of CTAs in the CTA's cluster.
func (c *CTA) clusterSize() int {
	return c.clusterDim(0) * c.clusterDim(1) * c.clusterDim(2)
}
