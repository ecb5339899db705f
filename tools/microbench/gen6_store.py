"""Part 6 of the microbenchmark list (issues 14 and 15, session 4: the L1
request path of global loads and stores): family "gls" (tools/microbench/
gls.cu), loads and stores by access width (32/64/128 bits), lines and
sectors per warp-access, warps, burst length and where the warps sit; a
load latency chain by lines per load; .cg loads from L2; stores from every
SM. Imported by gen.py (register(add)); `python3 tools/microbench/gen6_store.py`
writes only these directories."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ALL = 0xFFFFFFFF
UNROLL = 16


def src(name):
    return open(os.path.join(HERE, name)).read()


def shape(bits, group, row):
    """(lines, sectors per line, full sectors) of one warp-access."""
    w = bits // 8
    rows = 32 // group
    seg = group * w  # bytes of a row, one aligned piece
    lines_per_row = max(1, seg // 128)
    sectors = min(4, max(1, seg // 32)) if seg <= 128 else 4
    return rows * lines_per_row, sectors, seg % 32 == 0


def register(add):
    def mk(name, kernel, bits, warps, group, row, step, iters, what, wrap=ALL, wmask=None, ctas=1, block=None,
           store=False, dep=False):
        w = bits // 8
        block = block or 32 * warps
        nw = block // 32
        wmask = wmask if wmask is not None else (1 << nw) - 1
        span = (32 // group - 1) * row + group * w
        reach = min(wrap, (iters - 1) * UNROLL * step) + (UNROLL - 1) * step + span
        wstride = (reach + 127) // 128 * 128
        cstride = wstride * nw
        nbytes = cstride * ctas
        lines, sectors, full = shape(bits, group, row)
        active = bin(wmask).count("1")
        buf = ("{dtype: u32, shape: [%d]}" % (nbytes // 4)) if store else \
            ("{dtype: u32, shape: [%d], init: uniform}" % (nbytes // 4))
        meta = {"kind": "latency" if dep else "throughput", "op": what, "warps": active, "ctas": ctas,
                "width_bits": bits, "lines_per_access": lines, "sectors_per_line": sectors,
                "full_sectors": full, "accesses_per_warp": iters * UNROLL, "store": store,
                "derive": "cycles_per_access = median over CTAs of max_w (clk[w][1] - (max_v clk[v][0] - clk[w][0])) (rep 1 from the barrier's release) / accesses_per_warp"
                          + ("; ncu sm__cycles_elapsed.max: the launch with the stores' drain" if store else "")}
        outputs = ["clk"] if store else ["clk", "sink"]
        add(name, "gls", kernel, [ctas, 1, 1], [block, 1, 1],
            [{"buffer": "clk"}, {"buffer": "buf"}, {"buffer": "sink"}, {"s32": iters}, {"u32": group},
             {"u32": row}, {"u32": step}, {"u32": wrap}, {"u32": wstride}, {"u32": wmask}, {"u32": 0},
             {"u32": cstride}],
            {"clk": ("u64", [ctas * nw, 2]), "buf": buf, "sink": ("u32", [ctas * block])}, outputs, meta,
            source=src("gls.cu"))

    # ------------------------------------------------------------ stores, one CTA
    # coalesced (a warp-store covers 128/256/512 contiguous bytes), fresh lines each store
    for bits in (32, 64, 128):
        span = bits * 4
        for warps in ((1, 2, 4, 8, 16) if bits == 32 else (1, 4, 16)):
            mk(f"gls_st{bits}_coal_w{warps}", f"gls_st{bits}", bits, warps, 32, 0, span, 8,
               f"st.global {bits}-bit coalesced ({span // 128} line(s) x 4 sectors per warp-store), {warps} warp(s)",
               store=True)
    # burst length: 16 stores per warp (a store queue absorbs them?) against 128 above
    for warps in (4, 16):
        mk(f"gls_st32_coal_w{warps}_i1", "gls_st32", 32, warps, 32, 0, 128, 1,
           f"st.global 32-bit coalesced, 16 stores per warp, {warps} warps", store=True)
    # the wgmma accumulator epilogue: st.global.v2 by 4 lanes a row, 8 rows (8 lines x 1 full sector),
    # the next store the next sector of the same rows (ptxas: [R+32], [R+64], ...)
    for warps in (1, 4, 8, 16):
        mk(f"gls_st64_epi_w{warps}", "gls_st64", 64, warps, 4, 4096, 32, 8,
           f"st.global.v2 epilogue shape (8 rows x 32 bytes: 8 lines x 1 sector), {warps} warp(s)", store=True)
    # sectors per line, lines per store
    for name, bits, group, row, step, what in (
            ("gls_st64_r8g8", 64, 8, 8192, 64, "st.global.v2, 8 lanes a row (4 lines x 2 sectors)"),
            ("gls_st32_r4g8", 32, 8, 4096, 32, "st.global.u32, 8 lanes a row (4 lines x 1 full sector)"),
            ("gls_st32_r8g4", 32, 4, 4096, 16, "st.global.u32, 4 lanes a row (8 lines x half a sector)"),
            ("gls_st128_r16g2", 128, 2, 4096, 32, "st.global.v4, 2 lanes a row (16 lines x 1 full sector)"),
            ("gls_st32_r32g1", 32, 1, 4096, 4, "st.global.u32, a row per lane (32 lines x 4 bytes)")):
        for warps in (1, 4):
            mk(f"{name}_w{warps}", f"gls_st{bits}", bits, warps, group, row, step, 8, f"{what}, {warps} warp(s)",
               store=True)
    # two warps on one sub-partition (warps 0 and 4) against two on two (warps 0 and 1)
    for name, wmask, block in (("gls_st32_r32g1_p01", 0b11, 64), ("gls_st32_r32g1_p04", 0b10001, 160)):
        mk(name, "gls_st32", 32, 2, 1, 4096, 4, 8,
           f"st.global.u32, a row per lane (32 lines), warps {'0 and 1' if wmask == 3 else '0 and 4 (one sub-partition)'}",
           wmask=wmask, block=block, store=True)
    # ------------------------------------------------------------ stores from every SM
    for name, bits, warps, group, row, step, iters, what in (
            ("gls_st128_coal_c132_w16", 128, 16, 32, 0, 512, 2, "st.global.v4 coalesced"),
            ("gls_st64_epi_c132_w8", 64, 8, 4, 4096, 32, 8, "st.global.v2 epilogue shape")):
        mk(name, f"gls_st{bits}", bits, warps, group, row, step, iters, f"{what}, {warps} warps, 132 CTAs (one per SM)",
           ctas=132, store=True)

    # ------------------------------------------------------------ loads, L1-warm (same lines every iteration)
    for bits in (32, 128):
        for warps in ((1, 4, 16) if bits == 32 else (1, 4)):
            mk(f"gls_ld{bits}_coal_w{warps}", f"gls_ld{bits}", bits, warps, 32, 0, bits * 4, 2,
               f"ld.global {bits}-bit coalesced, L1-warm, {warps} warp(s)", wrap=0)
    for lines in (2, 4, 8, 16, 32):
        for warps in ((1, 4) if lines in (4, 8, 32) else (1,)):
            if lines == 32 and warps == 4:
                continue  # gld_line_w4
            mk(f"gls_ld32_l{lines}_w{warps}", "gls_ld32", 32, warps, 32 // lines, 128, 128, 2,
               f"ld.global.u32, {lines} lines per warp-load ({32 // lines} lanes a line), L1-warm, {warps} warp(s)", wrap=0)
    mk("gls_ld64_epi_w1", "gls_ld64", 64, 1, 4, 1024, 32, 2,
       "ld.global.v2 epilogue shape (8 lines x 1 sector), L1-warm, 1 warp", wrap=0)
    mk("gls_ld64_epi_w4", "gls_ld64", 64, 4, 4, 1024, 32, 2,
       "ld.global.v2 epilogue shape (8 lines x 1 sector), L1-warm, 4 warps", wrap=0)
    for name, wmask, block in (("gls_ld32_l32_p01", 0b11, 64), ("gls_ld32_l32_p04", 0b10001, 160)):
        mk(name, "gls_ld32", 32, 2, 1, 128, 128, 2,
           f"ld.global.u32, 32 lines per warp-load, L1-warm, warps {'0 and 1' if wmask == 3 else '0 and 4 (one sub-partition)'}",
           wmask=wmask, block=block, wrap=0)
    # latency chain by lines per load
    for lines in (1, 4, 8, 32):
        mk(f"gls_lddep_l{lines}", "gls_lddep32", 32, 1, 32 // lines, 128, 128, 2,
           f"dependent ld.global.u32 chain, {lines} line(s) per warp-load, L1-warm, 1 warp", wrap=0, dep=True)
    # .cg loads (L1 bypassed; L2-warm from rep 0): requests in flight
    for name, warps, group, what in (("gls_ldcg_l32_w1", 1, 1, "32 lines x 1 sector per warp-load, 1 warp"),
                                     ("gls_ldcg_l32_w4", 4, 1, "32 lines x 1 sector per warp-load, 4 warps"),
                                     ("gls_ldcg_coal_w1", 1, 32, "coalesced, 1 warp"),
                                     ("gls_ldcg_coal_w16", 16, 32, "coalesced, 16 warps")):
        mk(name, "gls_ldcg32", 32, warps, group, 128, 128, 2, f"ld.global.cg.u32 (L2), {what}", wrap=0)

    # ------------------------------------------------------------ gls2.cu: no address arithmetic in the loop
    def mk2(name, bits, step, warps, group, row, iters, what, wrap=ALL, wmask=None, block=None, store=False):
        w = bits // 8
        block = block or 32 * warps
        nw = block // 32
        wmask = wmask if wmask is not None else (1 << nw) - 1
        span = (32 // group - 1) * row + group * w
        reach = min(wrap, (iters - 1) * UNROLL * step) + (UNROLL - 1) * step + span
        wstride = (reach + 127) // 128 * 128
        cstride = wstride * nw
        lines, sectors, full = shape(bits, group, row)
        buf = ("{dtype: u32, shape: [%d]}" % (cstride // 4)) if store else \
            ("{dtype: u32, shape: [%d], init: uniform}" % (cstride // 4))
        meta = {"kind": "throughput", "op": what, "warps": bin(wmask).count("1"), "ctas": 1, "width_bits": bits,
                "lines_per_access": lines, "sectors_per_line": sectors, "full_sectors": full,
                "accesses_per_warp": iters * UNROLL, "store": store, "step_bytes": step,
                "derive": "cycles_per_access = median over CTAs of max_w (clk[w][1] - (max_v clk[v][0] - clk[w][0])) (rep 1 from the barrier's release) / accesses_per_warp"
                          + ("; ncu sm__cycles_elapsed.max: the launch with the stores' drain" if store else "")}
        add(name, "gls", f"gls2_{'st' if store else 'ld'}{bits}_s{step}", [1, 1, 1], [block, 1, 1],
            [{"buffer": "clk"}, {"buffer": "buf"}, {"buffer": "sink"}, {"s32": iters}, {"u32": group},
             {"u32": row}, {"u32": wrap}, {"u32": wstride}, {"u32": wmask}, {"u32": cstride}],
            {"clk": ("u64", [nw, 2]), "buf": buf, "sink": ("u32", [block])}, ["clk"] if store else ["clk", "sink"],
            meta, source=src("gls2.cu"))

    P01, P04 = (0b11, 64), (0b10001, 160)
    for bits in (32, 64, 128):
        span = bits * 4
        for tag, warps, wm in (("w1", 1, None), ("p01", 2, P01), ("p04", 2, P04), ("w4", 4, None)):
            if bits == 32 and tag == "w4":
                continue
            mk2(f"gls2_st{bits}_coal_{tag}", bits, span, warps, 32, 0, 8,
                f"st.global {bits}-bit coalesced, immediate offsets, fixed data, "
                + {"w1": "1 warp", "p01": "warps 0 and 1", "p04": "warps 0 and 4 (one sub-partition)", "w4": "4 warps"}[tag],
                wmask=wm[0] if wm else None, block=wm[1] if wm else None, store=True)
    mk2("gls2_st32_coal_w1_i1", 32, 128, 1, 32, 0, 1, "st.global.u32 coalesced, immediate offsets, 16 stores, 1 warp",
        store=True)
    for warps in (1, 4):
        mk2(f"gls2_st64_epi_w{warps}", 64, 32, warps, 4, 4096, 8,
            f"st.global.v2 epilogue shape (8 lines x 1 sector), immediate offsets, {warps} warp(s)", store=True)
        mk2(f"gls2_st128_r16g2_w{warps}", 128, 32, warps, 2, 4096, 8,
            f"st.global.v4, 2 lanes a row (16 lines x 1 sector), immediate offsets, {warps} warp(s)", store=True)
    for warps in (1, 4, 8, 16):
        mk2(f"gls2_ld32_coal_w{warps}", 32, 128, warps, 32, 0, 2,
            f"ld.global.u32 coalesced, L1-warm, immediate offsets, {warps} warp(s)", wrap=0)
    for lines in (8, 32):
        mk2(f"gls2_ld32_l{lines}_w1", 32, 128, 1, 32 // lines, 128, 2,
            f"ld.global.u32, {lines} lines per warp-load, L1-warm, immediate offsets, 1 warp", wrap=0)
    for bits, step, group, row, what in ((64, 256, 32, 0, "coalesced (2 lines)"), (128, 512, 32, 0, "coalesced (4 lines)"),
                                         (64, 32, 4, 1024, "epilogue shape (8 lines x 1 sector)")):
        for warps in (1, 4):
            mk2(f"gls2_ld{bits}_{'epi' if group == 4 else 'coal'}_w{warps}", bits, step, warps, group, row, 2,
                f"ld.global {bits}-bit {what}, L1-warm, immediate offsets, values folded after the 16 loads, "
                f"{warps} warp(s)", wrap=0)
    mk2("gls2_ld32_l32_p04", 32, 128, 2, 1, 128, 2,
        "ld.global.u32, 32 lines per warp-load, L1-warm, immediate offsets, warps 0 and 4 (one sub-partition)",
        wmask=P04[0], block=P04[1], wrap=0)


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import gen  # noqa: E402  (builds gen.BENCH, writes nothing)
    gen.write_family(register)
