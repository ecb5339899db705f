# cprobe3 twin, part 2 (session 34 lane mbi): W<V>.ptx with V as in cprobe3.cu (1 inits, 4 bar.sync, 8 600-cycle spin, 16 two serial cold parameter loads 256 bytes apart, else one); launch2.yaml; out.npy: t0->ti, ti->tm, tm->t1 as the probe prints them.
# cprobe3 twin with the loads: V bits: 1 inits, 4 bar, 8 spin(600), 16 two serial misses
def ptx(V):
    L=[""".version 8.0
.target sm_90a
.address_size 64
.shared .align 8 .b8 bars[128];
.shared .align 4 .b8 sm[512];
.visible .entry probe(.param .u64 out, .param .u64 pad, .param .align 4 .b8 w[4080])
{
 .reg .pred %p<4>;
 .reg .b32 %r<40>;
 .reg .b64 %rd<20>;
 mov.u64 %rd2, %clock64;
 mov.u32 %r1, %tid.x;
 setp.ne.s32 %p1, %r1, 0;"""]
    if V & 1:
        L.append(" @%p1 bra $L_join;\n mov.u32 %r2, bars;\n mov.u32 %r3, 1;")
        for k in range(6):
            L.append(f" add.s32 %r{4+k}, %r2, {8*k};\n mbarrier.init.shared::cta.b64 [%r{4+k}], %r3;")
        L.append("$L_join:")
    L.append(" mov.u64 %rd3, %clock64;")
    if V & 4: L.append(" bar.sync 0;")
    if V & 8:
        L.append("$L_spin:\n mov.u64 %rd5, %clock64;\n sub.s64 %rd6, %rd5, %rd3;\n setp.lt.u64 %p2, %rd6, 600;\n @%p2 bra $L_spin;")
    L.append(""" mov.u64 %rd4, %clock64;
 mov.u32 %r20, sm;
 shl.b32 %r21, %r1, 2;
 add.s32 %r22, %r20, %r21;
 ld.param.u32 %r23, [w+32];
 mul.lo.s32 %r24, %r1, %r23;""")
    if V & 16:
        L.append(" st.volatile.shared.u32 [%r22], %r24;\n ld.param.u32 %r25, [w+288];\n mul.lo.s32 %r24, %r24, %r25;")
    L.append(""" st.volatile.shared.u32 [%r22], %r24;
 mov.u64 %rd5, %clock64;
 @%p1 bra $L_end;
 ld.param.u64 %rd1, [out];
 cvta.to.global.u64 %rd7, %rd1;
 sub.s64 %rd8, %rd3, %rd2; st.global.u64 [%rd7], %rd8;
 sub.s64 %rd9, %rd4, %rd3; st.global.u64 [%rd7+8], %rd9;
 sub.s64 %rd10, %rd5, %rd4; st.global.u64 [%rd7+16], %rd10;
$L_end:
 ret;
}
""")
    return "\n".join(L)
for v in (8, 9, 4, 5, 0, 23, 20, 24, 31):
    open(f"W{v}.ptx","w").write(ptx(v))
open('launch2.yaml','w').write("kernel: probe\ngrid: [1, 1, 1]\nblock: [32, 1, 1]\nseed: 1\nbuffers:\n  out: {dtype: u64, shape: [3]}\nparams:\n  - {buffer: out}\n  - {u64: 0}\n  - {bytes: 4080}\noutputs: [out]\n")
