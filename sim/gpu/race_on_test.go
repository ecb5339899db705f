//go:build race

package gpu_test

// raceEnabled: the race detector slows the simulator ~20x, so the corpus
// comparison runs large grids on a slice (race_off_test.go).
const raceEnabled = true
