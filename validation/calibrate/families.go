package calibrate

import "slices"

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

// warmRun reports whether b's %clock64 figures come from the recordings'
// warm launches (clock_runs.json: mb.py and `calibrate --gpu` launch each
// directory several times in a row, on inputs uploaded right before each
// launch), so that the simulated run they come from starts warm
// (gpu.TimedOptions.Warm: the launch's buffers in L2); not for a family whose figures
// come from the launches ncu profiled after its cache flush (flushed:
// clock_ncu.json), nor for a benchmark whose only figure is the ncu
// launch's cycles (validation/timing/mwake28.md).
func warmRun(b *Bench) bool {
	if flushed(b) {
		return false
	}
	for _, f := range Figures(b) {
		if f != NCUFigure {
			return true
		}
	}
	return false
}

// coldRun reports whether b needs the cold simulated run: its ncu figure,
// or figures from flushed launches (ncu flushes the caches first).
func coldRun(b *Bench) bool {
	return flushed(b) || slices.Contains(Figures(b), NCUFigure)
}
