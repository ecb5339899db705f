package ptx

// features reports what the instruction needs beyond the module's .target
// and .version (the minimums are the PTX ISA's "Target ISA notes" and "PTX
// ISA notes" of each instruction, as ptxas 13.0 enforces them).
func (c *checker) features(in *Inst) {
	if !c.featuresOn {
		return
	}
	q := func(s string) bool { return hasQual(in, s) }
	has := func(ts ...Type) bool {
		for _, t := range in.Mods.Types {
			for _, u := range ts {
				if t == u {
					return true
				}
			}
		}
		return false
	}
	need := func(name string, sm, isa int) { c.need(in, feature{name: name, sm: sm, isa: isa}) }
	switch in.Op {
	case OpWgmma:
		c.need(in, feature{name: "wgmma", sm: 90, isa: 80, arch: true})
		if len(in.Mods.Types) == 3 && in.Mods.Types[1] != in.Mods.Types[2] && (has(S8) || has(U8)) {
			need("wgmma with mixed integer types", 90, 84)
		}
	case OpSetmaxnreg:
		c.need(in, feature{name: "setmaxnreg", sm: 90, isa: 80, arch: true})
	case OpTensormap:
		if in.Mods.Sub == "replace" {
			c.need(in, feature{name: "tensormap.replace", sm: 90, isa: 83, arch: true})
		} else {
			need("tensormap.cp_fenceproxy", 90, 83)
		}
	case OpCp:
		switch {
		case q("bulk") || in.Mods.Sub == "reduce":
			need("cp.async.bulk", 90, 80)
		default:
			need("cp.async", 80, 70)
		}
	case OpMbarrier:
		need("mbarrier", 80, 70)
		switch {
		case in.Mods.Sub == "expect_tx" || in.Mods.Sub == "complete_tx" || in.Mods.Flags&FExpectTx != 0:
			need("mbarrier expect_tx", 90, 80)
		case in.Mods.Sub == "try_wait":
			need("mbarrier.try_wait", 90, 78)
		}
	case OpStmatrix:
		need("stmatrix", 90, 78)
	case OpLdmatrix:
		need("ldmatrix", 75, 65)
	case OpElect:
		need("elect", 90, 80)
	case OpMapa, OpGetctarank:
		need(in.Op.String(), 90, 78)
	case OpBarrier:
		if q("cluster") {
			need("barrier.cluster", 90, 78)
		}
	case OpRedux:
		need("redux.sync", 80, 70)
	case OpMatch:
		need("match.sync", 70, 60)
	case OpShfl, OpVote:
		if in.Mods.Flags&FSync != 0 {
			need(in.Op.String()+".sync", 30, 60)
		}
	case OpTanh:
		need("tanh", 75, 70)
	case OpEx2:
		if has(BF16, BF16x2) {
			need("ex2.bf16", 90, 78)
		} else if has(F16, F16x2) {
			need("ex2.f16", 75, 70)
		}
	case OpMma:
		c.mmaFeatures(in, need, has)
	case OpFence:
		switch {
		case q("proxy") && (q("tensormap::generic") || q("tensormap")):
			need("fence.proxy.tensormap", 90, 83)
		case q("proxy") && q("async"), q("mbarrier_init"), q("op_restrict"):
			need("fence."+in.Mods.Sub, 90, 80)
		}
	case OpGriddepcontrol:
		need("griddepcontrol", 90, 78)
	case OpMultimem:
		need("multimem", 90, 81)
	case OpCvt:
		if has(E4M3, E5M2, E4M3x2, E5M2x2) {
			need("cvt with .e4m3/.e5m2", 89, 78)
		}
	case OpLd, OpSt, OpLdu:
		if in.Mods.Flags&FNC != 0 {
			need("ld.global.nc", 32, 20)
		}
		if len(in.Mods.Types) > 0 && in.Mods.Vec*in.Mods.Types[0].Size() > 16 {
			need("256-bit ld/st", 100, 88)
		}
	}
	switch in.Op {
	case OpAdd, OpSub, OpMul, OpFma, OpMin, OpMax, OpNeg, OpAbs, OpSetp, OpSet:
		switch {
		case has(BF16, BF16x2) && in.Op != OpFma && in.Op != OpMin && in.Op != OpMax && in.Op != OpNeg && in.Op != OpAbs:
			need(in.Op.String()+".bf16", 90, 78)
		case has(BF16, BF16x2):
			need(in.Op.String()+".bf16", 80, 70)
		case has(F16, F16x2):
			need("f16 arithmetic", 53, 42)
		case has(U16x2, S16x2):
			need(in.Op.String()+" on 16x2 integers", 90, 80)
		}
	}
	if (in.Op == OpMin || in.Op == OpMax) && in.Mods.Flags&(FAbs|FXorSign) != 0 {
		need(in.Op.String()+" .abs/.xorsign", 86, 72)
	}
	if in.Mods.Flags&FNaN != 0 {
		need(".NaN", 80, 70)
	}
	if q("sp::ordered_metadata") {
		need(".sp::ordered_metadata", 80, 85)
	}
	if (in.Op == OpAtom || in.Op == OpRed) && has(BF16, BF16x2, F16x2, F16) {
		if in.Mods.Space == SpaceNone && has(BF16, BF16x2) {
			need(in.Op.String()+".bf16x2 on a generic address", 90, 78)
		}
		need(in.Op.String()+" on 16-bit floats", 80, 70)
	}
	if in.Op == OpCvt && has(BF16, BF16x2) {
		need("cvt with .bf16", 80, 70)
	}
	if in.Op == OpCvt && has(BF16) && (has(S32, U32, S16, U16, S64, U64, S8, U8)) {
		need("cvt between .bf16 and integers", 90, 78)
	}
	if in.Op == OpMma && (q("and") || q("xor")) && has(B1) {
		need("mma .b1 ."+map[bool]string{true: "and", false: "xor"}[q("and")], 80, 71)
	}
	if in.Mods.Space == SpaceSharedCluster || in.Mods.Space2 == SpaceSharedCluster {
		need(".shared::cluster", 90, 78)
	}
	for _, x := range in.Quals {
		if x == "shared::cta" {
			need(".shared::cta", 0, 78)
		}
	}
	for i := range in.Ops {
		c.specialFeatures(in, &in.Ops[i])
	}
}

