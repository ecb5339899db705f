package ptx

// Special is a special (read-only) register.
type Special uint8

// Special registers. Vector ones (%tid etc.) carry a component in Operand.Comp.
const (
	SpecNone Special = iota
	SpecTid
	SpecNtid
	SpecCtaid
	SpecNctaid
	SpecLaneid
	SpecWarpid
	SpecNwarpid
	SpecSmid
	SpecNsmid
	SpecGridid
	SpecLanemaskEq
	SpecLanemaskLe
	SpecLanemaskLt
	SpecLanemaskGe
	SpecLanemaskGt
	SpecClock
	SpecClockHi
	SpecClock64
	SpecGlobaltimer
	SpecGlobaltimerLo
	SpecGlobaltimerHi
	SpecDynamicSmemSize
	SpecTotalSmemSize
	SpecAggrSmemSize
	SpecClusterid
	SpecNclusterid
	SpecClusterCtaid
	SpecClusterNctaid
	SpecClusterCtarank
	SpecClusterNctarank
	SpecIsExplicitCluster
	SpecEnvreg // %envreg0..31 (Comp holds the number)
	SpecPm     // %pm0..7
	SpecReserved
)

// specialInfo: name and whether it has .x/.y/.z components.
var specialInfo = []struct {
	name   string
	sp     Special
	vector bool
}{
	{"%tid", SpecTid, true}, {"%ntid", SpecNtid, true}, {"%ctaid", SpecCtaid, true}, {"%nctaid", SpecNctaid, true},
	{"%laneid", SpecLaneid, false}, {"%warpid", SpecWarpid, false}, {"%nwarpid", SpecNwarpid, false},
	{"%smid", SpecSmid, false}, {"%nsmid", SpecNsmid, false}, {"%gridid", SpecGridid, false},
	{"%lanemask_eq", SpecLanemaskEq, false}, {"%lanemask_le", SpecLanemaskLe, false}, {"%lanemask_lt", SpecLanemaskLt, false},
	{"%lanemask_ge", SpecLanemaskGe, false}, {"%lanemask_gt", SpecLanemaskGt, false},
	{"%clock", SpecClock, false}, {"%clock_hi", SpecClockHi, false}, {"%clock64", SpecClock64, false},
	{"%globaltimer", SpecGlobaltimer, false}, {"%globaltimer_lo", SpecGlobaltimerLo, false}, {"%globaltimer_hi", SpecGlobaltimerHi, false},
	{"%dynamic_smem_size", SpecDynamicSmemSize, false}, {"%total_smem_size", SpecTotalSmemSize, false},
	{"%aggr_smem_size", SpecAggrSmemSize, false},
	{"%clusterid", SpecClusterid, true}, {"%nclusterid", SpecNclusterid, true},
	{"%cluster_ctaid", SpecClusterCtaid, true}, {"%cluster_nctaid", SpecClusterNctaid, true},
	{"%cluster_ctarank", SpecClusterCtarank, false}, {"%cluster_nctarank", SpecClusterNctarank, false},
	{"%is_explicit_cluster", SpecIsExplicitCluster, false},
}

// SpecialByName resolves a special register name (with its leading %, without
// a .x/.y/.z suffix). vector reports whether it takes a component.
func SpecialByName(name string) (sp Special, vector bool, ok bool) {
	for _, s := range specialInfo {
		if s.name == name {
			return s.sp, s.vector, true
		}
	}
	return SpecNone, false, false
}

// SpecialName is the PTX name of a special register.
func SpecialName(sp Special) string {
	for _, s := range specialInfo {
		if s.sp == sp {
			return s.name
		}
	}
	return "%?"
}
