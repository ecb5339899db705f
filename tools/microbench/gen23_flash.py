"""Session 23 (helper "fa"): where the Triton flash-attention forward (an EVIDENCE kernel:
validation/testdata/triton_flash_attn_fwd_1x128 and triton_flash_attn_fwd, the 2x2 launch) spends its time,
phase by phase. These directories are stamped TWINS of that evidence kernel (development data for diagnosis,
the accepted practice of gen18_coop2x1.py): its own PTX with %clock64 stamps at phase boundaries, written to an
extra parameter buffer clk[cta][warp][40] (u64, raw %clock64; 0 = not reached), cta = ctaid.y * nctaid.x +
ctaid.x, warp = tid.x / 32 (8 per CTA: two warpgroups of m64 rows each). Nothing else of the kernel changes
(the entry is renamed, a .u64 parameter is appended; the inputs are the evidence's seeded buffers). Each stamp
is `mov.u64 %clock64` + one st.global.u64 by the warp's lanes (same address). Slots:

  0 entry (first instruction; stored at 1)   1 after the parameters / CTA index (the buffer's address known)
  2 after the Q tile's ld.global -> st.shared (the loads' data arrived)
  3 after the prologue's two cp.async groups (K/V block 0) were issued
  per key block i (i < 4), base 4 + 7 i:
    +0 after cp.async.wait_group 0 + bar.sync (K/V block i in shared memory)
    +1 after the QK^T wgmma's wait_group 0 (4 x m64n64k16 SS; also waits for block i-1's PV)
    +2 after the row max (32 max.f32 + 2 x 2 shfl.bfly + max)
    +3 after the 34 ex2 (the fma scaling + MUFU.EX2)
    +4 before the PV wgmma.fence (row sum + 2 x 2 shfl.bfly, acc *= alpha, cvt to f16x2)
    +5 after the PV wgmma commit (4 x m64n64k16 RS: A from registers)
    +6 after the loop tail's bar.sync (before the next block's cp.async issue)
  32 after the final wgmma.wait_group 0 (the last PV)   33 after the final cp.async wait + bar.sync
  34 after the epilogue's bar.sync (32 div.full, cvt, st.shared done)   35 after the 4 st.global were issued

`python3 tools/microbench/gen23_flash.py` writes only these directories and their benchmarks.json entries."""
import gzip
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..")
TD = os.path.join(ROOT, "validation", "testdata")
SLOTS, WARPS, PER = 40, 8, 7
TWINS = [  # name, evidence directory, CTAs, key blocks per CTA
    ("tph_flash_attn_1x128", "triton_flash_attn_fwd_1x128", 1, 2),
    ("tph_flash_attn_2x2", "triton_flash_attn_fwd", 4, 4),
]


def stamp(slot, idx=None):
    if idx is None:
        return ("\t{\n\t.reg .b64 %tv;\n\tmov.u64 %tv, %clock64;\n"
                f"\tst.global.u64 [%fab+{8 * slot}], %tv;\n\t}}\n")
    return ("\t{\n\t.reg .b64 %tv;\n\t.reg .b64 %ta;\n\tmov.u64 %tv, %clock64;\n"
            f"\tadd.s64 %ta, %fab, {idx};\n\tst.global.u64 [%ta+{8 * slot}], %tv;\n\t}}\n")


def after(src, anchor, text, count=1):
    n = src.count(anchor)
    assert n == count, (anchor, n)
    return src.replace(anchor, anchor + text)


def before(src, anchor, text, count=1):
    n = src.count(anchor)
    assert n == count, (anchor, n)
    return src.replace(anchor, text + anchor)


