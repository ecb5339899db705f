#!/usr/bin/env python3
"""Session 30, helper flash (validation/timing/flash30.md): does a MUFU-bound loop slow down while the SM's
tensor pipe runs wgmma? Microbenchmark family mufutc30 (one CTA on one SM). gen27_tclk.py's kernel
(helper fa, session 27), made from wgmma_f16_n64_ss's PTX (gen2.py) or wgmma_f16_n64_rs's (A from
registers): warpgroup 0 runs the benchmark's wgmma loops (m64n64k16: iters_lat 4 dependent wgmma, then
iters_tput x 4 back to back, two reps each) between %clock64 stamps, or exits at once (iters 0);
warpgroups 1.. run fp_iters passes of an FP loop between their own stamps:
  mode 2 mix: 8 chains x 16 of t = fma(x, -1, 0.5); x = ex2(t) (flash's scale + MUFU.EX2; 128 EX2 a pass)
  mode 3 ffma4: one dependent chain of 64 FFMA (latency-bound FP32)
  mode 4 ex2: 8 chains x 16 of x = ex2(-x) (MUFU.EX2 alone, the negation folded into its operand)
The FP passes are sized so that the FP loop ends inside the wgmma loop (about 66,000 cycles).
gt[warp][8]: clock64 start, end, globaltimer start, end, FP passes, sum bits.
Figures (summarize.py / validation/calibrate/groups30_mufu.go): fp_cycles_per_pass (the slowest FP warp's
%clock64 span over its passes) and, with wgmma, wg_span_cycles (warp 0's span).
`python3 tools/microbench/gen30_mufu.py [OUTDIR]` writes the directories (default validation/microbench)
and, for the default, their benchmarks.json entries."""
import json, os, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..")
sys.path.insert(0, HERE)
import gen27_tclk as G  # noqa: E402

SRC = {"ss": "validation/microbench/wgmma_f16_n64_ss/kernel.ptx", "rs": "validation/microbench/wgmma_f16_n64_rs/kernel.ptx"}
# anchors of the two PTX files (nvcc's register numbering differs)
ANCH = {"ss": ("\t.reg .b64 \t%rd<37>;\n", "\tld.param.u32 \t%r19, [wgmma_bench_param_4];\n", "%r100"),
        "rs": ("\t.reg .b64 \t%rd<30>;\n", "\tld.param.u32 \t%r21, [wgmma_bench_param_4];\n", "%r98")}


def src_ptx(kind):
    return subprocess.run([sys.executable, os.path.join(ROOT, "tools/record/gzcompat.py"), "cat",
                           os.path.join(ROOT, SRC[kind])], check=True, capture_output=True, text=True).stdout


