#!/usr/bin/env bash
# Records the hardware side of the sm90sim validation corpus on a real Hopper GPU.
#
#   tools/record/record_all.sh [name ...]     (default: every validation/testdata/*/kernel.cu)
#
# For each corpus directory: nvcc -> kernel.ptx (.target sm_90a), ptxas -v, cuobjdump
# --dump-sass, then record.py runs every kernel twice and saves gpu/ outputs and
# provenance.json, one ncu process profiles one launch of each kernel, and
# record.py finalize writes counters.json and merges the tool outputs into
# provenance.json. With $OUT set (the device tool), results are tarred into
# $OUT/corpus.tgz (validation/testdata) and $OUT/build.tgz (logs, cubins, SASS).
# Needs: nvcc, ptxas, cuobjdump, ncu, nvidia-smi, python3 with numpy and pyyaml.
set -u
cd "$(dirname "$0")/../.."
TD=validation/testdata
B=${RECORD_BUILD:-/tmp/record_build}
OUTDIR=${OUT:-}
LINEINFO=" int_hash divergence_calls transpose_smem transpose_smem_padded smem_strided bar_named "
METRICS="l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum \
l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum \
smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ld.sum smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_st.sum \
smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ldsm.sum smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_stsm.sum \
smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_atom.sum smsp__sass_inst_executed_op_shared_ld.sum \
smsp__sass_inst_executed_op_shared_st.sum sm__cycles_elapsed.max smsp__inst_executed.sum"
# Extra counters for the async-copy / matrix-load corpus (tma_*, mbar_*, cpasync_*, ldsm_*, stsm_*):
# asked for only when such a directory is recorded; names ncu does not know are dropped (listed
# under unavailable_metrics). Any other ldsm/stsm/ldgsts/gmma shared-memory counter that
# `ncu --query-metrics` lists is added too.
ASYNC_RE='^(tma|mbar|cpasync|ldsm|stsm|wg|mma|sp)_'
ASYNC_METRICS="smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ldgsts.sum \
smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_gmma.sum \
sm__sass_l1tex_data_bank_conflicts_pipe_lsu_mem_shared_op_ldsm.sum sm__sass_l1tex_data_bank_conflicts_pipe_lsu_mem_shared_op_stsm.sum \
sm__sass_l1tex_data_bank_conflicts_pipe_lsu_mem_shared_op_ldgsts.sum sm__sass_l1tex_data_bank_conflicts_pipe_lsu_mem_shared_op_gmma.sum \
sm__sass_l1tex_data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum sm__sass_l1tex_data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum \
sm__sass_l1tex_data_bank_conflicts_pipe_lsu_mem_shared.sum sm__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared.sum \
smsp__sass_inst_executed_op_ldsm.sum smsp__sass_inst_executed_op_stsm.sum smsp__sass_inst_executed_op_ldgsts.sum \
l1tex__data_pipe_lsu_wavefronts_mem_shared.sum l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum \
sm__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ldgsts_cache_bypass.sum \
sm__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ldgsts_cache_access.sum \
sm__sass_l1tex_data_bank_conflicts_pipe_lsu_mem_shared_op_ldgsts_cache_bypass.sum \
sm__sass_inst_executed_op_ldgsts_cache_bypass.sum sm__sass_inst_executed_op_ldgsts_cache_access.sum \
sm__sass_l1tex_t_sectors_pipe_lsu_mem_global_op_ldgsts_cache_bypass.sum \
sm__sass_l1tex_t_requests_pipe_lsu_mem_global_op_ldgsts_cache_bypass.sum \
sm__sass_l1tex_m_xbar2l1tex_read_sectors_mem_global_op_ldgsts_cache_bypass.sum lts__t_sectors_srcunit_tex_op_read_lookup_hit.sum \
lts__t_sectors_srcunit_tex_op_read_lookup_miss.sum"
export PYTHONUNBUFFERED=1
T0=$(date +%s)
stamp() { echo "=== [$(( $(date +%s) - T0 ))s] $*"; }

