#!/usr/bin/env bash
# One device call: record the pending TMA store/reduce directories and validate every corpus
# directory with the Go runner (needs .devbuild/vh/sm90sim, built here with cgo and carried):
#   tools/record/device_tma2_validate.sh
# 1. tools/record/record_tma2.sh (TMA2_NAMES: the six pending directories; the probe cases,
#    which isolate the negative-coordinate rule; record.py two runs each + ncu);
# 2. `sm90sim validate` on every validation/testdata/*/ with a launch.yaml (new ones first),
#    with ncu while VAL_NCU_UNTIL seconds of this script have not passed, without after, and
#    no new directory after VAL_STOP seconds; reports into $OUT/validate.tgz, the table into
#    $OUT/summary.txt (tools/record/validate_summary.py).
set -u
cd "$(dirname "$0")/../.."
O=${OUT:-/tmp/dev_out}
mkdir -p "$O"
BIN=.devbuild/vh/sm90sim
NEW="tma_store_clip tma_store_sw128 tma_store_sw128_shift tma_reduce_add tma_reduce_minmax tma_struct_store"
SECONDS=0
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem --format=csv
TMA2_NAMES="$NEW" TMA2_SKIP_OLD=1 tools/record/record_tma2.sh > /dev/null 2>&1
grep -E '^case |NOT RECORDED|RUN FAILED|runs_equal|^===|differ' "$O/tma2.log" | head -80
echo "=== [${SECONDS}s] validate sweep"
V=/tmp/val
mkdir -p "$V"
DIRS=""
for n in $NEW tma_im2col tma_struct_load; do DIRS="$DIRS $n"; done
for d in validation/testdata/*/; do
    n=$(basename "$d")
    [[ " $DIRS " == *" $n "* ]] || DIRS="$DIRS $n"
done
for n in $DIRS; do
    d=validation/testdata/$n
    [ -f "$d/launch.yaml" ] && { [ -f "$d/kernel.ptx" ] || [ -f "$d/kernel.ptx.gz" ]; } || { echo "skip $n (no launch.yaml/kernel.ptx)"; continue; }
    if [ $SECONDS -ge "${VAL_STOP:-290}" ]; then echo "NOT VALIDATED (time): $n"; continue; fi
    ncu=off
    [ $SECONDS -lt "${VAL_NCU_UNTIL:-150}" ] && ncu=auto
    timeout 60 "$BIN" validate "$d/kernel.ptx" --spec "$d/launch.yaml" --ncu $ncu --report "$V/$n.json" > "$V/$n.txt" 2>&1
    echo "$n rc=$? ncu=$ncu t=${SECONDS}s"
done
python3 tools/record/validate_summary.py "$V"/*.json | tee "$O/summary.txt"
tar czf "$O/validate.tgz" -C /tmp val
echo "=== [${SECONDS}s] done"; ls -la "$O"
