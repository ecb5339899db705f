//go:build race

package gpu_test

// raceEnabled: the race detector slows the simulator ~20x, so the corpus
// comparison runs large grids on a smaller slice (maxUnits).
const raceEnabled = true