rm -rf "$B"
mkdir -p "$B/env"
if [ $# -gt 0 ]; then NAMES=("$@"); else
    NAMES=()
    for d in "$TD"/*/; do [ -f "$d/kernel.cu" ] || [ -f "$d/kernel.cu.gz" ] || [ -f "$d/kernel.cu.link" ] && NAMES+=("$(basename "$d")"); done
fi
stamp "kernels: ${NAMES[*]}"

# ---------------------------------------------------------------- environment
nvcc --version > "$B/env/nvcc_version.txt" 2>&1
ptxas --version > "$B/env/ptxas_version.txt" 2>&1
ncu --version > "$B/env/ncu_version.txt" 2>&1 || echo "ncu not found" > "$B/env/ncu_version.txt"
{ nvidia-smi -q | head -40; nvidia-smi -q -d CLOCK; } > "$B/env/nvidia_smi_q.txt" 2>&1
uname -a > "$B/env/uname.txt"
SMIQ="name,driver_version,clocks.sm,clocks.mem,clocks.max.sm,clocks.max.mem"
nvidia-smi --query-gpu=$SMIQ --format=csv > "$B/env/nvidia_smi_csv_before.txt" 2>&1
cat "$B/env/nvidia_smi_csv_before.txt" "$B/env/nvcc_version.txt" "$B/env/ncu_version.txt" | grep -v '^$'

# tensor-map enum values of this cuda.h (record.py checks its tables against them)
if nvcc -o "$B/env/tmap_enums" tools/record/tmap_enums.c > "$B/env/tmap_enums_build.txt" 2>&1 \
    && "$B/env/tmap_enums" > "$B/env/tmap_enums.json"; then
    export TMAP_ENUMS_JSON="$B/env/tmap_enums.json"
    cat "$TMAP_ENUMS_JSON"
else
    echo "tmap_enums: build failed"; cat "$B/env/tmap_enums_build.txt"
fi

# ---------------------------------------------------------------- compile
compile_one() {
    local n=$1 d=$TD/$1 k=$B/$1 li=""
    mkdir -p "$k"
    python3 tools/record/gzcompat.py materialize "$d/kernel.cu"   # kernel.cu.gz / .link -> plain (compress_corpus.sh packs it again)
    [[ "$LINEINFO" == *" $n "* ]] && li="-lineinfo"
    local c1="nvcc -ptx -arch=compute_90a -O3 $li -o $d/kernel.ptx $d/kernel.cu"
    if ! $c1 > "$k/nvcc.log" 2>&1 || ! grep -q '^\.target sm_90a' "$d/kernel.ptx"; then
        echo "first nvcc form failed or wrong target; trying -gencode" >> "$k/nvcc.log"
        c1="nvcc -ptx -gencode=arch=compute_90a,code=compute_90a -O3 $li -o $d/kernel.ptx $d/kernel.cu"
        if ! $c1 >> "$k/nvcc.log" 2>&1; then echo FAIL_NVCC > "$k/status"; return; fi
    fi
    echo "$c1" > "$k/commands.txt"
    local c2="ptxas -arch=sm_90a -v -o $k/kernel.cubin $d/kernel.ptx"
    echo "ptxas -arch=sm_90a -v -o kernel.cubin $d/kernel.ptx" >> "$k/commands.txt"
    if ! $c2 > "$k/ptxas.log" 2>&1; then echo FAIL_PTXAS > "$k/status"; return; fi
    cuobjdump --dump-sass "$k/kernel.cubin" > "$k/sass.txt" 2>&1
    echo "cuobjdump --dump-sass kernel.cubin" >> "$k/commands.txt"
    echo OK > "$k/status"
}
for n in "${NAMES[@]}"; do compile_one "$n" & done
wait
OKN=()
for n in "${NAMES[@]}"; do
    s=$(cat "$B/$n/status" 2>/dev/null || echo FAIL_UNKNOWN)
    if [ "$s" = OK ]; then OKN+=("$n"); else
        echo "##### $n: $s"
        cat "$B/$n/nvcc.log" "$B/$n/ptxas.log" 2>/dev/null | head -60
    fi
done
stamp "compiled: ${#OKN[@]} of ${#NAMES[@]}"
for n in "${OKN[@]}"; do
    printf '%-24s %s | %s\n' "$n" "$(grep -m1 '^\.target' $TD/$n/kernel.ptx)" \
        "$(grep -E 'Used|stack frame' $B/$n/ptxas.log | tr -s ' ' | tr '\n' ' ' | cut -c1-150)"
done
DIRS=()
for n in "${OKN[@]}"; do DIRS+=("$TD/$n"); done
[ ${#DIRS[@]} -eq 0 ] && { echo "nothing compiled"; exit 1; }

# ---------------------------------------------------------------- record (2 runs each)
stamp "record runs"
mkdir -p "$B/run_errors"
if [ "${RECORD_ISOLATE:-0}" = 1 ]; then
    # one process per directory (a faulting kernel poisons its CUDA context), with a time limit
    for d in "${DIRS[@]}"; do
        timeout "${RECORD_TIMEOUT:-90}" python3 tools/record/record.py run --status-dir "$B/run_errors" "$d"
        rc=$?
        if [ $rc -ne 0 ] && [ ! -f "$B/run_errors/$(basename "$d").run_error.txt" ]; then
            echo "record.py exit $rc (timeout or crash)" > "$B/run_errors/$(basename "$d").run_error.txt"
        fi
    done
else
    python3 tools/record/record.py run --status-dir "$B/run_errors" "${DIRS[@]}"
fi
nvidia-smi --query-gpu=$SMIQ --format=csv > "$B/env/nvidia_smi_csv.txt" 2>&1
cat "$B/env/nvidia_smi_csv.txt"

# ---------------------------------------------------------------- ncu (one process, one launch per kernel)
RUN_OK=()
for d in "${DIRS[@]}"; do
    n=$(basename "$d")
    [ -f "$B/run_errors/$n.run_error.txt" ] || RUN_OK+=("$d")
done
stamp "ncu metric query"
ncu --query-metrics > "$B/env/ncu_query.txt" 2>&1
USED=""; DROPPED=""
QLINES=$(wc -l < "$B/env/ncu_query.txt")
ASYNC=0
for n in "${NAMES[@]}"; do [[ "$n" =~ $ASYNC_RE ]] && ASYNC=1; done
grep -E '(ldsm|stsm|ldgsts|gmma|LDSM|STSM|LDGSTS|GMMA)' "$B/env/ncu_query.txt" > "$B/env/ncu_query_async.txt" 2>/dev/null
BASE_METRICS=" $METRICS "
if [ $ASYNC = 1 ]; then
    DISC=$(grep -oE '^(smsp|sm|l1tex)__[a-z0-9_]*(ldsm|stsm|ldgsts|gmma)[a-z0-9_]*' "$B/env/ncu_query.txt" \
        | grep -E '(wavefronts|bank_conflicts|inst_executed)' | sed 's/$/.sum/' | sort -u | head -24)
    for m in $ASYNC_METRICS $DISC; do [[ " $METRICS " == *" $m "* ]] || METRICS="$METRICS $m"; done
fi
for m in $METRICS; do
    base=${m%.*}
    if [ "$QLINES" -lt 50 ] || grep -q "^$base\b" "$B/env/ncu_query.txt" || grep -qw "$base" "$B/env/ncu_query.txt"; then
        USED="$USED,$m"
    else
        DROPPED="$DROPPED $m"
    fi
done
USED=${USED#,}
if [ $ASYNC = 1 ] && [ ${#RUN_OK[@]} -gt 0 ] && command -v ncu > /dev/null; then
    # probe: one small kernel with every metric; on failure keep the metrics that work one by one
    PROBE=${RUN_OK[0]}
    for d in "${RUN_OK[@]}"; do [[ "$d" == *cpasync_banks ]] && PROBE=$d; done
    stamp "ncu probe on $PROBE"
    if ! timeout 120 ncu --clock-control none --print-units base --csv --metrics "$USED" \
            python3 tools/record/record.py once "$PROBE" > "$B/env/ncu_probe.txt" 2>&1 \
            || ! grep -q '^"[0-9]' "$B/env/ncu_probe.txt"; then
        echo "probe with all metrics failed; checking one by one"
        KEEP=""
        for m in $(echo "$USED" | tr ',' ' '); do
            if [[ "$BASE_METRICS" == *" $m "* ]]; then KEEP="$KEEP,$m"; continue; fi
            if timeout 60 ncu --clock-control none --csv --metrics "$m" python3 tools/record/record.py once "$PROBE" \
                    > "$B/env/ncu_probe_one.txt" 2>&1 && grep -q '^"[0-9]' "$B/env/ncu_probe_one.txt"; then
                KEEP="$KEEP,$m"
            else
                DROPPED="$DROPPED $m"; echo "dropped $m: $(grep -m1 -i error "$B/env/ncu_probe_one.txt")"
            fi
        done
        USED=${KEEP#,}
    fi
fi
echo "$USED" | tr ',' ' ' > "$B/env/ncu_metrics_used.txt"
echo "$DROPPED" > "$B/env/ncu_metrics_dropped.txt"
echo "metrics used: $USED"
echo "metrics dropped: $DROPPED"
NCU_DISPLAY="ncu --clock-control none --print-units base --csv --log-file $B/ncu.csv --metrics $USED python3 tools/record/record.py once ${RUN_OK[*]:-}"
if [ ${#RUN_OK[@]} -gt 0 ] && command -v ncu > /dev/null; then
    stamp "ncu profile ${#RUN_OK[@]} kernels"
    timeout 420 ncu --clock-control none --print-units base --csv --log-file "$B/ncu.csv" --metrics "$USED" \
        python3 tools/record/record.py once "${RUN_OK[@]}" > "$B/ncu_stdout.txt" 2>&1
    rc=$?
    rows=$(grep -c '^"[0-9]' "$B/ncu.csv" 2>/dev/null || echo 0)
    echo "ncu rc=$rc, csv rows=$rows"
    if [ "$rows" -eq 0 ]; then
        { echo "ncu exit $rc"; tail -20 "$B/ncu_stdout.txt"; tail -20 "$B/ncu.csv" 2>/dev/null; } > "$B/env/ncu_error.txt"
        cat "$B/env/ncu_error.txt"
    fi
else
    echo "ncu not run" > "$B/env/ncu_error.txt"
fi

# ---------------------------------------------------------------- finalize
stamp "finalize"
python3 tools/record/record.py finalize --build "$B" --ncu-csv "$B/ncu.csv" --ncu-cmd "$NCU_DISPLAY" "${DIRS[@]}"
for n in "${NAMES[@]}"; do
    s=$(cat "$B/$n/status" 2>/dev/null || echo FAIL_UNKNOWN)
    [ "$s" = OK ] || echo "NOT RECORDED: $n ($s)"
    [ -f "$B/run_errors/$n.run_error.txt" ] && echo "RUN FAILED: $n: $(cat "$B/run_errors/$n.run_error.txt")"
done
if [ -n "$OUTDIR" ]; then
    tar czf "$OUTDIR/corpus.tgz" "$TD"
    tar czf "$OUTDIR/build.tgz" -C "$(dirname "$B")" "$(basename "$B")"
    ls -la "$OUTDIR"
fi
stamp "done"
