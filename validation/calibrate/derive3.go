package calibrate

import "fmt"

// The families of tools/microbench/gen3.py (issue 13 and 15 gaps): global
// stores (gst) and loads (gld) by lines per warp-access, integer division
// (idiv), more dependent chains (xchain: POPC, BREV, FLO, IMAD.HI, mbarrier
// operations), integer issue throughput (itput) and straight-line code
// fetch (icache); and of tools/microbench/gen5.py: failing try_wait sleeps
// (mbwait, mbwait2), independent mbarrier operations (mbtput), a shared
// access behind global stores (smgst) and integer pipe mixes (itmix). The
// formulas are summarize.py's.

// notCompared are the recorded families calibrate does not compare, and
// why: smgst's timed region is not its PTX's loop (ptxas unrolls the
// variable-count store loop four times with a remainder loop); smst
// measures the same question with fixed code.
var notCompared = map[string]string{
	"smgst": "ptxas unrolls the timed region's store loop: the SASS timed is not the PTX's loop",
}

// figures3 names the compared figures of the gen3 families.
func figures3(b *Bench) []string {
	switch b.Family {
	case "gst":
		return []string{"cycles_per_store"}
	case "gld":
		return []string{"cycles_per_load"}
	case "idiv", "xchain", "mbwait", "mbwait2", "mbwait3", "mbtput":
		return []string{"cycles_per_op"}
	case "smgst":
		return nil // notCompared
	case "bulkl":
		return []string{"issue_cycles", "cycles_per_op"}
	case "itput", "itmix", "idivtput", "fpalu":
		return []string{"warp_inst_per_sm_cycle"}
	case "smst", "smst2":
		return []string{"cycles_per_probe"}
	case "regocc":
		return []string{NCUFigure} // the launch's waves (groups6_flash.go)
	case "icache":
		// the launch under ncu (caches flushed): code from memory, as the
		// evidence kernels run; clk's rep 0 is warm from the run before
		return []string{NCUFigure}
	}
	return figures4(b)
}

// derive3 derives a gen3 family's figures.
func derive3(b *Bench, o Outputs, cycles float64) (map[string]float64, error) {
	clk := o["clk"]
	cl := rows(clk, 2)
	out := map[string]float64{}
	switch b.Family {
	case "gst", "gld", "itput", "itmix", "idivtput", "fpalu", "icache", "smst", "smst2":
		if len(cl) == 0 {
			return nil, fmt.Errorf("%s: output clk has %d values, the derivation needs 2 per warp", b.Name, len(clk))
		}
	case "idiv", "xchain", "mbwait", "mbwait2", "mbwait3", "mbtput", "smgst", "bulkl":
		if len(clk) < 2 {
			return nil, fmt.Errorf("%s: output clk has %d values, the derivation needs 2", b.Name, len(clk))
		}
	}
	switch b.Family {
	case "gst":
		out["cycles_per_store"] = maxCol(cl, 1) / b.meta("stores_per_warp")
	case "gld":
		out["cycles_per_load"] = rep1FromRelease(cl) / b.meta("loads_per_warp")
	case "idiv", "xchain", "mbwait", "mbwait2", "mbwait3", "mbtput", "smgst", "bulkl":
		out["cycles_per_op"] = clk[1] / b.meta("ops_per_rep")
		if b.Family == "bulkl" {
			out["issue_cycles"] = clk[0] / b.meta("ops_per_rep")
		}
	case "smst", "smst2":
		out["cycles_per_probe"] = maxCol(cl, 1) / b.meta("probes_per_warp")
	case "itput", "itmix", "idivtput", "fpalu":
		out["warp_inst_per_sm_cycle"] = b.meta("warps") * b.meta("warp_ops_per_warp") / maxCol(cl, 1)
	case "regocc":
		out[NCUFigure] = cycles
	case "icache":
		out["cycles_cold"], out["cycles_warm"] = maxCol(cl, 0), maxCol(cl, 1)
		out[NCUFigure] = cycles
	case "tmax":
		return derive4(b, o)
	default:
		if f, ok := families[b.Family]; ok {
			return f.derive(b, o, cycles)
		}
		return nil, fmt.Errorf("%s: no derivation for family %s", b.Name, b.Family)
	}
	return out, nil
}
