package calibrate

// Families of the later generators (gen6_*.py and on) register their
// compared figures and derivation here, each from its own file, so that
// generators written in parallel never edit the same switch.
type family struct {
	figures func(b *Bench) []string
	derive  func(b *Bench, o Outputs, cycles float64) (map[string]float64, error)
}

var families = map[string]family{}

// registerFamily adds a family by name; two registrations of one name are
// a bug.
func registerFamily(name string, f family) {
	if _, dup := families[name]; dup {
		panic("calibrate: family " + name + " registered twice")
	}
	families[name] = f
}

// warmFamilies: families whose clock figures come from the recordings'
// warm runs (clock_runs.json: mb.py launches each directory 5 times in a
// row, on buffers uploaded before each) and time code or data that a cold
// run fetches from memory. Their clock figures come from a simulated warm
// run (gpu.TimedOptions.Warm: code in the SMs' instruction caches and in
// L2, buffers in L2), the ncu figure from the usual cold run (ncu flushes
// the caches before each profiled launch).
var warmFamilies = map[string]bool{}

// warmRun reports whether b's clock figures come from a simulated warm run
// (warmFamilies).
func warmRun(b *Bench) bool { return warmFamilies[b.Family] }
