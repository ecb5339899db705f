"""Session 25 (helper coop): development twins of the CUTLASS 3.x warp-specialized cooperative GEMM
(example 48's GemmUniversal, KernelTmaWarpSpecializedCooperative, cluster 2x1x1, tile 128x128x32, 7 stages,
tf32 wgmma m64n128k8, the scalar f32 epilogue) at problem shapes no evidence row uses: M = N = 256 (2x2x1
CTAs, 384 threads) with K = 64, 256 and 512 (2, 8 and 16 k-tiles; the evidence rows are 256x256x128,
256x128x256, 1024^3, 1536x1408x1024 and 4096^3).

The kernel is a runtime-shaped template: nvcc 13 of example 48 with these template arguments gives the PTX
that validation/testdata/cutlass_gemm_ws_cooperative_2x1/kernel.ptx.gz holds whatever the problem shape, so
the twins take that PTX (no new compile) and change only what the host side derives from K: the problem
shape's K (the 1 KiB parameter struct's u32 at offset 12), the two tensor maps (dims [K, 256, 1], row
stride 4 K bytes) and the A/B buffers (256 K floats each). The tile scheduler's parameters depend on M, N
and the cluster only and stay as captured.

  coop25_kK_plain   the kernel unchanged (ncu cycles: the model's error on this code without stamps)
  coop25_kK         the same with %clock (32-bit) stamps held in registers and stored once per warp
                        right before the kernel's single `ret` (no st.global between the phases: the
                        session-15 twin tph_cutlass_coop_2x1 stored each stamp at once, which the model
                        charged ~800 cycles against the GPU's ~250): clk[cta][warp][16] u32, cta =
                        ctaid.y * nctaid.x + ctaid.x, warp = tid.x / 32 (12 per CTA); 0 = not taken.
  coop25_k64_nost       (split of the launch's end) coop25_k64 with every epilogue st.global predicated off at run
                        time (its predicate and-ed with K != 64, a parameter ptxas cannot fold: the epilogue's
                        arithmetic and the wgmma stay)
  coop25_k64_exit       (split of the launch's start) coop25_k64 whose warps all branch to the stamp stores at
                        ret right after the tensor-map prefetch (again on K == 64 at run time: the 35 KB of
                        code, the 1 KiB parameters and the launch shape stay); slots 0 and 10 only
Slots (u32 raw %clock):
  0 entry   1 after barrier.cluster.wait   2 before setmaxnreg   3 after it
  producer warp 0 (its elected lane; other lanes 0): 4 first empty-barrier wait passed, 5 first k-tile's two
     TMA issued, 6 last k-tile's TMA issued, 7 producer tail start, 8 its end
  consumers (warps 4-11): 4 first full-barrier wait passed, 5 after k-tile 0's wgmma commit, 6 the last
     full-barrier wait passed (k-tile >= 1), 7 after wgmma.wait_group 0, 8 epilogue start, 9 after the
     epilogue's stores were issued
  10 right before the stores of the stamps at ret (every warp; slots 4-6 and 8 are then the max over the warp's
     lanes, redux.sync: the producer's elected lane)
`python3 tools/microbench/gen25_coop.py` writes only these directories and their benchmarks.json entries."""
import gzip
import json
import os
import re
import struct

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..")
EV = os.path.join(ROOT, "validation", "testdata", "cutlass_gemm_ws_cooperative_2x1")
MB = os.path.join(ROOT, "validation", "microbench")
KS = (64, 256, 512)
SLOTS, CTAS, WARPS = 16, 4, 12
KERN = "coop25"


def after(src, anchor, text, count=1):
    n = src.count(anchor)
    assert n == count, (anchor, n)
    return src.replace(anchor, anchor + text)


def before(src, anchor, text, count=1):
    n = src.count(anchor)
    assert n == count, (anchor, n)
    return src.replace(anchor, text + anchor)


def st(slot):
    return f"mov.u32 %tq{slot}, %clock;\n"


def st_first(slot):
    return (f"{{\n.reg .pred %tqp;\nsetp.eq.u32 %tqp, %tq{slot}, 0;\n@%tqp mov.u32 %tq{slot}, %clock;\n}}\n")


