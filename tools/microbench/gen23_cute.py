"""Session 23 (helper "cute"): where the small CuTe Hopper tutorial GEMM cute_wgmma_tma_tn (validation/testdata:
an EVIDENCE kernel; 2x2 CTAs in 2x1 clusters, 128 threads = one warpgroup, a 3-stage TMA pipeline over 4 k-tiles
of 64, f16 wgmma m64n64k16 x 4 x 2 per k-tile, wgmma.wait_group 0 every k-tile, a scalar st.global.u16 epilogue)
spends its time, phase by phase.

tph_cute_tn is a STAMPED TWIN of that evidence kernel: its PTX (no kernel.cu) with %clock64 stamps written to an
extra parameter buffer clk[cta][warp][20] (u64, raw %clock64; 0 = not reached), cta = ctaid.y * nctaid.x +
ctaid.x, warp = tid.x / 32 (4 per CTA). Nothing else of the kernel changes (the entry is renamed, a .u64
parameter is appended; the inputs are the evidence's seeded buffers). It is development data for diagnosis
(validation/timing/cute23.md); the evidence kernel's own error never chooses a parameter. Each stamp is
`mov.u64 %clock64` + one st.global.u64 by the active lanes of the warp (same address). Slots:

  0 entry (first instruction; kept in a register, stored with slot 1)
  1 after barrier.cluster.wait (prologue: the mbarrier inits and the cluster barrier)
  2 the producer (warp 0's elected lane): after the first TMA issue of the prologue
  3 $L__BB1_4: after the prologue's 3 stages of TMA issues (the producer) / right after 1 (the others)
  4+i  after the full-barrier wait of k-tile i (i < 4)
  8+i  after k-tile i's wgmma.wait_group 0
  12 the producer: after the mainloop's empty-barrier wait (k-tile 3's refill; one at K = 256)
  13 the producer: after that refill's two TMA issues
  14 the epilogue's start ($L__BB1_10)
  15 the epilogue's end ($L__BB1_13: all its st.global.u16 issued)
  16 (_spin only) after a 4000-cycle %clock64 spin that follows 15

The figure compared is the launch under ncu (caches flushed, as the evidence's cycles.json); the stamps are
diagnosis. `python3 tools/microbench/gen23_cute.py` writes only these directories and their benchmarks.json
entries.

tph_cute_tn_spin: the same with every warp spinning 4000 cycles on %clock64 after stamp 15 (then stamp 16)
before it leaves: what the launch spends after the last stamp besides the epilogue stores' drain."""
import gzip
import json
import os
import re

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..")
EV = os.path.join(ROOT, "validation", "testdata", "cute_wgmma_tma_tn")
NAME = "tph_cute_tn"
OUT = os.path.join(ROOT, "validation", "microbench", NAME)
KERN = "tph_cute_tn"
SLOTS = 20
CTAS, WARPS = 4, 4


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
    ptx = after(ptx, KERN + "_param_10[2]", ",\n.param .u64 " + KERN + "_param_11")
    # the entry stamp stays in a register until the cluster barrier
    ptx = after(ptx, ".reg .b64 %rd<191>;\n", "\n.reg .b64 %tph0;\n.reg .b64 %tphb;\n.reg .b64 %tphj;\n"
                "mov.u64 %tph0, %clock64;\n")
    base = ("{\n.reg .b64 %tv;\n.reg .b64 %tw;\n.reg .b32 %t1;\n.reg .b32 %t2;\n.reg .b32 %t3;\n"
            "mov.u64 %tv, %clock64;\n"
            f"ld.param.u64 %tphb, [{KERN}_param_11];\ncvta.to.global.u64 %tphb, %tphb;\n"
            "mov.u32 %t1, %ctaid.y;\nmov.u32 %t2, %nctaid.x;\nmov.u32 %t3, %ctaid.x;\n"
            "mad.lo.u32 %t1, %t1, %t2, %t3;\nmov.u32 %t2, %tid.x;\nshr.u32 %t2, %t2, 5;\n"
            f"mad.lo.u32 %t1, %t1, {WARPS}, %t2;\nmul.wide.u32 %tw, %t1, {8 * SLOTS};\n"
            "add.s64 %tphb, %tphb, %tw;\nst.global.u64 [%tphb], %tph0;\nst.global.u64 [%tphb+8], %tv;\n"
            "mov.u64 %tphj, 0;\n}\n")
    ptx = after(ptx, "barrier.cluster.wait.aligned;\n", base)
    # prologue: the first TMA issue, the end of the prologue
    mc = re.search(r"cp\.async\.bulk\.tensor\.2d[^\n]*\n", ptx)
    ptx = ptx[:mc.end()] + stamp(2) + ptx[mc.end():]
    ptx = after(ptx, "$L__BB1_4:\n", stamp(3))
    # mainloop ($L__BB1_6 .. @%p13 bra $L__BB1_6): full wait, wgmma wait, the producer's refill
    i = ptx.index("$L__BB1_6:\n")
    j = ptx.index("@%p13 bra $L__BB1_6;", i)
    body = ptx[i:j]
    k = body.index("DONE: \n}\n") + len("DONE: \n}\n")
    body = body[:k] + stamp(4, "%tphj") + body[k:]
    body = after(body, "wgmma.wait_group.sync.aligned 0;\n", stamp(8, "%tphj"))
    k2 = body.index("DONE: \n}\n", k) + len("DONE: \n}\n")
    assert "98328" in body[k:k2]  # the empty barrier's wait
    body = body[:k2] + stamp(12) + body[k2:]
    tm = list(re.finditer(r"cp\.async\.bulk\.tensor\.2d[^\n]*\n", body))
    assert len(tm) == 2, len(tm)
    body = body[:tm[1].end()] + stamp(13) + body[tm[1].end():]
    ptx = ptx[:i] + body + "add.s64 %tphj, %tphj, 8;\n" + ptx[j:]
    # epilogue
    ptx = after(ptx, "$L__BB1_10:\n", stamp(14))
    ptx = after(ptx, "$L__BB1_13:\n", stamp(15) + (SPIN + stamp(16) if spin else ""))
    return ptx


