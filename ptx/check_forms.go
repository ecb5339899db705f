package ptx

// Operand forms of the opcode families whose shape depends on the
// sub-operation (mbarrier, cp), and their state spaces. The letters are
// those of check.go.

// familyForm returns the operand letters for mbarrier and cp, ok false when
// the form is not checked.
func familyForm(in *Inst) (string, bool) {
	q := func(s string) bool { return hasQual(in, s) }
	switch in.Op {
	case OpWgmma:
		switch in.Mods.Sub {
		case "fence", "commit_group":
			return "", true
		case "wait_group":
			return "u", true
		}
	case OpBar, OpBarrier:
		switch {
		case q("cluster"):
			return "", true
		case q("warp"):
			return "u", true
		case in.Mods.Sub == "sync" || in.Mods.Sub == "arrive" || in.Mods.Sub == "":
			if in.Mods.Sub == "arrive" {
				return "u,u", true
			}
			return "u,u?", true
		}
	case OpMbarrier:
		switch in.Mods.Sub {
		case "init", "expect_tx", "complete_tx":
			return "m,u", true
		case "arrive", "arrive_drop":
			if in.Mods.Space == SpaceSharedCluster {
				return "r?,m,u?", true // remote arrive: no state result
			}
			return "r,m,u?", true
		case "test_wait":
			if in.Mods.Flags&FParity != 0 {
				return "P,m,u", true
			}
			return "P,m,a", true
		case "try_wait":
			if in.Mods.Flags&FParity != 0 {
				return "P,m,u,u?", true
			}
			return "P,m,a,u?", true
		case "pending_count":
			return "n,x", true
		case "inval":
			return "m", true
		}
	case OpCp:
		switch {
		case q("prefetch"):
			return "", false
		case q("commit_group") || q("wait_all"):
			return "", true
		case q("wait_group"):
			return "u", true
		case q("mbarrier") && q("arrive"):
			return "m", true
		case in.Mods.Sub == "reduce" && q("tensor"), in.Mods.Sub == "async" && q("tensor") && in.Mods.Space == SpaceGlobal:
			return "m,m", true // store, reduce: [tmap, coords], [smem]
		case in.Mods.Sub == "reduce" && in.Mods.Space == SpaceGlobal:
			return "m,m,u", true
		case in.Mods.Sub == "reduce":
			return "m,m,u,m", true
		case in.Mods.Sub == "async" && q("tensor"):
			return "m,m,m,x?,x?,x?", true // load: dst, [tmap, coords], [mbar]{, ...}
		case in.Mods.Sub == "async" && q("bulk") && in.Mods.Space == SpaceGlobal:
			return "m,m,u,x?", true
		case in.Mods.Sub == "async" && q("bulk"):
			return "m,m,u,m,x?,x?", true
		case in.Mods.Sub == "async" && !q("bulk"):
			return "m,m,u,z?", true
		}
	}
	return "", false
}

// spaceAllowed reports whether the instruction's state space (first and
// second) is one its opcode takes.
func (c *checker) spaces(in *Inst) {
	sp, sp2 := in.Mods.Space, in.Mods.Space2
	bad := func() {
		c.errs.add(in.Pos, "%s: state space .%s is not allowed here", in.Text, spaceText(sp))
	}
	shared := sp == SpaceShared || sp == SpaceSharedCluster
	switch in.Op {
	case OpAtom, OpRed:
		if !(sp == SpaceNone || sp == SpaceGlobal || shared) {
			bad()
		}
	case OpMapa, OpGetctarank:
		if !(sp == SpaceNone || sp == SpaceSharedCluster) {
			bad()
		}
	case OpLdmatrix, OpStmatrix:
		if sp != SpaceShared && sp != SpaceNone {
			bad()
		}
	case OpMbarrier:
		switch {
		case sp == SpaceSharedCluster && (in.Mods.Sub == "arrive" || in.Mods.Sub == "arrive_drop" ||
			in.Mods.Sub == "expect_tx" || in.Mods.Sub == "complete_tx"):
		case sp == SpaceNone || sp == SpaceShared:
		default:
			bad()
		}
	case OpCp:
		if in.Mods.Sub == "reduce" || hasQual(in, "bulk") || hasQual(in, "tensor") {
			okSp := func(s Space) bool {
				return s == SpaceGlobal || s == SpaceShared || s == SpaceSharedCluster || s == SpaceNone
			}
			if !okSp(sp) || !okSp(sp2) || sp == sp2 && sp != SpaceNone && sp != SpaceShared && sp != SpaceSharedCluster {
				bad()
			}
			if sp2 == SpaceSharedCluster || (sp == SpaceGlobal || sp == SpaceShared) && sp2 == SpaceGlobal {
				c.errs.add(in.Pos, "%s: cannot copy from .%s to .%s", in.Text, spaceText(sp2), spaceText(sp))
			}
			if hasQual(in, "tensor") && sp != SpaceGlobal && sp2 != SpaceGlobal {
				c.errs.add(in.Pos, "%s: a tensor copy reads or writes .global", in.Text)
			}
			if hasQual(in, "shared") {
				c.errs.add(in.Pos, "%s: bulk copies name .shared::cta or .shared::cluster, not .shared", in.Text)
			}
			if sp2 == SpaceGlobal && hasQual(in, "shared::cta") && (hasQual(in, "tensor") || hasQual(in, "mbarrier::complete_tx::bytes")) {
				c.errs.add(in.Pos, "%s: bulk loads write .shared::cluster", in.Text)
			}
		} else if in.Mods.Sub == "async" && sp != SpaceNone && !hasQual(in, "mbarrier") {
			if sp != SpaceShared || sp2 != SpaceGlobal {
				c.errs.add(in.Pos, "%s: cp.async copies .global to .shared", in.Text)
			}
		}
	}
}
