"""Part 6 of the microbenchmark list, core helper (issue 13, session 4: the
SASS behind int_hash's 64-bit divisions, each piece alone): the call and
return of a ptxas subroutine, the 64-bit conversions of its reciprocal
(I2F.U64, F2I.U64.TRUNC; core6.cu's c6_i2f64_ilp8 is not a benchmark: ptxas
knows the high word is zero after the first step and emits I2FP.F32.U32), and the 64-bit division subroutine's throughput
by warps per scheduler (idivtput at 4 and 8 warps; gen5.py has 16).
Imported by gen.py (register(add)); `python3 tools/microbench/gen6_core.py`
writes only these directories."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def src(name):
    return open(os.path.join(HERE, name)).read()


def register(add):
    # ------------------------------------------------------------ call/return and 64-bit conversions
    # family itput: figure warp_inst_per_sm_cycle = warps * warp_ops_per_warp / max_w clk[w][1]
    # (for one warp and ILP 1, the inverse of the dependent latency)
    unroll = 16
    for name, kern, warps, ilp, iters, what in (
            ("c6call_w1", "c6_call_ilp1", 1, 1, 16, "dependent calls of a __noinline__ x + m (CALL, moves, IADD3, RET)"),
            ("c6call_w16", "c6_call_ilp1", 16, 1, 16, "dependent calls of a __noinline__ x + m (CALL, moves, IADD3, RET)"),
            ("c6cvt64_w1", "c6_cvt64_ilp1", 1, 1, 16, "dependent pairs cvt.rn.f32.u64 + cvt.rzi.u64.f32 (I2F.U64 + F2I.U64.TRUNC)"),
            ("c6cvt64_w16", "c6_cvt64_ilp1", 16, 1, 16, "dependent pairs cvt.rn.f32.u64 + cvt.rzi.u64.f32 (I2F.U64 + F2I.U64.TRUNC)"),
            ("c6f2i64_w16", "c6_f2i64_ilp8", 16, 8, 8, "independent cvt.rzi.u64.f32 (F2I.U64.TRUNC)")):
        add(name, "itput", kern, [1, 1, 1], [32 * warps, 1, 1],
            [{"buffer": "clk"}, {"buffer": "sink"}, {"s32": iters}, {"u32": 12345}],
            {"clk": ("u64", [warps, 2]), "sink": ("u32", [32 * warps])}, ["clk", "sink"],
            {"kind": "throughput", "op": f"{what}, ILP {ilp}, {warps} warp(s)", "warps": warps,
             "warp_ops_per_warp": iters * unroll * ilp,
             "derive": "warp_inst_per_sm_cycle = warps * warp_ops_per_warp / max_w clk[w][1]"},
            source=src("core6.cu"))
    # ------------------------------------------------------------ 64-bit division by warps per scheduler
    for op, warps, what in (("u64", 4, "u64 x / d, both 64-bit (the subroutine)"),
                            ("u64", 8, "u64 x / d, both 64-bit (the subroutine)"),
                            ("s64", 4, "s64 x / d, |d| > 2^32 (the subroutine)"),
                            ("u64s", 4, "u64 x / d, both below 2^32 (the 32-bit path)")):
        iters = 2
        add(f"idivtput_{op}_w{warps}", "idivtput", f"idivtput_{op}", [1, 1, 1], [32 * warps, 1, 1],
            [{"buffer": "clk"}, {"buffer": "sink"}, {"s32": iters}, {"u32": 12345}],
            {"clk": ("u64", [warps, 2]), "sink": ("u32", [32 * warps])}, ["clk", "sink"],
            {"kind": "throughput", "op": f"independent {what}, ILP 4, {warps} warps", "warps": warps,
             "warp_ops_per_warp": iters * 4 * 4,
             "derive": "warp_inst_per_sm_cycle = warps * warp_ops_per_warp / max_w clk[w][1] (divisions)"},
            source=src("idivtput.cu"))


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import gen  # noqa: E402  (builds gen.BENCH, writes nothing)
    gen.write_family(register)
