package sm

import "github.com/sm90sim/sm90sim/sim/engine"

// chargeDebt adds x (a fraction of a cycle on average) to a sub-partition's
// debt and returns the whole cycles now due, keeping the fraction: a mean
// cost below a cycle is charged as whole cycles at the right rate
// (regbank.go's bank conflicts, mufutensor.go, fp32tensor.go).
func chargeDebt(debt *float64, x float64) engine.Cycle {
	*debt += x
	d := engine.Cycle(*debt)
	*debt -= float64(d)
	return d
}
