package gpu

import (
	"fmt"

	"github.com/sm90sim/sm90sim/ptx/exec"
)

// runClusters runs a cluster launch: clusters one after the other in linear
// cluster order (x fastest), the CTAs of each together (exec.Cluster.Run
// interleaves their warps). Cluster j goes to co-residency slot j mod the
// number of slots (ClusterSlots), which gives each rank its %smid.
func runClusters(cfg Config, k *exec.Kernel, l *exec.Launch, res *Result, budget *int64) error {
	d := [3]int{max(l.Cluster[0], 1), max(l.Cluster[1], 1), max(l.Cluster[2], 1)}
	g := l.Grid
	for i := range d {
		if g[i]%d[i] != 0 {
			return fmt.Errorf("grid %v is not a multiple of the cluster %v", g, d)
		}
	}
	slots, err := ClusterSlots(cfg.GPCs, d[0]*d[1]*d[2])
	if err != nil {
		return err
	}
	j := 0
	for z := 0; z < g[2]; z += d[2] {
		for y := 0; y < g[1]; y += d[1] {
			for x := 0; x < g[0]; x += d[0] {
				cl, err := exec.NewCluster(k, l, [3]int{x, y, z}, slots[j%len(slots)])
				if err != nil {
					return err
				}
				err = cl.Run(budget)
				for _, c := range cl.CTAs() {
					for _, w := range c.Warps() {
						res.Instructions += w.Instructions()
					}
					res.CTAs++
				}
				if err != nil {
					return err
				}
				cl.Release()
				j++
			}
		}
	}
	return nil
}
