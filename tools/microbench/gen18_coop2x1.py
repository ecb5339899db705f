"""Session 15 (helper "tail", issue 14): where the small CUTLASS evidence GEMM cutlass_gemm_ws_cooperative_2x1
(validation/testdata: 2x2x1 CTAs in 2x1 clusters, 384 threads, a 7-stage TMA pipeline of 4 k-tiles, tf32 wgmma
m64n128k8, scalar f32 epilogue) spends its time, phase by phase.

tph_cutlass_coop_2x1 is the evidence kernel's PTX (no kernel.cu: CUTLASS's PTX is what the testdata holds) with
%clock64 stamps written to an extra parameter buffer clk[cta][warp][32] (u64, raw %clock64; 0 = not reached),
cta = ctaid.y * nctaid.x + ctaid.x, warp = tid.x / 32 (12 per CTA). Nothing else of the kernel changes (the
entry is renamed, a .u64 parameter is appended; the inputs are the evidence's seeded buffers). Each stamp is
`mov.u64 %clock64` + one st.global.u64 by the active lanes of the warp (same address). Slots:

  0 entry (first instruction; stored at 1)  1 after barrier.cluster.wait (prologue done)
  29 right before setmaxnreg, 2 after it (dec: producer warpgroup 0, inc: consumer warpgroups 1-2)
  producer (warp 0, its elected lane):    3+i after the empty-barrier wait of k-tile i (i < 6)
                                          9+i after k-tile i's two TMA issues (A; B multicast)
                                          15 the producer tail's start (all lanes), 16 after its 7 waits
  consumers (warps 4-11):                 17 after the first full-barrier wait (k-tile 0)
                                          18 after k-tile 0's wgmma commit
                                          19+j after the full-barrier wait of k-tile 1+j (j < 6)
                                          25 after wgmma.wait_group 0, 26 after the stage-release arrive
                                          27 the epilogue's start, 28 after its stores were issued
                                          30 (_spin only) after a 4000-cycle %clock64 spin that follows 28
  (no stamp at ret: a store there waits behind the epilogue's stores)

The figure compared is the launch under ncu (caches flushed, as the evidence's cycles.json); the stamps are
diagnosis (validation/timing/tail15.md). `python3 tools/microbench/gen18_coop2x1.py` writes only this directory
and its benchmarks.json entry.

tph_cutlass_coop_2x1_spin: the same with the consumers spinning 4000 cycles on %clock64 after stamp 28 (then
stamp 30) before they leave: what the launch spends after the last stamp besides the epilogue stores' drain
(the spin hides a drain shorter than 4000 cycles; the exit itself stays)."""
import gzip
import json
import os
import re

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..")
EV = os.path.join(ROOT, "validation", "testdata", "cutlass_gemm_ws_cooperative_2x1")
NAME = "tph_cutlass_coop_2x1"
OUT = os.path.join(ROOT, "validation", "microbench", NAME)
KERN = "tph_cutlass_coop_2x1"
SLOTS = 32
CTAS, WARPS = 4, 12


def stamp(slot, idx=None):
    """%clock64 into clk[...][slot] (idx: a byte-offset register added, for a loop's iterations)."""
    if idx is None:
        return ("{\n.reg .b64 %tv;\nmov.u64 %tv, %clock64;\n"
                f"st.global.u64 [%tphb+{8 * slot}], %tv;\n}}\n")
    return ("{\n.reg .b64 %tv;\n.reg .b64 %ta;\nmov.u64 %tv, %clock64;\n"
            f"add.s64 %ta, %tphb, {idx};\nst.global.u64 [%ta+{8 * slot}], %tv;\n}}\n")


def after(src, anchor, text, count=1):
    n = src.count(anchor)
    assert n == count, (anchor, n)
    return src.replace(anchor, anchor + text)


def before(src, anchor, text, count=1):
    n = src.count(anchor)
    assert n == count, (anchor, n)
    return src.replace(anchor, text + anchor)


