package gpu

import (
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/sim/engine"
	"github.com/sm90sim/sm90sim/sim/sm"
	"github.com/sm90sim/sm90sim/traces"
)

// Timing is what a timed run measured.
type Timing struct {
	// Cycles is the launch from start to the end of its last CTA plus the
	// tail, in SM cycles (compare with ncu sm__cycles_elapsed.max).
	Cycles int64 `json:"cycles"`
	// TimeUS is Cycles at the profile's SM clock.
	TimeUS float64 `json:"time_us"`
	// TensorClockStretchCycles is the part of Cycles the tensor clock cap
	// adds (tensorclock.go): the time an SM's tensor-active window loses
	// at tensor_clock_cap_mhz against the launch's clock, plus the
	// tensor restart (tensor_restart_ns).
	TensorClockStretchCycles int64 `json:"tensor_clock_stretch_cycles"`
	// SMActiveCycles sums, over SMs, the cycles with a resident CTA.
	SMActiveCycles int64 `json:"sm_active_cycles"`
	// IPC is warp instructions per active SM cycle.
	IPC       float64   `json:"ipc"`
	Occupancy Occupancy `json:"occupancy"`
	// UnitBusyCycles sums, over SMs, the cycles each unit was busy (pipes
	// summed over the four sub-partitions; smem_port and l1 per SM).
	UnitBusyCycles map[string]int64 `json:"unit_busy_cycles"`
	// Stalls sums warp-cycles per warp state over every warp.
	Stalls map[string]int64 `json:"stalls"`
	// HotLines is warp-cycles per PTX line, largest first.
	HotLines []HotLine `json:"hot_lines"`
	// FreeInstructions counts the issued PTX instructions that take no
	// issue slot (moves and parameter loads ptxas removes).
	FreeInstructions int64 `json:"free_instructions"`
	// SASSInstructions counts the SASS instructions of the issued PTX
	// (ptx/exec's slots), comparable with ncu smsp__inst_executed.sum.
	SASSInstructions int64 `json:"sass_instructions"`
	// Sleeps counts failed mbarrier waits that slept.
	Sleeps int64 `json:"mbarrier_sleeps"`
	// Memory counts global-memory sectors by where they were served.
	Memory MemoryStats `json:"memory"`
	// Partitions is how many partitions of SMs (one per GPC; one for
	// kernels with global atomics) ran in windows of WindowCycles
	// (sim/gpu/windows.go); neither depends on --jobs.
	Partitions   int   `json:"partitions"`
	WindowCycles int64 `json:"window_cycles"`
	// Sampled is set when only some CTAs were timed (sample.go).
	Sampled *Sampled `json:"sampled,omitempty"`
	// AccountingErrors counts warps whose states did not sum to their
	// resident cycles (always 0 unless the model has a bug).
	AccountingErrors int64 `json:"-"`
	// Utilization over time (for --plot; not in the report).
	Utilization *traces.Utilization `json:"-"`
}

// HotLine is one PTX line's share of the warp-cycles.
type HotLine struct {
	Line   int              `json:"line"`
	Source string           `json:"source,omitempty"`
	Text   string           `json:"text"`
	Cycles int64            `json:"warp_cycles"`
	Stalls map[string]int64 `json:"stalls"`
}

func stallMap(s *sm.Stalls) map[string]int64 {
	out := map[string]int64{}
	for i, v := range s {
		if v != 0 {
			out[sm.Stall(i).String()] = v
		}
	}
	return out
}

// timing assembles the report of a finished run.
func (m *machine) timing() *Timing {
	t := &Timing{Occupancy: m.occ, UnitBusyCycles: map[string]int64{}}
	end := m.lastEnd + 0
	t.TensorClockStretchCycles = int64(m.tensorClockStretch()) // tensorclock.go
	t.Cycles = int64(end) + int64(m.tc.TailCycles) + t.TensorClockStretchCycles
	t.TimeUS = float64(t.Cycles) / m.tc.SMClockMHz
	var stalls sm.Stalls
	var pipes [ptx.NumPipes]int64
	var smemBusy, l1Busy, tmaBusy, tensorBusy int64
	for _, s := range m.sms {
		st := &s.Stats
		t.SMActiveCycles += st.ActiveCycles
		t.Sleeps += st.Sleeps
		t.FreeInstructions += st.FreeInstructions
		t.SASSInstructions += st.SASSInstructions
		t.AccountingErrors += st.AccountingErrors
		stalls.Add(&st.Stalls)
		for i, v := range st.PipeBusy {
			pipes[i] += v
		}
		smemBusy += st.SmemBusy
		l1Busy += st.L1Busy
		tmaBusy += st.TMABusy
		tensorBusy += st.TensorBusy
	}
	if t.SMActiveCycles > 0 {
		t.IPC = float64(m.insts) / float64(t.SMActiveCycles)
	}
	for i, v := range pipes {
		if v != 0 {
			t.UnitBusyCycles[ptx.Pipe(i).String()] = v
		}
	}
	t.UnitBusyCycles["smem_port"] = smemBusy
	t.UnitBusyCycles["l1"] = l1Busy
	t.UnitBusyCycles["tma"] = tmaBusy
	t.UnitBusyCycles["tensor_pipe"] = tensorBusy
	t.Stalls = stallMap(&stalls)
	t.Memory = m.mem
	t.Partitions, t.WindowCycles = len(m.parts), int64(m.window)
	t.Sampled = m.smp.report()
	if t.Sampled != nil {
		end = m.timedEnd // nothing was timed after it
	}
	t.Utilization = m.utilization(end)
	if m.lines != nil {
		for _, ln := range m.lines.Lines() {
			t.HotLines = append(t.HotLines, HotLine{Line: ln.Line, Source: ln.Src.String(), Text: ln.Text,
				Cycles: ln.Stalls.Total(), Stalls: stallMap(&ln.Stalls)})
		}
	}
	return t
}

// utilization rebins the issue counts and SM residency into at most 400
// buckets up to cycle end.
func (m *machine) utilization(end engine.Cycle) *traces.Utilization {
	if end <= 0 {
		return nil
	}
	per := int64(utilBucket)
	for int64(end)/per > 400 {
		per *= 2
	}
	n := int(int64(end)/per) + 1
	u := &traces.Utilization{BucketCycles: per, IPC: make([]float64, n), ActiveSMs: make([]float64, n)}
	for i, v := range m.issued {
		u.IPC[min(int(int64(i)*utilBucket/per), n-1)] += float64(v)
	}
	for _, s := range m.sms {
		for _, iv := range s.Stats.Busy {
			for c := int64(iv[0]); c < int64(iv[1]); {
				b := c / per
				next := min((b+1)*per, int64(iv[1]))
				u.ActiveSMs[min(int(b), n-1)] += float64(next - c)
				c = next
			}
		}
	}
	for i := range u.IPC {
		if u.ActiveSMs[i] > 0 {
			u.IPC[i] /= u.ActiveSMs[i]
		}
		u.ActiveSMs[i] /= float64(per)
	}
	return u
}