def launch_yaml(name, spin):
    L = open(os.path.join(EV, "launch.yaml")).read().splitlines()
    out = [f"# {name}: a stamped twin of the evidence kernel cute_wgmma_tma_tn (its PTX) with %clock64 stamps per warp "
           + ("and a 4000-cycle spin after the epilogue " if spin else "") +
           "(microbenchmark family tph; generated by tools/microbench/gen23_cute.py)",
           "# clk holds raw %clock64 stamps: timing data, not compared (ignored) in functional validation"]
    for ln in L:
        if ln.startswith("#"):
            continue
        if ln.startswith("kernel:"):
            ln = "kernel: " + KERN
        elif ln.startswith("  b2:"):
            ln = ln + f"\n  clk: {{dtype: u64, shape: [{CTAS * WARPS}, {SLOTS}]}}"
        elif ln.startswith("outputs:"):
            ln = "outputs: [clk]\ncompare:\n  clk: {ignore: all}"  # the GEMM result b2: see RECORDING_NOTE
        out.append(ln)
        if ln.startswith("  - {u16: 0}"):
            out.append("  - {buffer: clk}")
    assert out[-1] != "  - {buffer: clk}" or True
    return "\n".join(out) + "\n"


def write(ptx, spin):
    name = NAME + ("_spin" if spin else "")
    out = OUT + ("_spin" if spin else "")
    os.makedirs(out, exist_ok=True)
    src = instrument(ptx, spin)
    head = ("// sm90sim microbenchmark tph_cute_tn (tools/microbench/gen23_cute.py): a stamped twin of the evidence\n"
            "// kernel validation/testdata/cute_wgmma_tma_tn (its PTX with %clock64 stamps); see the generator.\n")
    with gzip.GzipFile(os.path.join(out, "kernel.ptx.gz"), "wb", mtime=0) as f:
        f.write((head + src).encode())
    y = launch_yaml(name, spin)
    assert y.count("{buffer: clk}") == 1, y
    with open(os.path.join(out, "launch.yaml"), "w") as f:
        f.write(y)
    ent = {"name": name, "family": "tph", "kernel": KERN, "grid": [2, 2, 1], "block": [128, 1, 1], "cluster": [2, 1, 1],
           "meta": {"kind": "phases", "op": "a stamped twin of the evidence kernel cute_wgmma_tma_tn (its PTX) with "
                    f"%clock64 stamps per warp ({SLOTS} slots: gen23_cute.py)", "evidence": "cute_wgmma_tma_tn",
                    "warps": WARPS, "slots": SLOTS, "spin_cycles": 4000 if spin else 0,
                    "derive": "raw %clock64 per slot; see gen23_cute.py"}}
    print("wrote", out)
    return ent


def main():
    with gzip.open(os.path.join(EV, "kernel.ptx.gz"), "rt") as f:
        ptx = f.read()
    ents = [write(ptx, spin) for spin in (False, True)]
    bj = os.path.join(HERE, "benchmarks.json")
    names = [e["name"] for e in ents]
    old = [b for b in json.load(open(bj)) if b["name"] not in names] + ents
    with open(bj, "w") as f:
        json.dump(old, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