def instrument(ptx):
    m = re.search(r"\.entry (\S+)\(", ptx)
    ptx = ptx.replace(m.group(1), KERN)
    ptx = after(ptx, KERN + "_param_0[1024]", ",\n.param .u64 " + KERN + "_param_1")
    regs = "".join(f"mov.u32 %tq{i}, 0;\n" for i in range(1, 11))
    ptx = after(ptx, ".reg .b64 %rd<450>;\n", "\n.reg .b32 %tq<11>;\nmov.u32 %tq0, %clock;\n" + regs)
    ptx = after(ptx, "barrier.cluster.wait.aligned;\n", st(1))
    ptx = before(ptx, "setmaxnreg.dec.sync.aligned.u32 40;\n", st(2))
    ptx = before(ptx, "setmaxnreg.inc.sync.aligned.u32 232;\n", st(2))
    ptx = after(ptx, "setmaxnreg.dec.sync.aligned.u32 40;\n", st(3))
    ptx = after(ptx, "setmaxnreg.inc.sync.aligned.u32 232;\n", st(3))
    # producer loop ($L__BB0_74): the empty wait, the two TMA issues
    i = ptx.index("$L__BB0_74:\n")
    j = ptx.index("@%p272 bra $L__BB0_74;", i)
    body = ptx[i:j]
    body = after(body, "bra LAB_WAIT; \nDONE: \n}\n", st_first(4))
    mc = re.search(r"cp\.async\.bulk\.tensor\.3d[^\n]*multicast::cluster[^\n]*\n", body)
    body = body[:mc.end()] + st_first(5) + st(6) + body[mc.end():]
    ptx = ptx[:i] + body + ptx[j:]
    ptx = after(ptx, "$L__BB0_88:\n", st(7))
    ptx = before(ptx, "bra.uni $L__BB0_90;\n\n$L__BB0_25:", st(8))
    # consumers
    ptx = after(ptx, "$L__BB0_38:\n", st(4))
    i = ptx.index("$L__BB0_38:\n")
    k = ptx.index("wgmma.commit_group.sync.aligned;\n", i) + len("wgmma.commit_group.sync.aligned;\n")
    ptx = ptx[:k] + st(5) + ptx[k:]
    ptx = after(ptx, "$L__BB0_42:\n", st(6))
    ptx = after(ptx, "wgmma.wait_group.sync.aligned 0;\n", st(7))
    ptx = after(ptx, "$L__BB0_51:\n", st(8))
    ptx = after(ptx, "$L__BB0_55:\n", st(9))
    store = ("{\n.reg .b64 %tqb;\n.reg .b64 %tqw;\n.reg .b32 %tq1_;\n.reg .b32 %tq2_;\n.reg .b32 %tq3_;\n"
             + st(10) +
             "redux.sync.max.u32 %tq4, %tq4, 0xffffffff;\nredux.sync.max.u32 %tq5, %tq5, 0xffffffff;\n"
             "redux.sync.max.u32 %tq6, %tq6, 0xffffffff;\nredux.sync.max.u32 %tq8, %tq8, 0xffffffff;\n" +
             f"ld.param.u64 %tqb, [{KERN}_param_1];\ncvta.to.global.u64 %tqb, %tqb;\n"
             "mov.u32 %tq1_, %ctaid.y;\nmov.u32 %tq2_, %nctaid.x;\nmov.u32 %tq3_, %ctaid.x;\n"
             "mad.lo.u32 %tq1_, %tq1_, %tq2_, %tq3_;\nmov.u32 %tq2_, %tid.x;\nshr.u32 %tq2_, %tq2_, 5;\n"
             f"mad.lo.u32 %tq1_, %tq1_, {WARPS}, %tq2_;\nmul.wide.u32 %tqw, %tq1_, {4 * SLOTS};\n"
             "add.s64 %tqb, %tqb, %tqw;\n"
             "st.global.v4.u32 [%tqb], {%tq0, %tq1, %tq2, %tq3};\n"
             "st.global.v4.u32 [%tqb+16], {%tq4, %tq5, %tq6, %tq7};\n"
             "st.global.v2.u32 [%tqb+32], {%tq8, %tq9};\n"
             "st.global.u32 [%tqb+40], %tq10;\n}\n")
    ptx = before(ptx, "$L__BB0_90:\nret;\n", "", 1)
    ptx = after(ptx, "$L__BB0_90:\n", store)
    assert ptx.count("ret;") == 1
    return ptx


def variant(sptx, kind):
    """nost / exit (K == 64 at run time; see the module doc)"""
    pre = ("{\n.reg .b32 %tqk;\nld.param.u32 %tqk, [%rd98+12];\n" +
           ("setp.ne.u32 %tqn, %tqk, 64;\n}\n" if kind == "nost" else
            "setp.eq.u32 %tqn, %tqk, 64;\n}\n@%tqn bra $L__BB0_90;\n"))
    sptx = after(sptx, "\n.reg .b32 %tq<11>;\n", ".reg .pred %tqn;\n")
    sptx = after(sptx, "\n$L__BB0_2:\n", pre)
    if kind == "nost":
        n = len(re.findall(r"setp\.ne\.b32 p, %r\d+, 0;\n@p st\.global", sptx))
        assert n == 128, n
        sptx = re.sub(r"(setp\.ne\.b32 p, %r\d+, 0;\n)(@p st\.global)", r"\1and.pred p, p, %tqn;\n\2", sptx)
        assert sptx.count("st.global") == 128 + 4
    return sptx