SPIN = ("{\n.reg .b64 %s0;\n.reg .b64 %s1;\n.reg .pred %sp;\nmov.u64 %s0, %clock64;\nTPH_SPIN:\n"
        "mov.u64 %s1, %clock64;\nsub.s64 %s1, %s1, %s0;\nsetp.lt.s64 %sp, %s1, 4000;\n@%sp bra TPH_SPIN;\n}\n")


def instrument(ptx, spin=False):
    m = re.search(r"\.entry (\S+)\(", ptx)
    old = m.group(1)
    ptx = ptx.replace(old, KERN)
    # the extra parameter
    ptx = after(ptx, KERN + "_param_0[1024]", ",\n.param .u64 " + KERN + "_param_1")
    # the entry stamp stays in a register until the prologue's cluster barrier (the parameter's address is
    # loaded there, where the prologue has fetched the constants: no added wait at the entry)
    ptx = after(ptx, ".reg .b64 %rd<450>;\n", "\n.reg .b64 %tph0;\n.reg .b64 %tphb;\n.reg .b64 %tphi;\n.reg .b64 %tphj;\n"
                "mov.u64 %tph0, %clock64;\n")
    base = ("{\n.reg .b64 %tv;\n.reg .b64 %tw;\n.reg .b32 %t1;\n.reg .b32 %t2;\n.reg .b32 %t3;\n"
            "mov.u64 %tv, %clock64;\n"
            f"ld.param.u64 %tphb, [{KERN}_param_1];\ncvta.to.global.u64 %tphb, %tphb;\n"
            "mov.u32 %t1, %ctaid.y;\nmov.u32 %t2, %nctaid.x;\nmov.u32 %t3, %ctaid.x;\n"
            "mad.lo.u32 %t1, %t1, %t2, %t3;\nmov.u32 %t2, %tid.x;\nshr.u32 %t2, %t2, 5;\n"
            f"mad.lo.u32 %t1, %t1, {WARPS}, %t2;\nmul.wide.u32 %tw, %t1, {8 * SLOTS};\n"
            "add.s64 %tphb, %tphb, %tw;\nst.global.u64 [%tphb], %tph0;\nst.global.u64 [%tphb+8], %tv;\n"
            "mov.u64 %tphi, 0;\nmov.u64 %tphj, 0;\n}\n")
    ptx = after(ptx, "barrier.cluster.wait.aligned;\n", base)
    ptx = after(ptx, "setmaxnreg.dec.sync.aligned.u32 40;\n", stamp(2))
    ptx = after(ptx, "setmaxnreg.inc.sync.aligned.u32 232;\n", stamp(2))
    ptx = before(ptx, "setmaxnreg.dec.sync.aligned.u32 40;\n", stamp(29))
    ptx = before(ptx, "setmaxnreg.inc.sync.aligned.u32 232;\n", stamp(29))
    # producer loop ($L__BB0_74): the empty wait, the two TMA issues, the iteration counter
    i = ptx.index("$L__BB0_74:\n")
    j = ptx.index("@%p272 bra $L__BB0_74;", i)
    body = ptx[i:j]
    body = after(body, "bra LAB_WAIT; \nDONE: \n}\n", stamp(3, "%tphi"))
    mc = re.search(r"cp\.async\.bulk\.tensor\.3d[^\n]*multicast::cluster[^\n]*\n", body)
    body = body[:mc.end()] + stamp(9, "%tphi") + body[mc.end():]
    ptx = ptx[:i] + body + "add.s64 %tphi, %tphi, 8;\n" + ptx[j:]
    # producer tail ($L__BB0_88 .. bra.uni $L__BB0_90 before $L__BB0_25)
    ptx = after(ptx, "$L__BB0_88:\n", stamp(15))
    ptx = before(ptx, "bra.uni $L__BB0_90;\n\n$L__BB0_25:", stamp(16))
    # consumers
    ptx = after(ptx, "$L__BB0_38:\n", stamp(17))
    i = ptx.index("$L__BB0_38:\n")
    k = ptx.index("wgmma.commit_group.sync.aligned;\n", i) + len("wgmma.commit_group.sync.aligned;\n")
    ptx = ptx[:k] + stamp(18) + ptx[k:]
    ptx = after(ptx, "$L__BB0_42:\n", stamp(19, "%tphj"))
    ptx = before(ptx, "@%p45 bra $L__BB0_40;", "add.s64 %tphj, %tphj, 8;\n")
    ptx = after(ptx, "wgmma.wait_group.sync.aligned 0;\n", stamp(25))
    ptx = after(ptx, "$L__BB0_47:\n", stamp(26))
    ptx = after(ptx, "$L__BB0_51:\n", stamp(27))
    ptx = after(ptx, "$L__BB0_55:\n", stamp(28) + (SPIN + stamp(30) if spin else ""))
    return ptx


