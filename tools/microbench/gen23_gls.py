"""Part 23 of the microbenchmark list (session 23, helper st16): the
partial-sector store surcharge by lane width, lines per store, row stride and
whether the next store writes the other half of each sector. Lane cute
(validation/timing/cute23.md) found the twin's epilogue of st.global.u16
(8 lanes a row: 4 lines x 16 bytes, half a sector each, rows 512 bytes apart,
the next store the other half) at ~4.4 cycles a store where the model charges
8 (the surcharge fitted on 8+ line 32-bit families). Family "gls"
(tools/microbench/gls23.cu: gls.cu with st.global.u16 and an active-lane mask);
cycles per access from the barrier's release, as gen6_store.py's gls.
`python3 tools/microbench/gen23_gls.py` writes only these directories."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ALL = 0xFFFFFFFF
UNROLL = 16


def maker(add):
    """mk(name, bits, warps, group, row, step, what, amask, iters): one gls23.cu store benchmark (also gen24_gls.py)."""
    def mk(name, bits, warps, group, row, step, what, amask=ALL, iters=8):
        w = bits // 8
        block = 32 * warps
        span = (32 // group - 1) * row + group * w
        reach = (iters - 1) * UNROLL * step + (UNROLL - 1) * step + span
        wstride = (reach + 127) // 128 * 128
        cstride = wstride * warps
        lanes = bin(amask).count("1")
        rows = lanes // group
        seg = group * w
        meta = {"kind": "throughput", "op": what, "warps": warps, "ctas": 1, "width_bits": bits,
                "lines_per_access": rows, "sectors_per_line": max(1, seg // 32), "full_sectors": seg % 32 == 0,
                "active_lanes": lanes, "accesses_per_warp": iters * UNROLL, "store": True, "step_bytes": step,
                "row_bytes": row,
                "derive": "cycles_per_access = median over CTAs of max_w (clk[w][1] - (max_v clk[v][0] - clk[w][0])) (rep 1 from the barrier's release) / accesses_per_warp; "
                          "ncu sm__cycles_elapsed.max: the launch with the stores' drain"}
        add(name, "gls", f"gls_st{bits}", [1, 1, 1], [block, 1, 1],
            [{"buffer": "clk"}, {"buffer": "buf"}, {"buffer": "sink"}, {"s32": iters}, {"u32": group},
             {"u32": row}, {"u32": step}, {"u32": ALL}, {"u32": wstride}, {"u32": (1 << warps) - 1},
             {"u32": amask}, {"u32": cstride}],
            {"clk": ("u64", [warps, 2]), "buf": "{dtype: u32, shape: [%d]}" % (cstride // 4),
             "sink": ("u32", [block])}, ["clk"], meta,
            source=open(os.path.join(HERE, "gls23.cu")).read())
    return mk


def register(add):
    mk = maker(add)
    H = 0xFFFF
    for name, bits, warps, group, row, step, amask, what in (
            # (a) the twin's shape: u16, 8 lanes a row (4 lines x 16 B), rows 512 B apart, next store the other half
            ("gls23_st16_r4g8_r512_w4", 16, 4, 8, 512, 16, ALL, "st.global.u16, 8 lanes a row (4 lines x half a sector), rows 512 B apart, next store the other half"),
            ("gls23_st16_r4g8_r512_w1", 16, 1, 8, 512, 16, ALL, "st.global.u16, 8 lanes a row (4 lines x half a sector), rows 512 B apart, next store the other half"),
            # (b) rows 4096 B apart
            ("gls23_st16_r4g8_r4096_w4", 16, 4, 8, 4096, 16, ALL, "st.global.u16, 8 lanes a row (4 lines x half a sector), rows 4096 B apart, next store the other half"),
            # the next store a fresh sector (the other halves never written)
            ("gls23_st16_r4g8_r512_s32_w4", 16, 4, 8, 512, 32, ALL, "st.global.u16, 8 lanes a row (4 lines x half a sector), rows 512 B apart, next store the next sector"),
            # full-sector u16 control: 16 lanes a row (4 lines x 1 full sector)
            ("gls23_st16_r4g16_r512_w4", 16, 4, 16, 512, 32, ALL, "st.global.u16, 16 lanes a row (4 lines x 1 full sector), rows 512 B apart"),
            # (c) u32, 16 lanes active, 4 lanes a row: 4 lines x 16 B without 16-bit lanes
            ("gls23_st32_r4g4m16_r512_w4", 32, 4, 4, 512, 16, H, "st.global.u32, lanes 0-15, 4 lanes a row (4 lines x half a sector), rows 512 B apart, next store the other half"),
            ("gls23_st32_r4g4m16_r4096_w4", 32, 4, 4, 4096, 16, H, "st.global.u32, lanes 0-15, 4 lanes a row (4 lines x half a sector), rows 4096 B apart, next store the other half"),
            # (d) u16, 4 lanes a row: 8 lines x 8 B (16-bit lanes with 8 lines)
            ("gls23_st16_r8g4_r512_w4", 16, 4, 4, 512, 8, ALL, "st.global.u16, 4 lanes a row (8 lines x a quarter sector), rows 512 B apart, next store the next quarter"),
            # (e) gls_st32_r8g4 with rows 512 B apart
            ("gls23_st32_r8g4_r512_w4", 32, 4, 4, 512, 16, ALL, "st.global.u32, 4 lanes a row (8 lines x half a sector), rows 512 B apart, next store the other half"),
            # 2 lines: u16, lanes 0-15, 8 lanes a row
            ("gls23_st16_r2g8m16_r512_w4", 16, 4, 8, 512, 16, H, "st.global.u16, lanes 0-15, 8 lanes a row (2 lines x half a sector), rows 512 B apart, next store the other half")):
        mk(name, bits, warps, group, row, step, f"{what}, {warps} warp(s)", amask=amask)


if __name__ == "__main__":
    sys.path.insert(0, HERE)
    import gen  # noqa: E402  (builds gen.BENCH, writes nothing)
    gen.write_family(register)
