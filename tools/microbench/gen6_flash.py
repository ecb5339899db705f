"""Part 6 of the microbenchmark list, helper "flash" (issue 14: the Triton
flash-attention forward at 32x4096 ran 4 CTAs per SM in the model, 2 on the
GPU, because the model took 32 registers per thread where ptxas gives 109):
register-limited occupancy (regocc). Each kernel holds K values live (a
chain of K dependent L2 loads, folded in reverse order), 128 threads, 4224
CTAs: the launch takes about ceil(4224 / (132 x CTAs per SM)) waves of K L2
round trips. The figure is ncu's sm__cycles_elapsed.max; the registers the
driver's JIT gave each kernel are in provenance.json (func_attributes.num_regs).
Also (fpalu): the pipes of max.f32 (FMNMX) and cvt.rn.f16x2.f32 (F2FP), the
softmax's float work that is not FFMA/FADD/FMUL (ncu on the flash kernel
counts them with the ALU pipe). Imported by gen.py (register(add)); `python3 tools/microbench/gen6_flash.py`
writes only these directories."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

KS = (24, 40, 56, 72, 88, 104, 120, 152, 184, 216)
CTAS = 132 * 32


# fpalu.cu also has fpalu_max_lop (max.f32 + xor.b32): recorded once and dropped, ptxas folds the
# repeated xor with one constant (its SASS held few LOP3s), so the figure counted instructions that
# never ran.
FPALU = (  # name, kernel, warps, chains, instructions per step, what
    ("fpalu_max_tput", "fpalu_max", 16, 8, 1, "independent max.f32 (FMNMX)"),
    ("fpalu_add_tput", "fpalu_add", 16, 8, 1, "independent add.f32 (FADD)"),
    ("fpalu_f2fp_tput", "fpalu_f2fp", 16, 8, 1, "independent cvt.rn.f16x2.f32 (F2FP.F16.F32.PACK_AB)"),
    ("fpalu_max_fma_tput", "fpalu_max_fma", 16, 4, 2, "independent max.f32 + fma.rn.f32 (FMNMX + FFMA) pairs"),
    ("fpalu_max_lat", "fpalu_max_chain", 1, 1, 1, "a dependent max.f32 chain (FMNMX)"),
    ("fpalu_f2fp_lat", "fpalu_f2fp_chain", 1, 1, 1, "a dependent cvt.rn.f16x2.f32 chain (F2FP through mov.b32)"),
)


def register(add):
    for name, kern, warps, nch, per, what in FPALU:
        iters = 16
        add(name, "fpalu", kern, [1, 1, 1], [32 * warps, 1, 1],
            [{"buffer": "clk"}, {"buffer": "sink"}, {"s32": iters}, {"u32": 12345}],
            {"clk": ("u64", [warps, 2]), "sink": ("u32", [32 * warps])}, ["clk", "sink"],
            {"kind": "throughput" if warps > 1 else "latency", "op": f"{what}, {nch} chain(s), {warps} warp(s)",
             "warps": warps, "warp_ops_per_warp": iters * 16 * nch * per,
             "derive": "warp_inst_per_sm_cycle = warps * warp_ops_per_warp / max_w clk[w][1]"},
            source=open(os.path.join(HERE, "fpalu.cu")).read())
    for k in KS:
        add(f"regocc_k{k}", "regocc", f"regocc_k{k}", [CTAS, 1, 1], [128, 1, 1],
            [{"buffer": "buf"}, {"buffer": "out"}],
            {"buf": ("u32", [4096 * 32]), "out": ("f32", [CTAS * 128])}, ["out"],
            {"kind": "launch", "op": f"{k} values live: a chain of {k} dependent ld.volatile.global (one 128-byte "
                                     "line per warp), folded in reverse order by fma; 4224 CTAs of 128 threads",
             "live_values": k, "warps": 4,
             "derive": "ncu sm__cycles_elapsed.max; registers per thread: provenance func_attributes.num_regs"})


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import gen  # noqa: E402  (builds gen.BENCH, writes nothing)
    gen.write_family(register, only_new=True, index=False)
