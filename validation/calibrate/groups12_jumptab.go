package calibrate

// groups12Jumptab fits the cost of ptxas's jump tables (sim/sm/jumptable.go;
// issue 15): a run of two or more `setp.eq r, K; @p bra CASE` tests on one
// register becomes a clamp of r, an indexed constant load of the target
// (LDC c[0x2][R] or ULDC) and an indirect branch (BRX / BRXU), whichever
// case is taken (cuobjdump of bulk_red and t9_x, ptxas 13.0 -arch=sm_90a).
//
//   - jump_table_cycles, on the loops that go through a table once per
//     iteration: bulkred_* (an 11-way switch picking a 1 KiB bulk
//     reduction's operation: two levels of ISETP.GT splits, then tables of
//     2-3 cases, 262-295 cycles a step), tmast9_redsw8_* (an 8-way switch,
//     the same reduction: 210-233) and tmast9_sw8_* (an 8-way switch of
//     one ALU operation each: 88-111). tmast9_sw8_s5 and _s7 reach a case
//     through compares alone (a single test stays ISETP + BRA), so they
//     check the split and compare costs fitted before.
//   - jump_table_uniform_cycles, on the same benchmarks: cases 0-2 of the
//     8-way switches go through a table on the uniform datapath (ULDC +
//     BRXU: tmast9_sw8_s0/_s1, _redsw8_s0/_s1), cases 3-4 through one
//     indexed with an R register (LDC + BRX: tmast9_sw8_s3, _redsw8_s3,
//     recorded by gen12_jumptab.py after the model predicted them: 157.1
//     and 270.0 cycles, measured 152.4 and 270.5 on the H200).
var groups12Jumptab = []Group{
	{Name: "jump_table", Params: []string{"jump_table_cycles", "jump_table_uniform_cycles"},
		Benches: []string{"bulkred_*", "tmast9_redsw8_*", "tmast9_sw8_*"},
		Start:   []float64{60, 40}, Lo: []float64{0, 0}, Hi: []float64{200, 200}},
}

// groups9_brsh.go's init puts the group after the bulk-reduction and branch
// groups and before the tensor-map ones (t6rep_*'s loops switch through a
// table; this file's init runs before those groups exist).
