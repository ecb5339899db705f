"""Part 24 of the microbenchmark list (session 24, helper gls): the deciding
probe of validation/timing/st16_23.md. Session 23 found that u32 stores with
only lanes 0-15 active on 4 lines x 16 B pay no partial-sector surcharge
(gls23_st32_r4g4m16: ~4 cycles a store, the model 8) while the 32-lane u16
store of the same footprint pays it; two rules fit every figure then:
(R1) the surcharge only with more than 16 active lanes, (R2) hidden at <= 4
lines unless 16-bit lanes. These kernels separate them, with 8 or 16 warps so
that the L1, not one warp's issue, bounds the figure: u32 16 lanes on 8 lines
(R1 no surcharge, R2 surcharge), u32 32 lanes on 4 lines x 2 half sectors
(R1 surcharge, R2 none), 16 lanes spread over both half-warps or in the upper
half, 24 lanes, and the session-23 shapes at 8 warps. Family "gls"
(tools/microbench/gls23.cu: u16 stores and an active-lane mask in zmask);
cycles per access from the barrier's release, as gen6_store.py's gls.
`python3 tools/microbench/gen24_gls.py` writes only these directories."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gen23_gls  # noqa: E402

ALL = 0xFFFFFFFF
H = 0x0000FFFF


def register(add):
    mk = gen23_gls.maker(add)
    for name, bits, warps, group, row, step, amask, what in (
            # R1 vs R2: u32, lanes 0-15, 2 lanes a row: 8 lines x 8 B (a quarter sector)
            ("gls24_st32_r8g2m16_r512_w8", 32, 8, 2, 512, 8, H, "st.global.u32, lanes 0-15, 2 lanes a row (8 lines x a quarter sector), rows 512 B apart, next store the next quarter"),
            # R1 vs R2: u32, 32 lanes, 4 lanes a row, rows 64 B apart: 4 lines x 2 half sectors
            ("gls24_st32_r8g4_r64_w8", 32, 8, 4, 64, 16, ALL, "st.global.u32, 4 lanes a row, rows 64 B apart (4 lines x 2 half sectors), next store the other halves"),
            # (c) of st16_23 at 8 warps: u32, lanes 0-15, 4 lines x 16 B
            ("gls24_st32_r4g4m16_r512_w8", 32, 8, 4, 512, 16, H, "st.global.u32, lanes 0-15, 4 lanes a row (4 lines x half a sector), rows 512 B apart, next store the other half"),
            # the same with lanes 16-31 (rows 4-7 of the lane layout: 4 lines x 16 B)
            ("gls24_st32_r4g4mhi_r512_w8", 32, 8, 4, 512, 16, 0xFFFF0000, "st.global.u32, lanes 16-31, 4 lanes a row (4 lines x half a sector), rows 512 B apart, next store the other half"),
            # 16 lanes alternating over both half-warps: 8 rows x 2 of 4 lanes (8 lines x 2 scattered words)
            ("gls24_st32_r8g4m55_r512_w8", 32, 8, 4, 512, 16, 0x55555555, "st.global.u32, even lanes, 4 lanes a row (8 lines x 2 words of a half sector), rows 512 B apart, next store the other half"),
            # 24 lanes: 6 lines x 16 B
            ("gls24_st32_r6g4m24_r512_w8", 32, 8, 4, 512, 16, 0x00FFFFFF, "st.global.u32, lanes 0-23, 4 lanes a row (6 lines x half a sector), rows 512 B apart, next store the other half"),
            # (e) of st16_23 at 8 warps: u32 32 lanes 8 lines x 16 B
            ("gls24_st32_r8g4_r512_w8", 32, 8, 4, 512, 16, ALL, "st.global.u32, 4 lanes a row (8 lines x half a sector), rows 512 B apart, next store the other half"),
            # u16 16 lanes, 2 lines x 16 B, at 16 warps (st16_23's 4-warp figure was one warp's issue)
            ("gls24_st16_r2g8m16_r512_w16", 16, 16, 8, 512, 16, H, "st.global.u16, lanes 0-15, 8 lanes a row (2 lines x half a sector), rows 512 B apart, next store the other half"),
            # u16 lanes 0-7 and 16-23: 2 lines x 16 B from both half-warps
            ("gls24_st16_r4g8m0f0f_r512_w16", 16, 16, 8, 512, 16, 0x00FF00FF, "st.global.u16, lanes 0-7 and 16-23, 8 lanes a row (2 lines x half a sector), rows 512 B apart, next store the other half"),
            # u16 full-sector control at 8 warps: 4 lines x 1 full sector
            ("gls24_st16_r4g16_r512_w8", 16, 8, 16, 512, 32, ALL, "st.global.u16, 16 lanes a row (4 lines x 1 full sector), rows 512 B apart"),
            # u32 full-sector control at 8 warps: 4 lines x 1 full sector
            ("gls24_st32_r4g8_r512_w8", 32, 8, 8, 512, 32, ALL, "st.global.u32, 8 lanes a row (4 lines x 1 full sector), rows 512 B apart")):
        mk(name, bits, warps, group, row, step, f"{what}, {warps} warp(s)", amask=amask)


if __name__ == "__main__":
    import gen  # noqa: E402  (builds gen.BENCH, writes nothing)
    gen.write_family(register)
