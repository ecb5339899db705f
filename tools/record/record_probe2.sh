#!/usr/bin/env bash
# cp.async.cg factor probe (2026-11-25):   tools/record/record_probe2.sh
# Builds tools/record/cpasync_probe2.cu (nvcc -arch=sm_90a -O3, plus its PTX, -arch=compute_90a, for the JIT cases), the
# corpus kernels cpasync_cg_{ramp,sz0,half,tail_w4,sz16,gstride_sz16} and cpasync_pipeline from their
# committed kernel.ptx (copied as is for the driver JIT, and through ptxas -arch=sm_90a), runs the probe
# once plainly, then under ncu (--clock-control none, one profiled launch per case, in batches with
# --launch-skip/--launch-count so a timeout keeps the earlier batches), and prints
# tools/record/probe2_table.py's table. With $OUT set: probe2.log (everything printed), list.txt,
# ncu_<skip>.csv, sass.txt (the probe binary and the corpus cubins), env.txt (nvidia-smi -q, versions).
# PROBE2_PASS=2 (the second device call): also nvcc -cubin of the probe and copies of that cubin in
# which the src-size predicate of pat1's / gen16's LDGSTS.E.BYPASS.128.ZFILL (and of the ISETP that sets
# it) is moved from P0 to P2, P3, P5 or P6 (probe2_p<k>.cubin; only where Pk is unused in the function
# and P0 is not read between the two or after the copy); then the probe's "v2" case list.
# Results: tools/record/ASYNC_FINDINGS.md, "cp.async.cg factor probe".
set -u
cd "$(dirname "$0")/../.."
export PYTHONUNBUFFERED=1
TD=validation/testdata
O=${OUT:-/tmp/probe2_out}
B=/tmp/probe2
BUDGET=${PROBE2_BUDGET:-380}   # seconds for the ncu batches
BATCH=${PROBE2_BATCH:-48}
PASS=${PROBE2_PASS:-1}
V2=""; [ "$PASS" = 2 ] && V2=v2
CORPUS=(cpasync_cg_ramp cpasync_cg_sz0 cpasync_cg_half cpasync_cg_tail_w4 cpasync_cg_sz16 cpasync_cg_gstride_sz16
        cpasync_pipeline)
M="smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ldgsts.sum,\
sm__sass_l1tex_data_bank_conflicts_pipe_lsu_mem_shared_op_ldgsts.sum,\
sm__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ldgsts_cache_bypass.sum,\
sm__sass_l1tex_data_bank_conflicts_pipe_lsu_mem_shared_op_ldgsts_cache_bypass.sum,\
l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ldgsts.sum,\
smsp__sass_inst_executed_op_ldgsts.sum,\
l1tex__data_pipe_lsu_wavefronts_mem_shared.sum"
T0=$(date +%s)
el() { echo $(( $(date +%s) - T0 )); }
stamp() { echo "=== [$(el)s] $*"; }
mkdir -p "$O"
{
rm -rf "$B"; mkdir -p "$B/corpus"
{ nvidia-smi -q | head -40; echo; nvcc --version; echo; ptxas --version; echo; ncu --version; } > "$O/env.txt" 2>&1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv
grep -E 'Release|Version' "$O/env.txt" | grep -v 'VBIOS\|Image' | head -8
stamp "build"
( nvcc -arch=sm_90a -O3 -o "$B/probe2" tools/record/cpasync_probe2.cu -lcuda > "$B/build.txt" 2>&1 ) &
( nvcc -ptx -arch=compute_90a -O3 -o "$B/probe2.ptx" tools/record/cpasync_probe2.cu > "$B/build_ptx.txt" 2>&1 ) &
( nvcc -cubin -arch=sm_90a -O3 -o "$B/probe2.cubin" tools/record/cpasync_probe2.cu > "$B/build_cubin.txt" 2>&1 ) &
for n in "${CORPUS[@]}"; do
    # large corpus PTX is stored as kernel.ptx.gz (validation/testdata/README.md)
    { cat "$TD/$n/kernel.ptx" 2>/dev/null || gzip -dc "$TD/$n/kernel.ptx.gz"; } > "$B/corpus/$n.ptx"
    ( ptxas -arch=sm_90a -o "$B/corpus/$n.cubin" "$B/corpus/$n.ptx" > "$B/corpus/$n.log" 2>&1 ) &
done
wait
cat "$B/build.txt" "$B/build_ptx.txt" "$B/build_cubin.txt" "$B"/corpus/*.log | grep -v '^$' | head -30
if [ "$PASS" = 2 ]; then
stamp "patch the ZFILL predicate register"
python3 - "$B" <<'PYEOF'
import re, struct, subprocess, sys
B = sys.argv[1]
src = B + "/probe2.cubin"
def sass_of(path):
    out = subprocess.run(["cuobjdump", "--dump-sass", path], capture_output=True, text=True).stdout
    funcs, cur = {}, None
    for ln in out.splitlines():
        m = re.search(r"Function : (\S+)", ln)
        if m:
            cur = m.group(1); funcs[cur] = []; continue
        m = re.match(r"\s*/\*([0-9a-f]{4,})\*/\s+(.*?)\s*;", ln)
        if m and cur:
            funcs[cur].append((int(m.group(1), 16), m.group(2).strip()))
    return funcs
def sections(data):
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)
    hdr = [struct.unpack_from("<IIQQQQ", data, shoff + i * shentsize) for i in range(shnum)]
    stroff = hdr[shstrndx][4]
    def name(o):
        e = data.index(b"\0", stroff + o); return data[stroff + o:e].decode()
    return {name(h[0]): h[4] for h in hdr}
