package ptx

import "strings"

// flagNames maps boolean qualifiers to their Flag (constant table).
var flagNames = map[string]Flag{
	"sat": FSat, "ftz": FFtz, "approx": FApprox, "full": FFull, "NaN": FNaN, "relu": FRelu,
	"xorsign": FXorSign, "abs": FAbs, "cc": FCC, "hi": FHi, "lo": FLo, "wide": FWide, "uni": FUni,
	"sync": FSync, "aligned": FAligned, "nc": FNC, "shiftamt": FShiftAmt, "clamp": FClamp, "wrap": FWrap,
	"satfinite": FSatFinite, "trans": FTrans, "all": FAll, "any": FAny, "ballot": FBallot,
	"l": FL, "r": FR, "noinc": FNoInc, "parity": FParity, "expect_tx": FExpectTx,
	"multicast::cluster": FMulticast, "read": FRead, "tile": FTile, "im2col": FIm2col, "to": FTo,
	"mbarrier::complete_tx::bytes": FCompleteTxBytes, "noftz": FNoFtz,
}

var semNames = map[string]Sem{
	"weak": SemWeak, "volatile": SemVolatile, "relaxed": SemRelaxed, "acquire": SemAcquire,
	"release": SemRelease, "acq_rel": SemAcqRel, "sc": SemSC, "mmio": SemMMIO,
}

var scopeNames = map[string]Scope{"cta": ScopeCTA, "cluster": ScopeCluster, "gpu": ScopeGPU, "sys": ScopeSys}

// miscQuals are qualifiers that need no decoding: the executor reads them
// from Inst.Quals when it cares (cache operators, shapes, layouts, ...).
var miscQuals = map[string]bool{
	"ca": true, "cg": true, "cs": true, "lu": true, "cv": true, "wb": true, "wt": true,
	"row": true, "col": true, "bulk": true, "tensor": true, "bulk_group": true, "commit_group": true,
	"wait_group": true, "wait_all": true, "mma_async": true, "fence": true, "im2col_no_offs": true,
	"gather4": true, "scatter4": true, "warp": true, "async": true, "mbarrier": true, "arrive": true,
	"global_address": true, "rank": true, "box_dim": true, "global_dim": true, "global_stride": true,
	"element_stride": true, "elemtype": true, "interleave_layout": true, "swizzle_mode": true,
	"fill_mode": true, "b1024": true, "tensormap::generic": true, "tensormap": true, "alias": true,
	"sp": true, "sp::ordered_metadata": true, "popc": true, "and": true, "or": true, "xor": true, "add": true, "min": true, "max": true,
	"inc": true, "dec": true, "wait": true, "launch_dependents": true, "L2": true, "ld_reduce": true,
	"sync_restrict::shared::cluster": true, "sync_restrict::shared::cta": true, "mbarrier_init": true,
	"proxy": true, "gl": true, "ignore_src": true, "zfill": true, "prefetch": true, "uni": true,
	"acc::f32": true, "unified": true, "collector::a::fill": true, "noComplete": true,
}

// isShapeQual accepts shape-like qualifiers: m64n128k16, m8n8, x4, 2d, v4.
func isShapeQual(q string) bool {
	if q == "" {
		return false
	}
	if strings.HasPrefix(q, "L1::") || strings.HasPrefix(q, "L2::") || strings.HasPrefix(q, "level::") {
		return true
	}
	switch q[0] {
	case 'm':
		return isShapeDigits(q[1:], "nk")
	case 'x':
		return len(q) > 1 && isShapeDigits(q[1:], "")
	}
	if len(q) == 2 && q[1] == 'd' && q[0] >= '1' && q[0] <= '5' {
		return true
	}
	return false
}

// isShapeDigits checks "64n128k16"-style text: digits, each letter of seps
// at most once followed by digits.
func isShapeDigits(s, seps string) bool {
	if s == "" || !isDigit(s[0]) {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if isDigit(c) {
			continue
		}
		j := strings.IndexByte(seps, c)
		if j < 0 || i+1 >= len(s) || !isDigit(s[i+1]) {
			return false
		}
		seps = seps[j+1:]
	}
	return true
}

// cmpOps are the ops whose comparison qualifier fills Mods.Cmp (and where
// .and/.or/.xor fill Mods.Bool).
func isCmpOp(op Opcode) bool { return op == OpSetp || op == OpSet }

// decodeQuals fills Mods from the qualifiers of op. bad receives each
// qualifier that is not known.
func decodeQuals(op Opcode, quals []string, bad func(q string)) Mods {
	var m Mods
	info := op.Info()
	for _, q := range quals {
		if decodeOne(op, info, q, &m) {
			continue
		}
		bad(q)
	}
	return m
}

// decodeOne applies one qualifier; it reports whether the qualifier is known.
func decodeOne(op Opcode, info OpInfo, q string, m *Mods) bool {
	known := false
	for _, s := range info.Subs {
		if s == q {
			if m.Sub == "" {
				m.Sub = q
			}
			known = true
			break
		}
	}
	if isCmpOp(op) {
		if c, ok := CmpByName(q); ok {
			m.Cmp = c
			return true
		}
		if b := boolByName(q); b != BoolNone {
			m.Bool = b
			return true
		}
	}
	if (op == OpBar || op == OpBarrier) && m.Sub == "red" {
		if b := boolByName(q); b != BoolNone {
			m.Bool = b
			return true
		}
	}
	if t, ok := TypeByName(q); ok {
		m.Types = append(m.Types, t)
		return true
	}
	if sp, ok := SpaceByName(q); ok && sp != SpaceReg && sp != SpaceSReg {
		if m.Space == SpaceNone {
			m.Space = sp
		} else {
			m.Space2 = sp
		}
		return true
	}
	if r, ok := RoundByName(q); ok {
		m.Round = r
		return true
	}
	if len(q) == 2 && q[0] == 'v' && (q[1] == '2' || q[1] == '4' || q[1] == '8') {
		m.Vec = int(q[1] - '0')
		return true
	}
	if f, ok := flagNames[q]; ok {
		m.Flags |= f
		known = true
	}
	if s, ok := semNames[q]; ok {
		m.Sem = s
		known = true
	}
	if s, ok := scopeNames[q]; ok {
		m.Scope = s
		known = true
	}
	if q == "gl" && op == OpMembar {
		m.Scope = ScopeGPU
		return true
	}
	return known || miscQuals[q] || isShapeQual(q)
}

func boolByName(q string) BoolOp {
	switch q {
	case "and":
		return BoolAnd
	case "or":
		return BoolOr
	case "xor":
		return BoolXor
	}
	return BoolNone
}