def launch_yaml(name, spin):
    L = open(os.path.join(EV, "launch.yaml")).read().splitlines()
    out = [f"# {name}: the evidence kernel cutlass_gemm_ws_cooperative_2x1 (its PTX) with %clock64 stamps per warp "
           + ("and a 4000-cycle spin after the epilogue " if spin else "") +
           "(microbenchmark family tph; generated by tools/microbench/gen18_coop2x1.py)",
           "# clk holds raw %clock64 stamps: timing data, not compared (ignored) in functional validation"]
    for ln in L:
        if ln.startswith("#"):
            continue
        if ln.startswith("kernel:"):
            ln = "kernel: " + KERN
        elif ln.startswith("  b3:"):
            ln = ln + f"\n  clk: {{dtype: u64, shape: [{CTAS * WARPS}, {SLOTS}]}}"
        elif ln.startswith("outputs:"):
            ln = "outputs: [clk]\ncompare:\n  clk: {ignore: all}"  # the GEMM result b3: see RECORDING_NOTE
        elif ln.startswith("tensormaps:") or ln.startswith("params:"):
            pass
        out.append(ln)
        if ln.startswith("  - {bytes: 1024"):
            out.append("  - {buffer: clk}")
    return "\n".join(out) + "\n"


def main():
    with gzip.open(os.path.join(EV, "kernel.ptx.gz"), "rt") as f:
        ptx = f.read()
    ents = []
    for spin in (False, True):
        ents.append(write(ptx, spin))
    bj = os.path.join(HERE, "benchmarks.json")
    names = [e["name"] for e in ents]
    old = [b for b in json.load(open(bj)) if b["name"] not in names] + ents
    with open(bj, "w") as f:
        json.dump(old, f, indent=1)
        f.write("\n")


def write(ptx, spin):
    name = NAME + ("_spin" if spin else "")
    out = OUT + ("_spin" if spin else "")
    os.makedirs(out, exist_ok=True)
    src = instrument(ptx, spin)
    head = ("// sm90sim microbenchmark tph_cutlass_coop_2x1 (tools/microbench/gen18_coop2x1.py): the PTX of\n"
            "// validation/testdata/cutlass_gemm_ws_cooperative_2x1 with %clock64 stamps; see the generator.\n")
    with gzip.GzipFile(os.path.join(out, "kernel.ptx.gz"), "wb", mtime=0) as f:
        f.write((head + src).encode())
    with open(os.path.join(out, "launch.yaml"), "w") as f:
        f.write(launch_yaml(name, spin))
    ent = {"name": name, "family": "tph", "kernel": KERN, "grid": [2, 2, 1], "block": [384, 1, 1], "cluster": [2, 1, 1],
           "meta": {"kind": "phases", "op": "the evidence kernel cutlass_gemm_ws_cooperative_2x1 (its PTX) with %clock64 "
                    "stamps per warp (32 slots: gen18_coop2x1.py)", "evidence": "cutlass_gemm_ws_cooperative_2x1",
                    "warps": WARPS, "spin_cycles": 4000 if spin else 0,
                    "derive": "raw %clock64 per slot; see gen18_coop2x1.py"}}
    print("wrote", out)
    return ent


if __name__ == "__main__":
    main()