def instrument(ptx, kern):
    ptx = ptx.replace(".entry attn_fwd(", f".entry {kern}(").replace("attn_fwd_param_", f"{kern}_param_")
    after(ptx, f"\t.param .u64 .ptr .global .align 1 {kern}_param_7\n", "")  # exactly once
    ptx = ptx.replace(f"\t.param .u64 .ptr .global .align 1 {kern}_param_7\n",
                      f"\t.param .u64 .ptr .global .align 1 {kern}_param_7,\n\t.param .u64 {kern}_param_8\n")
    ptx = after(ptx, "\t.reg .b64 \t%rd<66>;\n",
                "\t.reg .b64 %fa0;\n\t.reg .b64 %fab;\n\t.reg .b64 %faj;\n\tmov.u64 %fa0, %clock64;\n")
    base = ("\t{\n\t.reg .b64 %tv;\n\t.reg .b64 %tw;\n\t.reg .b32 %t1;\n\t.reg .b32 %t2;\n\t.reg .b32 %t3;\n"
            f"\tld.param.u64 %fab, [{kern}_param_8];\n\tcvta.to.global.u64 %fab, %fab;\n"
            "\tmov.u32 %t1, %ctaid.y;\n\tmov.u32 %t2, %nctaid.x;\n\tmov.u32 %t3, %ctaid.x;\n"
            "\tmad.lo.u32 %t1, %t1, %t2, %t3;\n\tmov.u32 %t2, %tid.x;\n\tshr.u32 %t2, %t2, 5;\n"
            f"\tmad.lo.u32 %t1, %t1, {WARPS}, %t2;\n\tmul.wide.u32 %tw, %t1, {8 * SLOTS};\n"
            "\tadd.s64 %fab, %fab, %tw;\n\tmov.u64 %tv, %clock64;\n"
            "\tst.global.u64 [%fab], %fa0;\n\tst.global.u64 [%fab+8], %tv;\n\tmov.u64 %faj, 0;\n\t}\n")
    ptx = after(ptx, f"\tld.param.b64 \t%rd18, [{kern}_param_1];\n", base)
    ptx = after(ptx, "\tst.shared.v4.b32 \t[%r55+12288], {%r24, %r25, %r26, %r27};\n", stamp(2))
    ptx = after(ptx, "\tfence.proxy.async.shared::cta;\n", stamp(3))
    # the key loop $L__BB0_2
    ptx = after(ptx, "\tcp.async.wait_group \t0;\n\tbar.sync \t0;\n\tshl.b32 \t%r148", "")
    ptx = ptx.replace("\tcp.async.wait_group \t0;\n\tbar.sync \t0;\n\tshl.b32 \t%r148",
                      "\tcp.async.wait_group \t0;\n\tbar.sync \t0;\n" + stamp(4, "%faj") + "\tshl.b32 \t%r148")
    ptx = after(ptx, "\twgmma.wait_group.sync.aligned 0;\n\t// end inline asm\n$L__tmp1:\n", stamp(5, "%faj"))
    ptx = before(ptx, "$L__tmp10:\n", stamp(6, "%faj"))
    ptx = before(ptx, "$L__tmp11:\n", stamp(7, "%faj"))
    i = ptx.index("$L__tmp20:\n")
    j = ptx.index("\twgmma.fence.sync.aligned;\n", i)
    ptx = ptx[:j] + stamp(8, "%faj") + ptx[j:]
    j = ptx.index("\twgmma.commit_group.sync.aligned;\n", j) + len("\twgmma.commit_group.sync.aligned;\n")
    ptx = ptx[:j] + stamp(9, "%faj") + ptx[j:]
    ptx = after(ptx, "\tbar.sync \t0;\n\tadd.s32 \t%r311", "")
    ptx = ptx.replace("\tbar.sync \t0;\n\tadd.s32 \t%r311", "\tbar.sync \t0;\n" + stamp(10, "%faj") + "\tadd.s32 \t%r311")
    ptx = before(ptx, "\t@%p7 bra \t$L__BB0_2;\n", f"\tadd.s64 %faj, %faj, {8 * PER};\n")
    # after the loop
    i = ptx.index("$L__BB0_3:")
    j = ptx.index("\twgmma.wait_group.sync.aligned 0;\n\t// end inline asm\n", i) + len("\twgmma.wait_group.sync.aligned 0;\n\t// end inline asm\n")
    ptx = ptx[:j] + stamp(32) + ptx[j:]
    j = ptx.index("\tbar.sync \t0;\n", j) + len("\tbar.sync \t0;\n")
    ptx = ptx[:j] + stamp(33) + ptx[j:]
    ptx = after(ptx, "\tbar.sync \t0;\n\tshl.b32 \t%r398", "")
    ptx = ptx.replace("\tbar.sync \t0;\n\tshl.b32 \t%r398", "\tbar.sync \t0;\n" + stamp(34) + "\tshl.b32 \t%r398")
    ptx = before(ptx, "\tret;\n", stamp(35))
    return ptx


def launch_yaml(ev, name, ctas):
    out = [f"# {name}: a stamped TWIN of the evidence kernel {ev} (its PTX) with %clock64 stamps per warp "
           "(microbenchmark family tph; generated by tools/microbench/gen23_flash.py)",
           "# clk holds raw %clock64 stamps: timing data, not compared (ignored) in functional validation"]
    for ln in open(os.path.join(TD, ev, "launch.yaml")).read().splitlines():
        if ln.startswith("#"):
            continue
        if ln.startswith("kernel:"):
            ln = "kernel: " + name
        elif ln.startswith("  b3:"):
            ln += f"\n  clk: {{dtype: u64, shape: [{ctas * WARPS}, {SLOTS}]}}"
        elif ln.startswith("outputs:"):
            ln = "  - {buffer: clk}\noutputs: [b3, clk]\ncompare:\n  clk: {ignore: all}"
        out.append(ln)
    return "\n".join(out) + "\n"


def main():
    ents = []
    for name, ev, ctas, blocks in TWINS:
        with gzip.open(os.path.join(TD, ev, "kernel.ptx.gz"), "rt") as f:
            ptx = f.read()
        out = os.path.join(ROOT, "validation", "microbench", name)
        os.makedirs(out, exist_ok=True)
        head = (f"// sm90sim microbenchmark {name} (tools/microbench/gen23_flash.py): a stamped twin of the\n"
                f"// evidence kernel validation/testdata/{ev} (its PTX with %clock64 stamps); see the generator.\n")
        with gzip.GzipFile(os.path.join(out, "kernel.ptx.gz"), "wb", mtime=0) as f:
            f.write((head + instrument(ptx, name)).encode())
        with open(os.path.join(out, "launch.yaml"), "w") as f:
            f.write(launch_yaml(ev, name, ctas))
        ents.append({"name": name, "family": "tph", "kernel": name, "grid": [1, 1, 1] if ctas == 1 else [2, 2, 1],
                     "block": [256, 1, 1],
                     "meta": {"kind": "phases", "op": f"a stamped twin of the evidence kernel {ev} (its PTX) with "
                              f"%clock64 stamps per warp ({SLOTS} slots: gen23_flash.py)", "evidence": ev,
                              "warps": WARPS, "key_blocks": blocks, "derive": "raw %clock64 per slot; see gen23_flash.py"}})
        print("wrote", out)
    bj = os.path.join(HERE, "benchmarks.json")
    names = [e["name"] for e in ents]
    old = [b for b in json.load(open(bj)) if b["name"] not in names] + ents
    with open(bj, "w") as f:
        json.dump(old, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