def kernel(kind):
    p = src_ptx(kind)
    decl, entry, cnt = ANCH[kind]
    p = p.replace("\t.param .u32 wgmma_bench_param_4\n",
                  "\t.param .u32 wgmma_bench_param_4,\n\t.param .u64 wgmma_bench_param_5,\n"
                  "\t.param .u32 wgmma_bench_param_6,\n\t.param .u32 wgmma_bench_param_7,\n\t.param .u32 wgmma_bench_param_8\n", 1)
    assert p.count(".maxntid 128, 1, 1") == 1
    p = p.replace(".maxntid 128, 1, 1", ".maxntid 384, 1, 1", 1)
    assert p.count(decl) == 1 and p.count(entry) == 1
    p = p.replace(decl, decl + "\t.reg .b32 \t%q<16>;\n\t.reg .b64 \t%qd<16>;\n\t.reg .f32 \t%qf<40>;\n"
                  "\t.reg .pred \t%qp<4>;\n", 1)
    p = p.replace(entry, entry + "\tmov.u32 \t%q0, %tid.x;\n\tsetp.ge.u32 \t%qp0, %q0, 128;\n"
                  "\t@%qp0 bra \t$FPWG;\n", 1)
    bar = "\tbar.sync \t0;\n"
    assert p.count(bar) == 1
    p = p.replace(bar, "\tbar.sync \t1, 128;\n\tmov.u64 \t%qd0, %clock64;\n\tmov.u64 \t%qd1, %globaltimer;\n", 1)
    tput = f"\twgmma.commit_group.sync.aligned;\n\t// end inline asm\n\tadd.s32 \t{cnt}, {cnt}, 1;\n"
    assert p.count(tput) == 1, kind
    p = p.replace(tput, tput.replace("\tadd.s32", G.GAP + "\tadd.s32"), 1)
    ret = "\tret;\n\n}"
    assert p.count(ret) == 1
    wg_end = ("\tmov.u64 \t%qd2, %clock64;\n\tmov.u64 \t%qd3, %globaltimer;\n"
              "\tmov.u64 \t%qd7, 0;\n\tmov.u64 \t%qd8, 0;\n" + G.store("$WGST"))
    ffma4 = "".join("\tfma.rn.f32 \t%qf1, %qf1, 0f3F7FBE77, 0f3A83126F;\n" for _ in range(64))
    mix = "".join(f"\tfma.rn.f32 \t%qf{1 + c}, %qf{1 + c}, 0fBF800000, 0f3F000000;\n\tex2.approx.ftz.f32 \t%qf{1 + c}, %qf{1 + c};\n"
                  for _ in range(16) for c in range(8))
    ex2 = "".join(f"\tneg.f32 \t%qf{1 + c}, %qf{1 + c};\n\tex2.approx.ftz.f32 \t%qf{1 + c}, %qf{1 + c};\n"
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
{ex2}	bra.uni 	$NEXT;
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
{G.store("$FPST")}	ret;
"""
    head = (f"// sm90sim microbenchmark family mufutc30 (tools/microbench/gen30_mufu.py): wgmma_f16_n64_{kind}'s\n"
            "// loops in warpgroup 0 beside FP loops in warpgroups 1..; see the generator.\n")
    return head + p.replace(ret, wg_end + "\tret;\n" + fp + "\n}", 1)


# name: (wgmma PTX, threads, iters_lat, iters_tput, FP mode, FP passes, op)
VARIANTS = {
    "mufutc30_mix": ("ss", 256, 0, 0, 2, 30, "FFMA -> MUFU.EX2 mix (8 chains, 128 EX2 a pass), 1 warp a sub-partition, alone"),
    "mufutc30_ss_mix": ("ss", 256, 4, 250, 2, 30, "the mix beside m64n64k16 SS wgmma back to back"),
    "mufutc30_rs_mix": ("rs", 256, 4, 250, 2, 30, "the mix beside m64n64k16 RS wgmma (A from registers) back to back"),
    "mufutc30_ex2": ("ss", 256, 0, 0, 4, 30, "MUFU.EX2 alone (8 chains of x = ex2(-x), 128 EX2 a pass), 1 warp a sub-partition"),
    "mufutc30_ss_ex2": ("ss", 256, 4, 250, 4, 30, "MUFU.EX2 beside m64n64k16 SS wgmma back to back"),
    "mufutc30_ss_mix_w3": ("ss", 384, 4, 250, 2, 15, "the mix in two warpgroups (2 warps a sub-partition) beside SS wgmma"),
    "mufutc30_mix_w3": ("ss", 384, 0, 0, 2, 15, "the mix in two warpgroups (2 warps a sub-partition), alone"),
    "mufutc30_ffma4": ("ss", 256, 0, 0, 3, 120, "one dependent FFMA chain of 64 a pass, alone"),
    "mufutc30_ss_ffma4": ("ss", 256, 4, 250, 3, 120, "one dependent FFMA chain of 64 a pass beside SS wgmma"),
}


def launch(name, threads, il, it, mode, fpi):
    warps = threads // 32
    return f"""# {name}: gen30_mufu.py (helper flash, session 30): wgmma loops (iters {il}/{it}) in warpgroup 0, FP mode {mode} x {fpi} passes in warpgroups 1..
kernel: wgmma_bench
grid: [1, 1, 1]
block: [{threads}, 1, 1]
shared_bytes: 0
seed: 1
buffers:
  clk: {{dtype: u64, shape: [4]}}
  sink: {{dtype: u32, shape: [128]}}
  gt: {{dtype: u64, shape: [{8 * warps}]}}
params:
  - {{buffer: clk}}
  - {{buffer: sink}}
  - {{s32: {il}}}
  - {{s32: {it}}}
  - {{u32: 7}}
  - {{buffer: gt}}
  - {{u32: {mode}}}
  - {{u32: {fpi}}}
  - {{u32: 0}}
outputs: [clk, sink, gt]
compare:
  clk: {{ignore: all}}
  gt: {{ignore: all}}
"""


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "validation", "microbench")
    ks = {k: kernel(k) for k in SRC}
    ents = []
    for name, (kind, th, il, it, mode, fpi, op) in VARIANTS.items():
        d = os.path.join(out, name)
        os.makedirs(d, exist_ok=True)
        open(os.path.join(d, "kernel.ptx"), "w").write(ks[kind])
        open(os.path.join(d, "launch.yaml"), "w").write(launch(name, th, il, it, mode, fpi))
        ents.append({"name": name, "family": "mufutc30", "kernel": "wgmma_bench", "grid": [1, 1, 1], "block": [th, 1, 1],
                     "meta": {"kind": "throughput", "op": op, "wgmma": kind if it else "none", "fp_mode": mode,
                              "fp_passes": fpi, "fp_warps": th // 32 - 4,
                              "derive": "fp_cycles_per_pass = max over warps 4.. of (gt[w][1] - gt[w][0]) / gt[w][4]; "
                                        "wg_span_cycles = gt[0][1] - gt[0][0] (with wgmma)"}})
    if len(sys.argv) == 1:
        bj = os.path.join(HERE, "benchmarks.json")
        names = [e["name"] for e in ents]
        old = [b for b in json.load(open(bj)) if b["name"] not in names] + ents
        with open(bj, "w") as f:
            json.dump(old, f, indent=1)
            f.write("\n")
    print("wrote", len(ents), "directories under", out)


if __name__ == "__main__":
    main()
