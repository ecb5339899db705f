"""Part 5 of the microbenchmark list (issue 13, session 3: the core effects
the part-1 evidence gaps point at, each isolated): how long a failing
try_wait sleeps with and without a suspend-time hint (mbwait), back-to-back
independent mbarrier operations (mbtput), a shared access right behind
global stores (smgst) and the dispatch of integer instruction mixes across
the IMAD and ALU pipes (itmix). Imported by gen.py (register(add));
`python3 tools/microbench/gen5.py` writes only these directories."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def src(name):
    return open(os.path.join(HERE, name)).read()


def register(add):
    # ------------------------------------------------------------ try_wait sleep
    for name, hint, mode, iters, what in (
            ("mbwait_h0", 0, 0, 8, "try_wait.parity with suspend-time hint 0 ns"),
            ("mbwait_h250", 250, 0, 4, "try_wait.parity with suspend-time hint 250 ns"),
            ("mbwait_h1000", 1000, 0, 4, "try_wait.parity with suspend-time hint 1000 ns"),
            ("mbwait_h4000", 4000, 0, 4, "try_wait.parity with suspend-time hint 4000 ns"),
            ("mbwait_nohint", 0, 1, 2, "try_wait.parity without a hint (the system-dependent limit)"),
            ("mbwait_test", 0, 2, 8, "test_wait.parity (never sleeps)")):
        add(name, "mbwait", "mbwait", [1, 1, 1], [32, 1, 1],
            [{"buffer": "clk"}, {"buffer": "gt"}, {"buffer": "sink"}, {"s32": iters}, {"u32": hint}, {"u32": mode}],
            {"clk": ("u64", [2]), "gt": ("u64", [2]), "sink": ("u32", [32])}, ["clk", "gt", "sink"],
            {"kind": "latency", "op": what + " on a phase that never completes, selp, add into the next address",
             "ops_per_rep": iters, "warps": 1, "hint_ns": hint,
             "derive": "cycles_per_op = clk[1] / ops_per_rep; ns_per_op = gt[1] / ops_per_rep"},
            source=src("mbwait.cu"))
    # ------------------------------------------------------------ one try_wait at a time
    for name, block, mode, hint, what in (
            ("mbwait2_h1000", 32, 2, 1000, "hint 1000 ns"),
            ("mbwait2_st_h1000", 32, 3, 1000, "a st.global, then try_wait with hint 1000 ns"),
            ("mbwait2_st_nohint", 32, 1, 0, "a st.global, then try_wait without a hint"),
            ("mbwait2_h1000_w2", 64, 2, 1000, "hint 1000 ns, warp 1 waiting at bar.sync"),
            ("mbwait2_st_h1000_w2", 64, 3, 1000, "a st.global, then try_wait with hint 1000 ns, warp 1 waiting at bar.sync")):
        iters = 4
        add(name, "mbwait2", "mbwait2", [1, 1, 1], [block, 1, 1],
            [{"buffer": "clk"}, {"buffer": "gt"}, {"buffer": "dst"}, {"buffer": "sink"}, {"s32": iters},
             {"u32": hint}, {"u32": mode}],
            {"clk": ("u64", [2]), "gt": ("u64", [2]), "dst": ("u32", [32 * iters]), "sink": ("u32", [block])},
            ["clk", "gt", "sink"],
            {"kind": "latency", "op": f"one failing try_wait.parity at a time (samples 4000 cycles apart): {what}",
             "ops_per_rep": iters, "warps": block // 32, "hint_ns": hint,
             "derive": "cycles_per_op = clk[1] / ops_per_rep; ns_per_op = gt[1] / ops_per_rep"},
            source=src("mbwait2.cu"))
    # ------------------------------------------------------------ try_wait by part of a warp
    for name, block, lanes, what in (
            ("mbwait3_l1", 32, 1, "lane 0 alone (lanes 1-31 at the final bar.sync)"),
            ("mbwait3_l1_w2", 64, 1, "lane 0 alone (lanes 1-31 and warp 1 at the final bar.sync)"),
            ("mbwait3_l16", 32, 16, "lanes 0-15 (lanes 16-31 at the final bar.sync)"),
            ("mbwait3_l32", 32, 32, "all 32 lanes")):
        iters = 4
        add(name, "mbwait3", "mbwait3", [1, 1, 1], [block, 1, 1],
            [{"buffer": "clk"}, {"buffer": "gt"}, {"buffer": "sink"}, {"s32": iters}, {"u32": 1000}, {"u32": lanes}],
            {"clk": ("u64", [2]), "gt": ("u64", [2]), "sink": ("u32", [block])}, ["clk", "gt", "sink"],
            {"kind": "latency", "op": f"one failing try_wait.parity (hint 1000 ns) at a time, {what}",
             "ops_per_rep": iters, "warps": block // 32, "hint_ns": 1000, "lanes": lanes,
             "derive": "cycles_per_op = clk[1] / ops_per_rep; ns_per_op = gt[1] / ops_per_rep"},
            source=src("mbwait3.cu"))
    # ------------------------------------------------------------ shared exchange probes with strided stores
    for name, stride, mode, what in (
            ("smst_all_s42", 42, 0, "st.shared, bar, ld.shared, bar, st.global of a line per lane"),
            ("smst_all_s1", 1, 0, "st.shared, bar, ld.shared, bar, coalesced st.global"),
            ("smst_shared", 42, 1, "st.shared, bar, ld.shared, bar (no st.global)"),
            ("smst_gst_s42", 42, 2, "st.global of a line per lane only")):
        iters = 8
        add(name, "smst", "smst", [1, 1, 1], [128, 1, 1],
            [{"buffer": "clk"}, {"buffer": "out"}, {"buffer": "sink"}, {"s32": iters}, {"u32": stride}, {"u32": mode}],
            {"clk": ("u64", [4, 2]), "out": ("u32", [128 * 64 + 128]), "sink": ("u32", [128])}, ["clk", "sink"],
            {"kind": "throughput", "op": f"4 warps, 64 probes: {what}", "warps": 4, "probes_per_warp": iters * 8,
             "derive": "cycles_per_probe = max_w clk[w][1] / probes_per_warp"},
            source=src("smst.cu"))
    # ------------------------------------------------------------ the same probes with bank conflicts
    for name, stride, mode, sstride, what in (
            ("smst2_c32_s42", 42, 0, 32, "32-way conflicted st/ld.shared, bars, st.global of a line per lane"),
            ("smst2_c32_shared", 42, 1, 32, "32-way conflicted st/ld.shared, bars (no st.global)"),
            ("smst2_c8_s42", 42, 0, 8, "8-way conflicted st/ld.shared, bars, st.global of a line per lane"),
            ("smst2_c8_shared", 42, 1, 8, "8-way conflicted st/ld.shared, bars (no st.global)")):
        iters = 8
        add(name, "smst2", "smst2", [1, 1, 1], [128, 1, 1],
            [{"buffer": "clk"}, {"buffer": "out"}, {"buffer": "sink"}, {"s32": iters}, {"u32": stride}, {"u32": mode},
             {"u32": sstride}],
            {"clk": ("u64", [4, 2]), "out": ("u32", [128 * 64 + 128]), "sink": ("u32", [128])}, ["clk", "sink"],
            {"kind": "throughput", "op": f"4 warps, 64 probes: {what}", "warps": 4, "probes_per_warp": iters * 8,
             "derive": "cycles_per_probe = max_w clk[w][1] / probes_per_warp"},
            source=src("smst2.cu"))
    # ------------------------------------------------------------ integer division throughput
    for op, what in (("u64", "u64 x / d, both 64-bit (the subroutine)"),
                     ("u64s", "u64 x / d, both below 2^32 (the 32-bit path)"),
                     ("u32", "u32 x / d"), ("s64", "s64 x / d, |d| > 2^32 (the subroutine)")):
        warps, iters = 16, 2
        add(f"idivtput_{op}", "idivtput", f"idivtput_{op}", [1, 1, 1], [32 * warps, 1, 1],
            [{"buffer": "clk"}, {"buffer": "sink"}, {"s32": iters}, {"u32": 12345}],
            {"clk": ("u64", [warps, 2]), "sink": ("u32", [32 * warps])}, ["clk", "sink"],
            {"kind": "throughput", "op": f"independent {what}, ILP 4, {warps} warps", "warps": warps,
             "warp_ops_per_warp": iters * 4 * 4,
             "derive": "warp_inst_per_sm_cycle = warps * warp_ops_per_warp / max_w clk[w][1] (divisions)"},
            source=src("idivtput.cu"))
    # ------------------------------------------------------------ bulk copies by several lanes
    # (sink is not compared: lanes that copy nothing read shared memory nobody wrote; mbtput_arrive's
    # sink sums opaque mbarrier state tokens)
    for name, block, lanes in (("bulkl_l1", 32, 1), ("bulkl_l2", 32, 2), ("bulkl_l8", 32, 8), ("bulkl_l32", 32, 32),
                               ("bulkl_l32_w2", 64, 32)):
        iters = 8
        add(name, "bulkl", "bulkl", [1, 1, 1], [block, 1, 1],
            [{"buffer": "clk"}, {"buffer": "src"}, {"buffer": "sink"}, {"s32": iters}, {"u32": lanes}],
            {"clk": ("u64", [block // 32, 2]), "src": "{dtype: u32, shape: [256], init: uniform}",
             "sink": ("u32", [block])}, ["clk"],
            {"kind": "latency", "op": f"{lanes} lane(s) of each of {block // 32} warp(s): arrive.expect_tx 16 + a 16-byte "
                                      "cp.async.bulk each, then the phase",
             "ops_per_rep": iters, "warps": block // 32, "lanes": lanes,
             "derive": "cycles_per_op = clk[1] / ops_per_rep (issue to completion); issue_cycles = clk[0] / ops_per_rep"},
            source=src("bulkl.cu"))
    # ------------------------------------------------------------ independent mbarrier ops
    for op, what in (("test", "test_wait.parity -> selp -> add into a sum"),
                     ("arrive", "arrive (32 lanes) -> state low word added into a sum"),
                     ("test_st", "test_wait.parity -> selp -> st.global to its own word")):
        iters = 4
        add(f"mbtput_{op}", "mbtput", f"mbtput_{op}", [1, 1, 1], [32, 1, 1],
            [{"buffer": "clk"}, {"buffer": "sink"}, {"s32": iters}, {"u32": 12345}],
            {"clk": ("u64", [2]), "sink": ("u32", [2112])}, ["clk", "sink"] if op != "arrive" else ["clk"],
            {"kind": "throughput", "op": f"independent mbarrier ops of one warp, {what}",
             "ops_per_rep": iters * 32, "warps": 1,
             "derive": "cycles_per_op = clk[1] / ops_per_rep"},
            source=src("mbtput.cu"))
    # ------------------------------------------------------------ shared access behind global stores
    for name, stride, nst, mode, what in (
            ("smgst_ld_none", 32, 0, 0, "ld.shared alone"),
            ("smgst_ld_c1", 1, 1, 0, "ld.shared behind 1 coalesced store (1 line)"),
            ("smgst_ld_l1", 32, 1, 0, "ld.shared behind 1 store of a line per lane (32 lines)"),
            ("smgst_ld_l2", 32, 2, 0, "ld.shared behind 2 stores of a line per lane (64 lines)"),
            ("smgst_ld_l4", 32, 4, 0, "ld.shared behind 4 stores of a line per lane (128 lines)"),
            ("smgst_ld_c4", 1, 4, 0, "ld.shared behind 4 coalesced stores (1 line each)"),
            ("smgst_ldg_l1", 32, 1, 2, "ld.shared behind 1 ld.global of a line per lane (32 lines)"),
            ("smgst_bar_none", 32, 0, 1, "st.shared + bar.sync alone"),
            ("smgst_bar_l1", 32, 1, 1, "st.shared + bar.sync behind 1 store of a line per lane (32 lines)")):
        iters = 16
        add(name, "smgst", "smgst", [1, 1, 1], [32, 1, 1],
            [{"buffer": "clk"}, {"buffer": "dst"}, {"buffer": "sink"}, {"s32": iters}, {"u32": stride},
             {"u32": nst}, {"u32": mode}],
            {"clk": ("u64", [2]), "dst": ("u32", [8192]), "sink": ("u32", [32])}, ["clk", "sink"],
            {"kind": "latency", "op": f"one warp: {what}, timed from before the stores to its result",
             "ops_per_rep": iters, "warps": 1, "stride_words": stride, "stores": nst,
             "derive": "cycles_per_op = clk[1] / ops_per_rep (cycles per sample)"},
            source=src("smgst.cu"))
    # ------------------------------------------------------------ integer mixes
    for op, what in (("imad_lop", "IMAD + LOP3"), ("hi_lop", "IMAD.HI + LOP3"),
                     ("imad_shf", "IMAD + SHF.L.W"), ("lop_shf", "LOP3 + SHF.L.W (ALU only)"),
                     ("imad_lop2", "IMAD + LOP3 of two distinct register sources"),
                     ("imad3_shf", "IMAD of three distinct register sources + SHF.L.W")):
        warps, iters = 16, 8
        add(f"itmix_{op}", "itmix", f"itmix_{op}", [1, 1, 1], [32 * warps, 1, 1],
            [{"buffer": "clk"}, {"buffer": "sink"}, {"s32": iters}, {"u32": 12345}],
            {"clk": ("u64", [warps, 2]), "sink": ("u32", [32 * warps])}, ["clk", "sink"],
            {"kind": "throughput", "op": f"independent {what} pairs, ILP 8, {warps} warps", "warps": warps,
             "warp_ops_per_warp": iters * 8 * 8 * 2,
             "derive": "warp_inst_per_sm_cycle = warps * warp_ops_per_warp / max_w clk[w][1]"},
            source=src("itmix.cu"))


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import gen  # noqa: E402  (builds gen.BENCH, writes nothing)
    gen.write_family(register, only_new=True, index=False)
