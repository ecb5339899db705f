package calibrate

// Group tensor_restart (session 27, helper fa; validation/timing/fa27.md):
// tensor_restart_ns, the time an SM loses when its tensor pipe starts
// (sim/gpu/tensorclock.go). Closed form from the gen27_tclk.py probe
// (validation/timing/flash/fa27_tclk.json.gz; its figures are diagnosis,
// not microbenchmark directories, so the value is the probe's): the median,
// over 9 H200 launches of the 12,300-cycle wgmma loops, of the
// %globaltimer span less its %clock64 cycles at the 66,000-cycle loops'
// median clock (1795.8 MHz). TestTensorClockProbeRecorded
// (groups27_fa_test.go) re-derives it from the data.
const (
	tensorRestartNs     = 65.0
	tensorRestartSource = "fit: closed form, gen27_tclk.py probe (H200, fa27.md, validation/timing/flash/fa27_tclk.json.gz): median over 9 launches of the 12,300-cycle wgmma loops (tclk27_wg_s, tclk27_wg_mix_s) of the %globaltimer span less its %clock64 cycles at 1795.8 MHz, the median clock of the 66,000-cycle loops (tclk27_wg, _wg_mix, _wg_ffma4, tclk27b_g0; 12 launches): 62-94 ns"
)

var groupTensorRestart = Group{Name: "tensor_restart", Params: []string{"tensor_restart_ns"},
	Benches: []string{"wgmma_f16_*_ss", "wgmma_f16_*_rs", "tph_flash_attn_*"},
	Direct: func(map[string]*Bench) (float64, string, error) {
		return tensorRestartNs, tensorRestartSource, nil
	}}
