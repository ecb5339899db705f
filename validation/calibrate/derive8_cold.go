package calibrate

import "fmt"

// The families of tools/microbench/gen8_cold.py (issue 14, helper cold):
// the cold start of a launch. The formulas are summarize.py's.
//
//   - coldj (calls of __noinline__ functions, in code order or 17 apart):
//     the launch under ncu (caches flushed: code from memory) and the warm
//     pass (clk rep 1, max over CTAs). clk rep 0 of the runs without ncu is
//     not cold (the SM keeps the code of the run before), so not compared.
//   - coldc (kernel parameters read through the constant bank): the cold
//     pass (clk[0]: every launch brings new parameters, the same in all
//     five runs), the warm pass (clk[1]) and the launch under ncu.
//   - coldl (empty or nearly empty launches): the launch under ncu.
func init() {
	registerFamily("coldj", family{
		figures: func(*Bench) []string { return []string{NCUFigure, "cycles_warm"} },
		derive:  deriveColdRep1})
	registerFamily("coldc", family{
		figures: func(*Bench) []string { return []string{NCUFigure, "cycles_cold", "cycles_warm"} },
		derive:  deriveColdRep1})
	registerFamily("coldl", family{
		figures: func(*Bench) []string { return []string{NCUFigure} },
		derive: func(_ *Bench, _ Outputs, cycles float64) (map[string]float64, error) {
			return map[string]float64{NCUFigure: cycles}, nil
		}})
}

// deriveColdRep1: clk holds {rep 0, rep 1} per CTA; cycles_cold and
// cycles_warm are the largest of each over the CTAs.
func deriveColdRep1(b *Bench, o Outputs, cycles float64) (map[string]float64, error) {
	cl := rows(o["clk"], 2)
	if len(cl) == 0 {
		return nil, fmt.Errorf("%s: output clk has %d values, the derivation needs 2 per CTA", b.Name, len(o["clk"]))
	}
	return map[string]float64{NCUFigure: cycles, "cycles_cold": maxCol(cl, 0), "cycles_warm": maxCol(cl, 1)}, nil
}

// groupsCold fits the constant-cache miss path of ULDCs and c[] operands
// (sim/sm/constcache.go): const_miss_cycles is a miss's latency,
// const_sector_interval_cycles the gap between queued sectors. coldc_*
// (cycles_cold: 4 or 32 sectors queued) fixes mostly the interval; the
// prologue ULDC misses of sgp (two in series: ULDC c[0x0][0xc] -> UIMAD ->
// ULDC.64 c[0x0][0x388]) and tmaq (pro_cycles) the latency
// (validation/timing/constc22.md). A vector LDC's miss is
// const_ldc_miss_cycles (groups22_constc.go).
var groupsCold = []Group{
	{Name: "const_cache", Params: []string{"const_miss_cycles", "const_sector_interval_cycles"},
		Benches: []string{"coldc_s4", "coldc_s32", "coldc_s128", "sgp_k0_c1", "sgp_k64_c1", "sgp_k512_c1",
			"tmaq_s1", "tmaq_s2", "tmaq_s6"},
		Figures: []string{"cycles_cold", "pro_cycles"},
		Start:   []float64{161, 36}, Lo: []float64{0, 0}, Hi: []float64{5000, 1000}},
}

func init() { Groups = append(Groups, groupsCold...) }
