"""Part 3 of the microbenchmark list (issue 13/15 gaps found on the evidence
kernels' structure): global stores by lines per warp-store (family gst) and
integer division chains (family idiv). Imported by gen.py (register(add));
`python3 tools/microbench/gen3.py` writes only these directories."""
import os
import sys


def register(add):
    # ------------------------------------------------------------ global stores
    # (name, warps, stride words, step (None: blockDim * stride... see gst.cu), iters, what)
    for name, warps, stride, step, iters, what in (
            ("gst_coal_w1", 1, 1, 32, 6, "coalesced (1 line per warp-store)"),
            ("gst_coal_w4", 4, 1, 128, 6, "coalesced (1 line per warp-store)"),
            ("gst_sector_w4", 4, 8, 8 * 128, 6, "a 32-byte sector per lane (8 lines per warp-store)"),
            ("gst_line_w1", 1, 32, 1, 2, "a 128-byte line per lane, same lines again (32 lines per warp-store)"),
            ("gst_line_w4", 4, 32, 1, 2, "a 128-byte line per lane, same lines again (32 lines per warp-store)"),
            ("gst_line_w8", 8, 32, 1, 2, "a 128-byte line per lane, same lines again (32 lines per warp-store)"),
            ("gst_row96_w4", 4, 96, 1, 6, "lane rows of 384 bytes, 96 stores along the row (32 lines per warp-store)"),
            ("gst_fresh_w4", 4, 32, 32 * 128, 6, "a fresh 128-byte line per lane and store (32 lines per warp-store)")):
        block = 32 * warps
        n = block * stride + (iters * 16 - 1) * step + 1
        add(name, "gst", "gst_u32", [1, 1, 1], [block, 1, 1],
            [{"buffer": "clk"}, {"buffer": "dst"}, {"s32": iters}, {"u32": stride}, {"u32": step}, {"u32": 7}],
            {"clk": ("u64", [warps, 2]), "dst": ("u32", [n])}, ["clk"],
            {"kind": "throughput", "op": f"st.global.u32, {warps} warp(s), {what}", "warps": warps,
             "stride_words": stride, "step_words": step, "stores_per_warp": iters * 16,
             "lines_per_store": 1 if stride == 1 else (8 if stride == 8 else 32),
             "derive": "cycles_per_store = max_w clk[w][1] / stores_per_warp (issue side); "
                       "ncu sm__cycles_elapsed.max: the launch with the drain"})
    # ------------------------------------------------------------ integer division chains
    for op, big, d in (("div_u64", 1 << 40, 7), ("rem_u64", 1 << 40, (1 << 33) + 12345),
                       ("div_s64", 1 << 40, 7), ("rem_s64", 1 << 40, (1 << 33) + 12345),
                       ("div_u32", 1000003, 7), ("rem_u32", 1000003, 12345), ("div_s32", 1000003, 7)):
        iters = 2
        add(f"idiv_{op}", "idiv", f"idiv_{op}", [1, 1, 1], [32, 1, 1],
            [{"buffer": "clk"}, {"buffer": "sink"}, {"s32": iters}, {"u32": 12345}, {"u64": big}, {"u64": d}],
            {"clk": ("u64", [2]), "sink": ("u32", [32])}, ["clk", "sink"],
            {"kind": "latency", "op": f"{op.replace('_', '.')} then add (x = x op d + big), operands "
                                      + ("64-bit wide" if op.endswith("64") else "32-bit"),
             "ops_per_rep": iters * 32, "warps": 1,
             "derive": "cycles_per_op = clk[1] / ops_per_rep; sass_per_op = ncu smsp__inst_executed / (2 * ops_per_rep)"})

    # ------------------------------------------------------------ global loads (L1-warm)
    for name, warps, stride, step, what in (
            ("gld_coal_w4", 4, 1, 128, "coalesced (1 line, 4 sectors per warp-load)"),
            ("gld_s64_w4", 4, 16, 1, "64 bytes per lane (16 lines x 2 sectors per warp-load)"),
            ("gld_line_w4", 4, 32, 1, "a 128-byte line per lane (32 lines per warp-load)"),
            ("gld_line_w1", 1, 32, 1, "a 128-byte line per lane (32 lines per warp-load)")):
        block, iters = 32 * warps, 2
        n = block * stride + (iters * 16 - 1) * step + 1
        add(name, "gld", "gld_u32", [1, 1, 1], [block, 1, 1],
            [{"buffer": "clk"}, {"buffer": "src"}, {"buffer": "sink"}, {"s32": iters}, {"u32": stride}, {"u32": step}],
            {"clk": ("u64", [warps, 2]), "src": "{dtype: u32, shape: [%d], init: uniform}" % n,
             "sink": ("u32", [block])}, ["clk", "sink"],
            {"kind": "throughput", "op": f"ld.global.u32 (L1-warm), {warps} warp(s), {what}", "warps": warps,
             "stride_words": stride, "step_words": step, "loads_per_warp": iters * 16,
             "derive": "cycles_per_load = max_w (clk[w][1] - (max_v clk[v][0] - clk[w][0])) (rep 1 from the barrier's release) / loads_per_warp"})
    # ------------------------------------------------------------ integer issue throughput
    for op, what in (("mad_lo", "mad.lo.u32 (IMAD)"), ("mul_hi", "mul.hi.u32 (IMAD.HI)"),
                     ("mul_wide", "mul.wide.u32, halves xor-ed (IMAD.WIDE + LOP3)"),
                     ("add", "add.u32 (ptxas: one IADD3 per two adds)"), ("popc", "popc.b32 (POPC)"), ("brev", "brev.b32 (BREV)"),
                     ("bfind", "bfind.u32 (FLO)")):
        warps, iters = 16, 4
        add(f"itput_{op}", "itput", f"itput_{op}", [1, 1, 1], [32 * warps, 1, 1],
            [{"buffer": "clk"}, {"buffer": "sink"}, {"s32": iters}, {"u32": 12345}],
            {"clk": ("u64", [warps, 2]), "sink": ("u32", [32 * warps])}, ["clk", "sink"],
            {"kind": "throughput", "op": f"independent {what}, ILP 8, {warps} warps", "warps": warps,
             "warp_ops_per_warp": iters * 16 * 8,
             "derive": "warp_inst_per_sm_cycle = warps * warp_ops_per_warp / max_w clk[w][1]"})
    for op, what in (("add", "add.u64 (IADD3 + IADD3.X)"), ("mul_lo", "mul.lo.u64 (IMAD.WIDE.U32 + 2 IMAD)"),
                     ("mul_hi", "mul.hi.u64 (an IMAD.WIDE/HI sequence)")):
        warps, iters = 16, 4
        add(f"itput64_{op}", "itput", f"itput64_{op}", [1, 1, 1], [32 * warps, 1, 1],
            [{"buffer": "clk"}, {"buffer": "sink"}, {"s32": iters}, {"u32": 12345}],
            {"clk": ("u64", [warps, 2]), "sink": ("u32", [32 * warps])}, ["clk", "sink"],
            {"kind": "throughput", "op": f"independent {what}, ILP 8, {warps} warps", "warps": warps,
             "warp_ops_per_warp": iters * 16 * 8,
             "derive": "warp_inst_per_sm_cycle = warps * warp_ops_per_warp / max_w clk[w][1]"},
            source=open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "itput64.cu")).read())
    # ------------------------------------------------------------ more dependent chains
    for op, what in (("popc", "popc.b32 (POPC)"), ("brev", "brev.b32 (BREV)"), ("bfind", "bfind.u32 (FLO)"),
                     ("mul_hi", "mul.hi.u32 (IMAD.HI)"),
                     ("mbar_arrive_test", "mbarrier.arrive then test_wait on its state, selp, add (one op)"),
                     ("mbar_test", "mbarrier.test_wait.parity (incomplete phase), selp, add (one op)"),
                     ("mbar_arrive", "mbarrier.arrive, its state's top bit feeds the address (shr, cvt, add)")):
        iters = 4
        add(f"xchain_{op}", "xchain", f"xchain_{op}", [1, 1, 1], [32, 1, 1],
            [{"buffer": "clk"}, {"buffer": "sink"}, {"s32": iters}, {"u32": 12345}],
            {"clk": ("u64", [2]), "sink": ("u32", [32])}, ["clk", "sink"],
            {"kind": "latency", "op": what, "ops_per_rep": iters * 32, "warps": 1,
             "derive": "cycles_per_op = clk[1] / ops_per_rep"})
    # ------------------------------------------------------------ instruction fetch
    for warps in (1, 4, 16):
        add(f"icache_ffma_w{warps}", "icache", "icache_ffma", [1, 1, 1], [32 * warps, 1, 1],
            [{"buffer": "clk"}, {"buffer": "sink"}, {"u32": 12345}],
            {"clk": ("u64", [warps, 2]), "sink": ("u32", [32 * warps])}, ["clk", "sink"],
            {"kind": "issue", "op": f"2048 straight-line independent fma.rn.f32 (32 KiB of SASS), {warps} warp(s)",
             "warps": warps, "insts": 2048,
             "derive": "cold_cycles_per_line = (max_w clk[w][0] - max_w clk[w][1]) / (2048 * 16 / 128); "
                       "warm: max_w clk[w][1] / insts"})


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import gen  # noqa: E402  (builds gen.BENCH, writes nothing)
    gen.write_family(register, only_new=True, index=False)
