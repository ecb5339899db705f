#!/usr/bin/env python3
"""Hand-written PTX of tools/microbench/mbinit27_probe.cu's kernel (session 27, lane mbinit;
validation/timing/mbinit27.md) for the model: k{K}_c{CHAIN}.ptx and launch.yaml in DIR. Then
  sm90sim run DIR/k6_c1.ptx --spec DIR/launch.yaml --mode timed --config calibration/h200.yaml --out DIR
and out.npy holds (x0-e0, x1-x0, x2-x1, t0-x2) as the probe prints them. Not nvcc's PTX: the init
addresses are adds (ptxas folds them: SYNCS.EXCH.64 [UR6+0x8]), no spin variants.
usage: mbinit27_ptx.py DIR"""
import os
import sys


def ptx(K, chain):
    L = [""".version 8.0
.target sm_90a
.address_size 64
.shared .align 8 .b8 bars[128];
.visible .entry probe(.param .u64 out, .param .u32 lim)
{
 .reg .pred %p<4>;
 .reg .b32 %r<40>;
 .reg .b64 %rd<20>;
 ld.param.u64 %rd1, [out];
 ld.param.u32 %r30, [lim];
 mov.u32 %r1, %tid.x;
 mov.u64 %rd2, 0; mov.u64 %rd3, 0; mov.u64 %rd4, 0; mov.u64 %rd5, 0;
 setp.ne.s32 %p1, %r1, 0;
 @%p1 bra $L_join;
 mov.u64 %rd2, %clock64;
 mov.u32 %r2, bars;
 mov.u32 %r3, 1;"""]
    for k in range(K):
        L.append(f" add.s32 %r{4 + k}, %r2, {8 * k};\n mbarrier.init.shared::cta.b64 [%r{4 + k}], %r3;")
    L.append(""" mov.u64 %rd3, %clock64;
 fence.mbarrier_init.release.cluster;
 mov.u64 %rd4, %clock64;
 mov.u64 %rd5, %clock64;
$L_join:""")
    if chain:
        L.append(""" mov.u32 %r20, %nctaid.x;
 mov.u32 %r21, %ctaid.y;
 mov.u32 %r22, %ctaid.x;
 mad.lo.s32 %r23, %r21, %r20, %r22;
 setp.ge.u32 %p2, %r23, %r30;
 @%p2 bra $L_skip;
 bar.sync 0;
$L_skip:""")
    else:
        L.append(" bar.sync 0;")
    L.append(""" mov.u64 %rd6, %clock64;
 @%p1 bra $L_end;
 cvta.to.global.u64 %rd7, %rd1;
 sub.s64 %rd8, %rd3, %rd2; st.global.u64 [%rd7], %rd8;
 sub.s64 %rd9, %rd4, %rd3; st.global.u64 [%rd7+8], %rd9;
 sub.s64 %rd10, %rd5, %rd4; st.global.u64 [%rd7+16], %rd10;
 sub.s64 %rd11, %rd6, %rd5; st.global.u64 [%rd7+24], %rd11;
$L_end:
 ret;
}
""")
    return "\n".join(L)


def main():
    d = sys.argv[1]
    os.makedirs(d, exist_ok=True)
    for K in (0, 1, 6, 12):
        for c in (0, 1):
            with open(os.path.join(d, f"k{K}_c{c}.ptx"), "w") as f:
                f.write(ptx(K, c))
    with open(os.path.join(d, "launch.yaml"), "w") as f:
        f.write("kernel: probe\ngrid: [1, 1, 1]\nblock: [384, 1, 1]\nseed: 1\nbuffers:\n"
                "  out: {dtype: u64, shape: [4]}\nparams:\n  - {buffer: out}\n  - {u32: 1000000}\noutputs: [out]\n")


if __name__ == "__main__":
    main()
