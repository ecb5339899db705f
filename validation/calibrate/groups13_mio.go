package calibrate

import (
	"fmt"
	"math"
)

// The families of tools/microbench/gen13_mio.py (issue 13, helper mio)
// are warppipe's (groups11_atom.go derives their figures): shflq13_*, a
// SHFL chain behind one or three sub-partitions' shared traffic, and
// redux13_* (REDUX.SUM: the redux_* groups of groups11_atom.go).
func init() { Groups = append(Groups, groups13MIO...) }

// groups13MIO fits the sub-partitions' MIO queues (sim/sm/mioqueue.go):
//
//   - mio_queue_insts: behind 24 warps of the three other sub-partitions
//     running LDS.128 of 8 wavefronts (the port 97% busy), a dependent
//     SHFL waits about their three full queues: (shflq13_lds_other_w32 -
//     shflq12_none_w1, the SHFL alone) / (3 x 8 wavefronts) instructions
//     per queue, in closed form. The LDSM.x4 and own-sub-partition cases
//     (shflq13_*, shflq12_*) are compared, not fitted.
var groups13MIO = []Group{
	{Name: "mio_queue", Params: []string{"mio_queue_insts"},
		Benches: []string{"shflq13_*", "shflq12_*"},
		Direct: func(rec map[string]*Bench) (float64, string, error) {
			other, err := figure(rec, "shflq13_lds_other_w32", "cycles_per_op")
			if err != nil {
				return 0, "", err
			}
			alone, err := figure(rec, "shflq12_none_w1", "cycles_per_op")
			if err != nil {
				return 0, "", err
			}
			k := math.Max(1, math.Round((other-alone)/(3*8)))
			return k, fmt.Sprintf("fit: closed form, (shflq13_lds_other_w32 cycles_per_op %.4g - shflq12_none_w1 %.4g (the SHFL alone)) / (3 sub-partitions x 8 wavefronts an LDS.128)", other, alone), nil
		}},
}