funcs = sass_of(src)
data0 = open(src, "rb").read()
secs = sections(data0)
def plan(fn, k):
    ins = funcs[fn]
    text = [t for _, t in ins]
    li = [i for i, t in enumerate(text) if t.startswith("LDGSTS") and "ZFILL" in t]
    if len(li) != 1: return None, "%d ZFILL copies" % len(li)
    li = li[0]
    m = re.search(r",\s*P(\d)$", text[li])
    if not m: return None, "no predicate operand: " + text[li]
    n = int(m.group(1))
    si = max([i for i in range(li) if re.match(r"ISETP\S*\s+P%d," % n, text[i])], default=None)
    if si is None: return None, "no ISETP for P%d" % n
    if any(re.search(r"\bP%d\b" % k, t) for t in text): return None, "P%d used in %s" % (k, fn)
    if any(re.search(r"\bP%d\b" % n, t) for t in text[si + 1:li]): return None, "P%d used between" % n
    for t in text[li + 1:]:
        if re.search(r"\bP%d\b" % n, t):
            if not re.match(r"\S+\s+P%d," % n, t): return None, "P%d read after the copy: %s" % (n, t)
            break
    return (ins[si][0], ins[li][0], n), "ok"
for k in (2, 3, 5, 6):
    data = bytearray(data0)
    for fn in ("pat1", "gen16"):
        p, why = plan(fn, k)
        if p is None:
            print("P%d %s: not patched (%s)" % (k, fn, why)); continue
        so, lo_, n = p
        base = secs.get(".text." + fn)
        words = []
        for off, shift in ((so, 17), (lo_, 23)):
            lo, hi = struct.unpack_from("<QQ", data, base + off) if base else (0, 0)
            words.append((base + off if base else 0, shift, lo, hi))
        if not base or any((hi >> sh) & 7 != n for _, sh, _, hi in words):
            print("P%d %s: NOT PATCHED (field check failed: %s)" % (k, fn, [hex(w[3]) for w in words])); continue
        for a, sh, lo, hi in words:
            struct.pack_into("<QQ", data, a, lo, (hi & ~(7 << sh)) | (k << sh))
        print("P%d %s: ISETP at %#x and LDGSTS at %#x moved from P%d" % (k, fn, so, lo_, n))
    out = B + "/probe2_p%d.cubin" % k
    open(out, "wb").write(data)
    f2 = sass_of(out)
    for fn in ("pat1", "gen16"):
        old = dict(funcs[fn]); new = dict(f2[fn])
        for off in sorted(old):
            if old[off] != new.get(off):
                print("   %s %#06x: %s  ->  %s" % (fn, off, old[off], new.get(off)))
PYEOF
fi
grep -m1 '^\.target' "$B/probe2.ptx"
{
    echo "##### probe2 (nvcc -arch=sm_90a -O3)"; cuobjdump --dump-sass "$B/probe2"
    for n in "${CORPUS[@]}"; do echo "##### $n.cubin (ptxas -arch=sm_90a)"; cuobjdump --dump-sass "$B/corpus/$n.cubin"; done
} > "$O/sass.txt" 2>&1
echo "LDGSTS in the SASS:"
grep -E 'Function|LDGSTS' "$O/sass.txt" | sed 's#/\* 0x[0-9a-f]* \*/##' | tr -s ' ' | head -40
stamp "plain run"
timeout 60 "$B/probe2" "$B/list_plain.txt" "$B" $V2; echo "rc=$?"
grep -vc ' ok$' "$B/list_plain.txt"
head -1 "$B/list_plain.txt"
N=$(grep -c '^[0-9]' "$B/list_plain.txt")
stamp "ncu, $N launches in batches of $BATCH"
CSVS=()
for ((s = 0; s < N; s += BATCH)); do
    left=$(( BUDGET - $(el) ))
    if [ "$left" -lt 30 ]; then echo "no time left for the batch at $s"; break; fi
    timeout "$left" ncu --clock-control none --print-units base --csv --log-file "$O/ncu_$s.csv" \
        --launch-skip "$s" --launch-count "$BATCH" --metrics "$M" \
        "$B/probe2" "$O/list.txt" "$B" $V2 > "$B/ncu_$s.txt" 2>&1
    echo "batch $s: ncu rc=$? rows=$(grep -c '^"[0-9]' "$O/ncu_$s.csv" 2>/dev/null) [$(el)s]"
    tail -3 "$B/ncu_$s.txt"
    CSVS+=("$O/ncu_$s.csv@$s")
done
stamp "table"
python3 tools/record/probe2_table.py "$O/list.txt" "${CSVS[@]}"
stamp done
} 2>&1 | tee "$O/probe2.log"
