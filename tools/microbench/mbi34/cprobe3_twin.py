# cprobe3 twin, part 1 (sgp34 probe, session 34 lane mbi): V8/V9/V10/V11/V4-V7, stamps t0 (entry) / ti (after the join) / tm (after the optional bar.sync); run: python3 this.py in an empty folder, then sm90sim run Vn.ptx --spec launch.yaml --mode timed --config YAML --out DIR (out.npy: t0->ti, ti->tm). Part 2 (with the cold parameter loads) is cprobe3_twin_loads.py.
import sys
def ptx(inits, fence, branch, bar):
    L=[""".version 8.0
.target sm_90a
.address_size 64
.shared .align 8 .b8 bars[128];
.visible .entry probe(.param .u64 out)
{
 .reg .pred %p<4>;
 .reg .b32 %r<40>;
 .reg .b64 %rd<20>;
 mov.u64 %rd2, %clock64;
 mov.u32 %r1, %tid.x;
 setp.ne.s32 %p1, %r1, 0;"""]
    if branch:
        L.append(" @%p1 bra $L_join;")
        if inits:
            L.append(" mov.u32 %r2, bars;\n mov.u32 %r3, 1;")
            for k in range(6):
                L.append(f" add.s32 %r{4+k}, %r2, {8*k};\n mbarrier.init.shared::cta.b64 [%r{4+k}], %r3;")
        if fence:
            L.append(" fence.mbarrier_init.release.cluster;")
        L.append("$L_join:")
    L.append(" mov.u64 %rd3, %clock64;")
    if bar: L.append(" bar.sync 0;")
    L.append(""" mov.u64 %rd4, %clock64;
 @%p1 bra $L_end;
 ld.param.u64 %rd1, [out];
 cvta.to.global.u64 %rd7, %rd1;
 sub.s64 %rd8, %rd3, %rd2; st.global.u64 [%rd7], %rd8;
 sub.s64 %rd9, %rd4, %rd3; st.global.u64 [%rd7+8], %rd9;
$L_end:
 ret;
}
""")
    return "\n".join(L)
V={'V8':(0,0,0,0),'V10':(0,1,1,0),'V9':(1,0,1,0),'V11':(1,1,1,0),'V4':(0,0,0,1),'V5':(1,0,1,1),'V6':(0,1,1,1),'V7':(1,1,1,1)}
for k,v in V.items(): open(k+'.ptx','w').write(ptx(*v))
open('launch.yaml','w').write("kernel: probe\ngrid: [1, 1, 1]\nblock: [32, 1, 1]\nseed: 1\nbuffers:\n  out: {dtype: u64, shape: [2]}\nparams:\n  - {buffer: out}\noutputs: [out]\n")
