#!/usr/bin/env bash
# Records the cluster corpus (validation/testdata/cluster_*) and measures cluster placement, in one
# device call, without ncu (device time was short; counters.json says so):
#   tools/record/record_cluster.sh
# Compiles each kernel.cu with nvcc -ptx -arch=compute_90a -O3 (ptxas -v, cuobjdump SASS), runs
# record.py run (two launches on fresh buffers) per directory with a time limit, then
# tools/record/cluster_gpc.cu (occupancy of clusters 1..16 and %smid of co-resident cluster CTAs),
# record.py finalize. With $OUT set: $OUT/cluster_corpus.tgz, $OUT/cluster_build.tgz,
# $OUT/cluster_gpc.txt, $OUT/cluster.log.
set -u
cd "$(dirname "$0")/../.."
export PYTHONUNBUFFERED=1
TD=validation/testdata
B=${RECORD_BUILD:-/tmp/record_build}
O=${OUT:-/tmp}
T0=$(date +%s)
stamp() { echo "=== [$(( $(date +%s) - T0 ))s] $*"; }
NAMES=(cluster_ring_2 cluster_ring_4 cluster_ring_8 cluster_reduce cluster_tma_multicast cluster_gemm_multicast)
{
rm -rf "$B"; mkdir -p "$B/env" "$B/run_errors"
nvcc --version > "$B/env/nvcc_version.txt" 2>&1
ptxas --version > "$B/env/ptxas_version.txt" 2>&1
{ nvidia-smi -q | head -40; } > "$B/env/nvidia_smi_q.txt" 2>&1
uname -a > "$B/env/uname.txt"
SMIQ="name,driver_version,clocks.sm,clocks.mem,clocks.max.sm,clocks.max.mem"
nvidia-smi --query-gpu=$SMIQ --format=csv > "$B/env/nvidia_smi_csv.txt" 2>&1
cat "$B/env/nvidia_smi_csv.txt"; tail -2 "$B/env/nvcc_version.txt"
echo "ncu not run: the cluster corpus was recorded in one short device call" > "$B/env/ncu_error.txt"
( nvcc -arch=sm_90a -O2 -o "$B/cluster_gpc" tools/record/cluster_gpc.cu > "$B/gpc_build.txt" 2>&1; echo $? > "$B/gpc_build.rc" ) &
compile_one() {
    local n=$1 d=$TD/$1 k=$B/$1
    mkdir -p "$k"
    python3 tools/record/gzcompat.py materialize "$d/kernel.cu"   # kernel.cu.gz / .link -> plain (compress_corpus.sh packs it again)
    local c1="nvcc -ptx -arch=compute_90a -O3 -o $d/kernel.ptx $d/kernel.cu"
    if ! $c1 > "$k/nvcc.log" 2>&1; then echo FAIL_NVCC > "$k/status"; return; fi
    echo "$c1" > "$k/commands.txt"
    echo "ptxas -arch=sm_90a -v -o kernel.cubin $d/kernel.ptx" >> "$k/commands.txt"
    if ! ptxas -arch=sm_90a -v -o "$k/kernel.cubin" "$d/kernel.ptx" > "$k/ptxas.log" 2>&1; then echo FAIL_PTXAS > "$k/status"; return; fi
    cuobjdump --dump-sass "$k/kernel.cubin" > "$k/sass.txt" 2>&1
    echo "cuobjdump --dump-sass kernel.cubin" >> "$k/commands.txt"
    echo OK > "$k/status"
}
for n in "${NAMES[@]}"; do compile_one "$n" & done
wait
stamp compiled
DIRS=()
for n in "${NAMES[@]}"; do
    s=$(cat "$B/$n/status" 2>/dev/null || echo FAIL)
    echo "$n: $s $(grep -m1 '^\.target' $TD/$n/kernel.ptx 2>/dev/null) $(grep -E 'Used' $B/$n/ptxas.log 2>/dev/null | tr -s ' ' | head -1)"
    if [ "$s" = OK ]; then DIRS+=("$TD/$n"); else cat "$B/$n/nvcc.log" "$B/$n/ptxas.log" 2>/dev/null | head -30; fi
done
for d in "${DIRS[@]}"; do
    timeout 40 python3 tools/record/record.py run --status-dir "$B/run_errors" "$d"
    rc=$?
    [ $rc -ne 0 ] && [ ! -f "$B/run_errors/$(basename "$d").run_error.txt" ] && echo "record.py exit $rc (timeout or crash)" > "$B/run_errors/$(basename "$d").run_error.txt"
done
stamp recorded
echo "gpc build rc $(cat $B/gpc_build.rc 2>/dev/null)"; head -20 "$B/gpc_build.txt"
[ -x "$B/cluster_gpc" ] && timeout 60 "$B/cluster_gpc" > "$O/cluster_gpc.txt" 2>&1
echo "cluster_gpc rc $?"; grep -v '^cta' "$O/cluster_gpc.txt" | head -40
grep '^cta resident' "$O/cluster_gpc.txt" | awk '{print $3, ($8==0?"none":"")}' | sort | uniq -c | head -20
stamp gpc
[ ${#DIRS[@]} -gt 0 ] && python3 tools/record/record.py finalize --build "$B" "${DIRS[@]}"
for n in "${NAMES[@]}"; do [ -f "$B/run_errors/$n.run_error.txt" ] && echo "RUN FAILED: $n: $(cat "$B/run_errors/$n.run_error.txt")"; done
tar czf "$O/cluster_corpus.tgz" $TD/cluster_*
tar czf "$O/cluster_build.tgz" -C "$(dirname "$B")" "$(basename "$B")"
stamp done
} 2>&1 | tee "$O/cluster.log"