func (c *checker) mmaFeatures(in *Inst, need func(string, int, int), has func(...Type) bool) {
	need("mma", 70, 64)
	switch {
	case has(E4M3, E5M2):
		need("mma with FP8 types", 89, 84)
	case hasQual(in, "sp") || hasQual(in, "sp::ordered_metadata"):
		need("sparse mma", 80, 71)
	case has(BF16, TF32):
		need("mma with .bf16/.tf32", 80, 70)
	case has(B1, U4, S4):
		need("mma with sub-byte types", 75, 63)
	case has(F64):
		if hasQual(in, "m8n8k4") {
			need("mma .m8n8k4 .f64", 80, 70)
		} else {
			need("mma .f64 shapes beyond m8n8k4", 90, 78)
		}
	}
}

// specialFeatures: the cluster special registers need sm_90.
func (c *checker) specialFeatures(in *Inst, o *Operand) {
	if o.Kind == OpdSpecial {
		switch o.Special {
		case SpecClusterid, SpecNclusterid, SpecClusterCtaid, SpecClusterNctaid, SpecClusterCtarank,
			SpecClusterNctarank, SpecIsExplicitCluster:
			c.need(in, feature{name: SpecialName(o.Special), sm: 90, isa: 78})
		}
	}
	for i := range o.Elems {
		c.specialFeatures(in, &o.Elems[i])
	}
}

// perf checks the kernels' performance directives.
func (c *checker) perf() {
	for _, f := range c.prog.Funcs {
		d := f.Perf
		if d.ExplicitCluster || len(d.ReqNCTAPerCluster) > 0 || d.MaxClusterRank > 0 {
			if c.tg.sm < 90 || c.isa < 78 {
				c.errs.add(f.Pos, "%s: cluster directives need .target sm_90 and .version 7.8 or later", f.Name)
			}
		}
		for _, dims := range [][]int{d.ReqNTid, d.MaxNTid} {
			n := 1
			for _, v := range dims {
				n *= v
				if v < 1 {
					n = 0
				}
			}
			if len(dims) > 0 && (n < 1 || n > 1024) {
				c.errs.add(f.Pos, "%s: .reqntid/.maxntid %v asks for %d threads; a CTA has 1 to 1024", f.Name, dims, n)
			}
		}
	}
}
