"""Part 8 of the microbenchmark list (issue 15, session 6, helper gls): the
cost of a store whose lines lie a row stride apart, by the stride. The
recorded epilogue-shaped stores (gls_st64_epi_*, gls2_st64_epi_*: 8 rows of
32 bytes, gls_st128_r16g2_*: 16 rows) all use a 4096-byte row, and an
ad-hoc probe on the H200 (tools/microbench/probe8_gls.cu) gave 4 warps 8.97
cycles a warp-store at 4096 bytes, 12.1 at 4224 and 10.2 at 640 (16 rows:
17.4, 31.2, 23.4): the L1/L2 store path's cost per line depends on where
the lines are, which the model does not have. Family "gls" (tools/microbench/
gls2.cu: immediate offsets, fixed data, so the loop is the stores alone);
`python3 tools/microbench/gen8_gls.py` writes only these directories.

Recorded on the H200 and the H100 (tools/microbench/device.sh, session 6):
cycles_per_access of 4 warps' 8-row stores, H200 / H100, by row bytes: 128
33.9 / 34.0, 640 47.7 / 47.1, 1024 33.2 / 33.2, 2048 32.4 / 32.4, 4096
(gls2_st64_epi_w4) 32.4 / 32.3, 4224 46.8 / 47.0, 8192 36.8 / 36.8; 16 rows
at 1024 69.5 / 69.5, at 4224 112.7 / 113.0 (4096: 74.4 / 74.2). One warp
(the sub-partition's port) hardly moves: 15.6 at 1024, 16.1 at 4224. The
probe's sweep of every multiple of 128 bytes up to 9216 (probe8_gls.*.txt,
the same on both GPUs to a few percent) has power-of-two strides fast and
others up to 2.2x slower per line with no period; neither a modulo nor a
few-bit XOR-fold hash of the line index explains it (best correlation 0.7):
an unknown address hash (L1 tag banks or the L2 slices' request path).
Not fitted: no model parameter reads these figures yet."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ALL = 0xFFFFFFFF
UNROLL = 16


def register(add):
    def mk(name, bits, step, warps, group, row, iters, what):
        w = bits // 8
        block = 32 * warps
        span = (32 // group - 1) * row + group * w
        reach = (iters - 1) * UNROLL * step + (UNROLL - 1) * step + span
        wstride = (reach + 127) // 128 * 128
        cstride = wstride * warps
        rows = 32 // group
        meta = {"kind": "throughput", "op": what, "warps": warps, "ctas": 1, "width_bits": bits,
                "lines_per_access": rows, "sectors_per_line": 1, "full_sectors": True,
                "accesses_per_warp": iters * UNROLL, "store": True, "step_bytes": step, "row_bytes": row,
                "derive": "cycles_per_access = median over CTAs of max_w (clk[w][1] - (max_v clk[v][0] - clk[w][0])) (rep 1 from the barrier's release) / accesses_per_warp; "
                          "ncu sm__cycles_elapsed.max: the launch with the stores' drain"}
        add(name, "gls", f"gls2_st{bits}_s{step}", [1, 1, 1], [block, 1, 1],
            [{"buffer": "clk"}, {"buffer": "buf"}, {"buffer": "sink"}, {"s32": iters}, {"u32": group},
             {"u32": row}, {"u32": ALL}, {"u32": wstride}, {"u32": (1 << warps) - 1}, {"u32": cstride}],
            {"clk": ("u64", [warps, 2]), "buf": "{dtype: u32, shape: [%d]}" % (cstride // 4),
             "sink": ("u32", [block])}, ["clk"], meta,
            source=open(os.path.join(HERE, "gls2.cu")).read())

    # 8 rows of 32 bytes (st.global.v2, 4 lanes a row: the wgmma epilogue), rows `row` bytes apart
    for row, warps in ((128, 4), (640, 4), (1024, 4), (2048, 4), (4224, 4), (8192, 4), (1024, 1), (4224, 1),
                       (1024, 8)):
        mk(f"gls8_st64_epi_r{row}_w{warps}", 64, 32, warps, 4, row, 8,
           f"st.global.v2 epilogue shape (8 rows x 32 bytes), rows {row} bytes apart, immediate offsets, "
           f"{warps} warp(s)")
    # 16 rows of 32 bytes (st.global.v4, 2 lanes a row)
    for row in (1024, 4224):
        mk(f"gls8_st128_r16g2_r{row}_w4", 128, 32, 4, 2, row, 8,
           f"st.global.v4, 2 lanes a row (16 rows x 32 bytes), rows {row} bytes apart, immediate offsets, 4 warps")


if __name__ == "__main__":
    sys.path.insert(0, HERE)
    import gen  # noqa: E402  (builds gen.BENCH, writes nothing)
    gen.write_family(register)
