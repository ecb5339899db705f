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

// warmInputFamilies: families whose figures time a first read of a buffer
// the host uploaded before each warm run (clock_runs.json: mb.py launches
// on fresh buffers), which finds it in L2. Their simulated runs start with
// the launch's buffers in L2 (gpu.TimedOptions.InputsInL2). Such a
// family's ncu figure must not depend on it (ncu flushes the caches).
var warmInputFamilies = map[string]bool{}

// inputsInL2 reports whether b's simulated run starts with its buffers in
// L2 (warmInputFamilies).
func inputsInL2(b *Bench) bool { return warmInputFamilies[b.Family] }
