#!/usr/bin/env python3
"""Session 27, helper fa (validation/timing/fa27.md): does floating-point work
beside the tensor pipe lower the SM clock? Diagnosis variants of
wgmma_f16_n64_ss (gen2.py's PTX, read from its bundle): 256 threads; warpgroup
0 runs the benchmark's wgmma loops (m64n64k16 SS, iters_lat 4, iters_tput N x 4
wgmma, two reps each) between %clock64 / %globaltimer stamps; warpgroup 1 runs
fp_iters passes of an FP loop between its own stamps (sized to about the wgmma
loops' span; the overlap is read from the %globaltimer stamps):
  mode 0 idle (exits at once), 1 FFMA (8 independent chains x 64 a pass: the
  FP32 pipe saturated), 2 mix (8 chains x 16 of t = fma(x, -1, 0.5); x = ex2(t):
  the MUFU saturated, as in flash's scale + ex2), 3 FFMA4 (one dependent chain
  of 64: a quarter of the FP32 pipe).
The tclk27b_* variants (second device call): no FP work; after each 4 wgmma
of the tput loop, gap %clock64 cycles idle (bursts of tensor work).
gt[warp][8]: clock64 start, end, globaltimer start, end, FP passes, sum bits.
Writes DIR/{kernel.ptx,launch.yaml} under OUTDIR. Not microbenchmarks: the
clock figures are read by tools/microbench/fa27_tclk.py."""
import os, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..")
SRC = "validation/microbench/wgmma_f16_n64_ss/kernel.ptx"


def base_ptx():
    return subprocess.run([sys.executable, os.path.join(ROOT, "tools/record/gzcompat.py"), "cat",
                           os.path.join(ROOT, SRC)], check=True, capture_output=True, text=True).stdout


def store(lbl):
    return f"""	and.b32 	%q2, %q0, 31;
	setp.ne.u32 	%qp1, %q2, 0;
	@%qp1 bra 	{lbl};
	shr.u32 	%q3, %q0, 5;
	mul.wide.u32 	%qd4, %q3, 64;
	ld.param.u64 	%qd5, [wgmma_bench_param_5];
	cvta.to.global.u64 	%qd5, %qd5;
	add.s64 	%qd6, %qd5, %qd4;
	st.global.u64 	[%qd6], %qd0;
	st.global.u64 	[%qd6+8], %qd2;
	st.global.u64 	[%qd6+16], %qd1;
	st.global.u64 	[%qd6+24], %qd3;
	st.global.u64 	[%qd6+32], %qd7;
	st.global.u64 	[%qd6+40], %qd8;
{lbl}:
"""


# the burst variants: after each commit of the tput loop's 4 wgmma, when
# gap > 0, wait for them and spin gap %clock64 cycles (tensor pipe idle)
GAP = """	ld.param.u32 	%q11, [wgmma_bench_param_8];
	setp.eq.u32 	%qp2, %q11, 0;
	@%qp2 bra 	$GAPX;
	wgmma.wait_group.sync.aligned 0;
	cvt.u64.u32 	%qd10, %q11;
	mov.u64 	%qd11, %clock64;
$GAP:
	mov.u64 	%qd12, %clock64;
	sub.s64 	%qd13, %qd12, %qd11;
	setp.lt.u64 	%qp3, %qd13, %qd10;
	@%qp3 bra 	$GAP;
$GAPX:
"""


