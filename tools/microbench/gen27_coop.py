"""Session 27 (helper coop): the coop25 twins (gen25_coop.py) with %globaltimer beside the %clock stamps, to
tell the SM clock the stamped span ran at (Δ%clock / Δ%globaltimer) from time after the last `ret`.

coop25.md found the GPU's launch minus its stamped span (ncu cycles minus the latest `ret` %clock stamp) 700-1000
cycles above the model's. Either the GPU does something after `ret`, or its %clock ran slower than the clock
ncu reports (tensorclock.md: wgmma spans run at ~1720-1780 MHz on a launch ncu reports at ~1950; the model's
tensor_clock_cap stretch covers only the tensor-active window). %globaltimer (ns) at entry, at the epilogue's
start and at `ret` separates the two.

  coop27_kK       (K = 64, 256, 512) coop25_kK plus: slot 11 %globaltimer_lo at entry (every warp), 12 at the
                  epilogue start (consumers, beside slot 8), 13 at ret (every warp, beside slot 10), 14 %smid
  coop27_k64_nost coop25_k64_nost plus the same (epilogue stores off at run time)
Slots 0-10 are gen25_coop.py's. `python3 tools/microbench/gen27_coop.py` writes only these directories and their
benchmarks.json entries."""
import gzip
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen25_coop as g  # noqa: E402

MB = g.MB
KS = (64, 256, 512)


def add_gt(ptx):
    assert ptx.count("\n.reg .b32 %tq<11>;\n") == 1 and ptx.count("mov.u32 %tq0, %clock;\n") == 1
    ptx = ptx.replace("\n.reg .b32 %tq<11>;\n", "\n.reg .b32 %tq<15>;\n")
    ptx = ptx.replace("mov.u32 %tq0, %clock;\n", "mov.u32 %tq0, %clock;\nmov.u32 %tq11, %globaltimer_lo;\n"
                      "mov.u32 %tq12, 0;\nmov.u32 %tq14, %smid;\n")
    # consumers' epilogue start (gen25's slot 8 after $L__BB0_51)
    a = "$L__BB0_51:\nmov.u32 %tq8, %clock;\n"
    assert ptx.count(a) == 1
    ptx = ptx.replace(a, a + "mov.u32 %tq12, %globaltimer_lo;\n")
    a = "mov.u32 %tq10, %clock;\n"
    assert ptx.count(a) == 1
    ptx = ptx.replace(a, a + "mov.u32 %tq13, %globaltimer_lo;\n")
    a = "st.global.u32 [%tqb+40], %tq10;\n"
    assert ptx.count(a) == 1
    ptx = ptx.replace(a, a + "st.global.u32 [%tqb+44], %tq11;\nst.global.v2.u32 [%tqb+48], {%tq12, %tq13};\n"
                      "st.global.u32 [%tqb+56], %tq14;\n")
    return ptx


def main():
    with gzip.open(os.path.join(g.EV, "kernel.ptx.gz"), "rt") as f:
        ev = f.read()
    sptx = g.instrument(ev)
    ents = []
    for K, kind in [(k, None) for k in KS] + [(64, "nost")]:
        name = f"coop27_k{K}" + (f"_{kind}" if kind else "")
        p = add_gt(g.variant(sptx, kind) if kind else sptx)
        d = os.path.join(MB, name)
        os.makedirs(d, exist_ok=True)
        head = ("// sm90sim microbenchmark family coop27 (tools/microbench/gen27_coop.py): the PTX of CUTLASS example 48's\n"
                "// cooperative GEMM with %clock and %globaltimer stamps in registers" + (f", variant {kind}\n" if kind else "\n"))
        with gzip.GzipFile(os.path.join(d, "kernel.ptx.gz"), "wb", mtime=0) as f:
            f.write((head + p).encode())
        y = g.launch_yaml(name, K, True).replace("(tools/microbench/gen25_coop.py)", "(tools/microbench/gen27_coop.py)")
        y = y.replace(", %clock stamps held in registers", ", %clock and %globaltimer stamps held in registers"
                      + (f", variant {kind}" if kind else ""), 1)
        y = y.replace("clk holds raw %clock stamps", "clk holds raw %clock / %globaltimer_lo / %smid stamps")
        with open(os.path.join(d, "launch.yaml"), "w") as f:
            f.write(y)
        ents.append({"name": name, "family": "coop27", "kernel": g.KERN, "grid": [2, 2, 1], "block": [384, 1, 1],
                     "cluster": [2, 1, 1],
                     "meta": {"kind": "phases", "k": K, "k_tiles": K // 32, "stamped": True, "warps": g.WARPS,
                              "slots": g.SLOTS, "globaltimer": True, **({"variant": kind} if kind else {}),
                              "op": f"CUTLASS example 48 cooperative GEMM 256x256x{K} (tf32, cluster 2x1), "
                                    "register-held %clock and %globaltimer stamps"
                                    + (", epilogue stores off at run time" if kind else ""),
                              "derive": "ncu cycles; stamps: see gen27_coop.py"}})
        print("wrote", d)
    bj = os.path.join(os.path.dirname(os.path.abspath(__file__)), "benchmarks.json")
    names = {e["name"] for e in ents}
    old = [b for b in json.load(open(bj)) if b["name"] not in names] + ents
    with open(bj, "w") as f:
        json.dump(old, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
