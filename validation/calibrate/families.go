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