def kernel():
    p = base_ptx()
    p = p.replace("\t.param .u32 wgmma_bench_param_4\n",
                  "\t.param .u32 wgmma_bench_param_4,\n\t.param .u64 wgmma_bench_param_5,\n"
                  "\t.param .u32 wgmma_bench_param_6,\n\t.param .u32 wgmma_bench_param_7,\n\t.param .u32 wgmma_bench_param_8\n", 1)
    p = p.replace(".maxntid 128, 1, 1", ".maxntid 256, 1, 1", 1)
    decl = "\t.reg .b64 \t%rd<37>;\n"
    assert decl in p
    p = p.replace(decl, decl + "\t.reg .b32 \t%q<16>;\n\t.reg .b64 \t%qd<16>;\n\t.reg .f32 \t%qf<40>;\n"
                  "\t.reg .pred \t%qp<4>;\n", 1)
    entry = "\tld.param.u32 \t%r19, [wgmma_bench_param_4];\n"
    assert p.count(entry) == 1
    p = p.replace(entry, entry + "\tmov.u32 \t%q0, %tid.x;\n\tsetp.ge.u32 \t%qp0, %q0, 128;\n"
                  "\t@%qp0 bra \t$FPWG;\n", 1)
    bar = "\tbar.sync \t0;\n"
    assert p.count(bar) == 1
    p = p.replace(bar, "\tbar.sync \t1, 128;\n\tmov.u64 \t%qd0, %clock64;\n\tmov.u64 \t%qd1, %globaltimer;\n", 1)
    tput = "\twgmma.commit_group.sync.aligned;\n\t// end inline asm\n\tadd.s32 \t%r100, %r100, 1;\n"
    assert p.count(tput) == 1
    p = p.replace(tput, tput.replace("\tadd.s32", GAP + "\tadd.s32"), 1)
    ret = "\tret;\n\n}"
    assert p.count(ret) == 1
    wg_end = ("\tmov.u64 \t%qd2, %clock64;\n\tmov.u64 \t%qd3, %globaltimer;\n"
              "\tmov.u64 \t%qd7, 0;\n\tmov.u64 \t%qd8, 0;\n" + store("$WGST"))
    ffma = "".join(f"\tfma.rn.f32 \t%qf{1 + c}, %qf{1 + c}, 0f3F7FBE77, 0f3A83126F;\n" for _ in range(64) for c in range(8))
    ffma4 = "".join("\tfma.rn.f32 \t%qf1, %qf1, 0f3F7FBE77, 0f3A83126F;\n" for _ in range(64))
    mix = "".join(f"\tfma.rn.f32 \t%qf{1 + c}, %qf{1 + c}, 0fBF800000, 0f3F000000;\n\tex2.approx.ftz.f32 \t%qf{1 + c}, %qf{1 + c};\n"
                  for _ in range(16) for c in range(8))
    init = "".join(f"\tadd.f32 \t%qf{1 + c}, %qf0, 0f{0x3C23D70A + c * 0x100:08X};\n" for c in range(8))
    fp = f"""$FPWG:
	ld.param.u32 	%q5, [wgmma_bench_param_6];
	ld.param.u32 	%q6, [wgmma_bench_param_7];
	cvt.rn.f32.u32 	%qf0, %q0;
	mul.f32 	%qf0, %qf0, 0f3A800000;
{init}	mov.u64 	%qd0, %clock64;
	mov.u64 	%qd1, %globaltimer;
	mov.u32 	%q7, 0;
	setp.eq.u32 	%qp2, %q5, 0;
	@%qp2 bra 	$FPEND;
$FPLOOP:
	setp.eq.u32 	%qp3, %q5, 2;
	@%qp3 bra 	$MIX;
	setp.eq.u32 	%qp3, %q5, 3;
	@%qp3 bra 	$FF4;
{ffma}	bra.uni 	$NEXT;
$FF4:
{ffma4}	bra.uni 	$NEXT;
$MIX:
{mix}$NEXT:
	add.u32 	%q7, %q7, 1;
	setp.ge.u32 	%qp3, %q7, %q6;
	@%qp3 bra 	$FPEND;
	bra.uni 	$FPLOOP;
$FPEND:
	mov.u64 	%qd2, %clock64;
	mov.u64 	%qd3, %globaltimer;
	add.f32 	%qf9, %qf1, %qf2;
	add.f32 	%qf9, %qf9, %qf3;
	add.f32 	%qf9, %qf9, %qf4;
	add.f32 	%qf9, %qf9, %qf5;
	add.f32 	%qf9, %qf9, %qf6;
	add.f32 	%qf9, %qf9, %qf7;
	add.f32 	%qf9, %qf9, %qf8;
	mov.b32 	%q9, %qf9;
	cvt.u64.u32 	%qd8, %q9;
	cvt.u64.u32 	%qd7, %q7;
{store("$FPST")}	ret;
"""
    return p.replace(ret, wg_end + "\tret;\n" + fp + "\n}", 1)


# name: (grid, iters_lat, iters_tput, mode, fp_iters[, gap])
VARIANTS = {
    "tclk27b_g0": (1, 4, 250, 0, 0, 0),
    "tclk27b_g200": (1, 4, 160, 0, 0, 200),
    "tclk27b_g800": (1, 4, 64, 0, 0, 800),
    "tclk27b_g3000": (1, 4, 20, 0, 0, 3000),
    "tclk27b_g800_c132": (132, 4, 64, 0, 0, 800),
    # third device call: the gap at which the bursts start to lose time
    "tclk27b_g1000": (1, 4, 50, 0, 0, 1000),
    "tclk27b_g1200": (1, 4, 45, 0, 0, 1200),
    "tclk27b_g1500": (1, 4, 35, 0, 0, 1500),
    "tclk27b_g2000": (1, 4, 28, 0, 0, 2000),
    "tclk27b_g5000": (1, 4, 12, 0, 0, 5000),
    "tclk27_wg": (1, 4, 250, 0, 0),
    "tclk27_wg_ffma": (1, 4, 250, 1, 125),
    "tclk27_wg_ffma4": (1, 4, 250, 3, 250),
    "tclk27_wg_mix": (1, 4, 250, 2, 63),
    "tclk27_ffma": (1, 0, 0, 1, 125),
    "tclk27_mix": (1, 0, 0, 2, 63),
    "tclk27_wg_s": (1, 4, 40, 0, 0),
    "tclk27_wg_mix_s": (1, 4, 40, 2, 10),
    "tclk27_wg_c132": (132, 4, 250, 0, 0),
    "tclk27_wg_mix_c132": (132, 4, 250, 2, 63),
}


def launch(name, grid, il, it, mode, fpi, gap=0):
    return f"""# {name}: gen27_tclk.py (helper fa, session 27): wgmma_f16_n64_ss's loops in warpgroup 0, FP mode {mode} in warpgroup 1
kernel: wgmma_bench
grid: [{grid}, 1, 1]
block: [256, 1, 1]
shared_bytes: 0
seed: 1
buffers:
  clk: {{dtype: u64, shape: [{4 * grid}]}}
  sink: {{dtype: u32, shape: [{128 * grid}]}}
  gt: {{dtype: u64, shape: [{64 * grid}]}}
params:
  - {{buffer: clk}}
  - {{buffer: sink}}
  - {{s32: {il}}}
  - {{s32: {it}}}
  - {{u32: 7}}
  - {{buffer: gt}}
  - {{u32: {mode}}}
  - {{u32: {fpi}}}
  - {{u32: {gap}}}
outputs: [clk, sink, gt]
compare:
  clk: {{ignore: all}}
  gt: {{ignore: all}}
"""


def main():
    out = sys.argv[1]
    k = kernel()
    for name, v in VARIANTS.items():
        d = os.path.join(out, name)
        os.makedirs(d, exist_ok=True)
        open(os.path.join(d, "kernel.ptx"), "w").write(k)
        open(os.path.join(d, "launch.yaml"), "w").write(launch(name, *v))


if __name__ == "__main__":
    main()