def launch_yaml(name, K, stamped):
    L = open(os.path.join(EV, "launch.yaml")).read().splitlines()
    out = [f"# {name}: CUTLASS example 48's cooperative warp-specialized GEMM (the PTX of cutlass_gemm_ws_cooperative_2x1), "
           f"M = N = 256, K = {K}" + (", %clock stamps held in registers (tools/microbench/gen25_coop.py)" if stamped
                                     else ", unchanged (tools/microbench/gen25_coop.py)")]
    if stamped:
        out.append("# clk holds raw %clock stamps: timing data, not compared (ignored) in functional validation")
    for ln in L:
        if ln.startswith("#"):
            continue
        if ln.startswith("kernel:") and stamped:
            ln = "kernel: " + KERN
        elif ln.startswith("  b0:") or ln.startswith("  b1:"):
            ln = ln.replace("shape: [32768]", f"shape: [{256 * K}]")
            assert str(256 * K) in ln
        elif ln.startswith("  b3:") and stamped:
            ln = ln + f"\n  clk: {{dtype: u32, shape: [{CTAS * WARPS}, {SLOTS}]}}"
        elif ln.startswith("  t0:") or ln.startswith("  t1:"):
            assert "dims: [128, 256, 1], strides: [512, 0]" in ln
            ln = ln.replace("dims: [128, 256, 1], strides: [512, 0]", f"dims: [{K}, 256, 1], strides: [{4 * K}, 0]")
        elif ln.startswith("outputs:"):
            ln = "outputs: [clk]\ncompare:\n  clk: {ignore: all}" if stamped else "outputs: [b3]"
        elif ln.startswith("  - {bytes: 1024"):
            h = re.search(r'hex: "([0-9a-f]+)"', ln).group(1)
            b = bytearray(bytes.fromhex(h))
            assert struct.unpack_from("<III", b, 4) == (256, 256, 128)
            struct.pack_into("<I", b, 12, K)
            ln = ln.replace(h, b.hex())
            if stamped:
                ln += "\n  - {buffer: clk}"
        out.append(ln)
    return "\n".join(out) + "\n"


def main():
    with gzip.open(os.path.join(EV, "kernel.ptx.gz"), "rt") as f:
        ev = f.read()
    sptx = instrument(ev)
    ents = []
    for K in KS:
        for stamped in (False, True):
            name = f"coop25_k{K}" + ("" if stamped else "_plain")
            d = os.path.join(MB, name)
            os.makedirs(d, exist_ok=True)
            head = ("// sm90sim microbenchmark family coop25 (tools/microbench/gen25_coop.py): the PTX of CUTLASS example 48's\n"
                    "// cooperative GEMM (as validation/testdata/cutlass_gemm_ws_cooperative_2x1 holds it)"
                    + (" with %clock stamps in registers\n" if stamped else "\n"))
            with gzip.GzipFile(os.path.join(d, "kernel.ptx.gz"), "wb", mtime=0) as f:
                f.write((head + (sptx if stamped else ev)).encode())
            with open(os.path.join(d, "launch.yaml"), "w") as f:
                f.write(launch_yaml(name, K, stamped))
            ents.append({"name": name, "family": "coop25", "kernel": KERN if stamped else "GemmUniversal",
                         "grid": [2, 2, 1], "block": [384, 1, 1], "cluster": [2, 1, 1],
                         "meta": {"kind": "phases" if stamped else "launch", "k": K, "k_tiles": K // 32,
                                  "stamped": stamped, "warps": WARPS, "slots": SLOTS if stamped else 0,
                                  "op": f"CUTLASS example 48 cooperative GEMM 256x256x{K} (tf32, cluster 2x1)"
                                        + (", register-held %clock stamps" if stamped else ""),
                                  "derive": "ncu cycles; stamps: see gen25_coop.py"}})
            print("wrote", d)
    for kind in ("nost", "exit"):
        name, K = f"coop25_k64_{kind}", 64
        d = os.path.join(MB, name)
        os.makedirs(d, exist_ok=True)
        head = ("// sm90sim microbenchmark family coop25 (tools/microbench/gen25_coop.py): the PTX of CUTLASS example 48's\n"
                f"// cooperative GEMM with %clock stamps in registers, variant {kind}\n")
        with gzip.GzipFile(os.path.join(d, "kernel.ptx.gz"), "wb", mtime=0) as f:
            f.write((head + variant(sptx, kind)).encode())
        with open(os.path.join(d, "launch.yaml"), "w") as f:
            f.write(launch_yaml(name, K, True).replace(
                ", %clock stamps held in registers", f", %clock stamps held in registers, variant {kind}", 1))
        ents.append({"name": name, "family": "coop25", "kernel": KERN, "grid": [2, 2, 1], "block": [384, 1, 1],
                     "cluster": [2, 1, 1],
                     "meta": {"kind": "phases", "k": K, "k_tiles": K // 32, "stamped": True, "variant": kind,
                              "warps": WARPS, "slots": SLOTS,
                              "op": f"CUTLASS example 48 cooperative GEMM 256x256x{K} (tf32, cluster 2x1), "
                                    "register-held %clock stamps, " + ("epilogue stores off at run time" if kind == "nost"
                                                                       else "every warp exits after the prefetch"),
                              "derive": "ncu cycles; stamps: see gen25_coop.py"}})
        print("wrote", d)
    bj = os.path.join(HERE, "benchmarks.json")
    names = {e["name"] for e in ents}
    old = [b for b in json.load(open(bj)) if b["name"] not in names] + ents
    with open(bj, "w") as f:
        json.dump(old, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
