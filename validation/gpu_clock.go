package validation

import (
	"encoding/binary"
	"slices"

	"github.com/sm90sim/sm90sim/validation/driver"
)

// clockPTX spins one thread for spin_ns of %globaltimer and stores the
// %clock64 and %globaltimer deltas: their ratio is the SM clock.
const clockPTX = `.version 8.0
.target sm_90
.address_size 64

.visible .entry sm90sim_clock(.param .u64 out, .param .u64 spin_ns)
{
	.reg .pred %p;
	.reg .b64 %rd<12>;
	ld.param.u64 %rd1, [out];
	ld.param.u64 %rd2, [spin_ns];
	mov.u64 %rd3, %globaltimer;
	mov.u64 %rd4, %clock64;
	add.u64 %rd5, %rd3, %rd2;
spin:
	mov.u64 %rd6, %globaltimer;
	setp.lt.u64 %p, %rd6, %rd5;
	@%p bra spin;
	mov.u64 %rd7, %clock64;
	mov.u64 %rd8, %globaltimer;
	sub.u64 %rd9, %rd7, %rd4;
	sub.u64 %rd10, %rd8, %rd3;
	cvta.to.global.u64 %rd1, %rd1;
	st.global.u64 [%rd1], %rd9;
	st.global.u64 [%rd1+8], %rd10;
	ret;
}
`

// measureSMClock returns the SM clock in MHz: the median of three 2 ms
// spins of %clock64 against %globaltimer (nanoseconds).
func measureSMClock(d *driver.Device) (float64, error) {
	m, err := d.LoadModule([]byte(clockPTX))
	if err != nil {
		return 0, err
	}
	defer m.Unload()
	f, err := m.Function("sm90sim_clock")
	if err != nil {
		return 0, err
	}
	p, err := d.Alloc(16)
	if err != nil {
		return 0, err
	}
	defer d.Free(p)
	block := make([]byte, 16)
	binary.LittleEndian.PutUint64(block, p)
	binary.LittleEndian.PutUint64(block[8:], 2_000_000)
	cfg := driver.LaunchConfig{Grid: [3]int{1, 1, 1}, Block: [3]int{1, 1, 1}}
	var mhz []float64
	out := make([]byte, 16)
	for i := 0; i < 3; i++ {
		if err := f.Run(cfg, driver.Params{Block: block, Offsets: []int{0, 8}}); err != nil {
			return 0, err
		}
		if err := d.CopyOut(out, p); err != nil {
			return 0, err
		}
		clk, ns := binary.LittleEndian.Uint64(out), binary.LittleEndian.Uint64(out[8:])
		if ns > 0 {
			mhz = append(mhz, float64(clk)*1e3/float64(ns))
		}
	}
	if len(mhz) == 0 {
		return 0, nil
	}
	slices.Sort(mhz)
	return median(mhz), nil
}
