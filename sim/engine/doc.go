// Package engine is the discrete-event core of timed runs: integer cycles,
// events ordered by (cycle, phase, sequence), and tickers (units that work
// cycle by cycle) that sleep while idle and are woken by inputs.
//
// It uses the standard library only and must not import any other package
// of the module. Scheduling an event in the past is a bug and panics.
package engine
