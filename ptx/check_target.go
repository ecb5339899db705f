package ptx

import (
	"strconv"
	"strings"
)

// MirroredPtxas names the ptxas whose module rules the checker mirrors: the
// newest PTX ISA it accepts and the newest target (the simulated GPU).
const MirroredPtxas = "ptxas 13.0 (PTX ISA 9.0; targets up to sm_90a)"

const maxISA = 90 // PTX ISA 9.0, as 10*major+minor

// target is a parsed .target name.
type target struct {
	sm     int  // 90 for sm_90a
	arch   bool // the `a` suffix: architecture-specific features
	minISA int  // the PTX ISA version that introduced it
}

// targetISA is the PTX ISA version (10*major+minor) each target needs
// (PTX ISA, "PTX Module Directives: .target").
var targetISA = map[int]int{
	10: 10, 11: 10, 12: 12, 13: 13, 20: 20, 21: 20, 30: 30, 32: 40, 35: 31, 37: 41,
	50: 40, 52: 41, 53: 42, 60: 50, 61: 50, 62: 50, 70: 60, 72: 61, 75: 63,
	80: 70, 86: 71, 87: 74, 89: 78, 90: 78,
}

// newerTargets are targets ptxas 13.0 knows that are newer than the
// simulated sm_90a (sm_100 family and up).
func newerTarget(sm int) bool { return sm >= 100 && sm <= 121 }

// parseTarget reads sm_NN, sm_NNa, compute_NN[a].
func parseTarget(s string) (target, bool) {
	var n string
	switch {
	case strings.HasPrefix(s, "sm_"):
		n = s[3:]
	case strings.HasPrefix(s, "compute_"):
		n = s[8:]
	default:
		return target{}, false
	}
	var t target
	switch {
	case strings.HasSuffix(n, "a"):
		t.arch, n = true, n[:len(n)-1]
	case strings.HasSuffix(n, "f"):
		n = n[:len(n)-1]
		v, err := strconv.Atoi(n)
		return target{sm: v}, err == nil && v >= 100 // family targets start at sm_100
	}
	v, err := strconv.Atoi(n)
	if err != nil {
		return target{}, false
	}
	t.sm = v
	if newerTarget(v) {
		return t, true
	}
	isa, ok := targetISA[v]
	if !ok || t.arch && v != 90 {
		return target{}, false
	}
	if t.arch {
		isa = 80
	}
	t.minISA = isa
	return t, true
}

// parseISA reads "9.0" as 90.
func parseISA(s string) (int, bool) {
	maj, min, ok := strings.Cut(s, ".")
	a, err1 := strconv.Atoi(maj)
	b, err2 := strconv.Atoi(min)
	if !ok || err1 != nil || err2 != nil || len(min) != 1 {
		return 0, false
	}
	return 10*a + b, true
}

func isaText(v int) string { return itoa(v/10) + "." + itoa(v%10) }

// module checks .version and .target and then every instruction's features
// against them.
func (c *checker) module() {
	p := c.prog
	isa, ok := parseISA(p.Version)
	if p.Version == "" {
		isa, ok = maxISA, true
	}
	switch {
	case !ok:
		c.errs.add(p.VersionPos, "malformed .version %s", p.Version)
		return
	case isa > maxISA:
		c.errs.add(p.VersionPos, ".version %s is newer than %s supports", p.Version, MirroredPtxas)
		return
	case isa < 23 && p.AddressSize != 0:
		pos := p.AddressSizePos
		if pos.Line == 0 {
			pos = p.VersionPos
		}
		c.errs.add(pos, ".address_size needs .version 2.3 or later, the module says %s", p.Version)
	}
	tg := target{sm: 90, arch: true, minISA: 80}
	if p.Target != "" {
		t, ok := parseTarget(p.Target)
		switch {
		case !ok:
			c.errs.add(p.TargetPos, "unsupported .target %s", p.Target)
			return
		case newerTarget(t.sm):
			c.errs.add(p.TargetPos, ".target %s is newer than the simulated GPU (sm_90a)", p.Target)
			return
		case isa < t.minISA:
			// reported at the target, as ptxas does; the instructions are
			// checked too (ptxas names the first feature the version lacks)
			c.errs.add(p.TargetPos, ".version %s does not support .target %s (it needs %s)", p.Version, p.Target, isaText(t.minISA))
		}
		tg = t
	}
	c.isa, c.tg = isa, tg
	c.featuresOn = true
	c.perf()
}

// feature is something an instruction uses that needs a minimum target
// and PTX ISA version.
type feature struct {
	name string
	sm   int
	isa  int
	arch bool // sm_90a only (wgmma, setmaxnreg, tensormap.replace)
}

// need reports an instruction's feature the module's target or version
// does not have.
func (c *checker) need(in *Inst, f feature) {
	if !c.featuresOn {
		return
	}
	switch {
	case f.arch && !(c.tg.sm == 90 && c.tg.arch):
		c.errs.add(in.Pos, "%s needs .target sm_90a, the module says %s", f.name, c.prog.Target)
	case c.tg.sm < f.sm:
		c.errs.add(in.Pos, "%s needs .target sm_%d or higher, the module says %s", f.name, f.sm, c.prog.Target)
	case c.isa < f.isa:
		c.errs.add(in.Pos, "%s needs PTX ISA .version %s or later, the module says %s", f.name, isaText(f.isa), c.prog.Version)
	}
}
