#!/usr/bin/env bash
# bulkst (session 20): record family bulkst (gen22_bulkst.py) on the device, run from the repo root.
# Usage: copy the generated bulkst_* directories (kernel.cu, launch.yaml) into $H (default
# .devbuild/bulkst/mb), one device call with carry [".devbuild/bulkst"]; results: python3
# tools/microbench/collect22_bulkst.py RESULT_DIR [--suffix h100]. The family tbulk (session 21) runs the same
# script through device21_tailbulk.sh: FAMILY (the directory prefix, bulkst), H, TAG (the /tmp names' suffix),
# SASS_SHOW (the directories whose SASS is listed), STAMP_RUNS (runs whose stamps are printed), RUN_T / NCU_T (the
# timeouts in seconds of the 5 runs and of the ncu pass: 90, 200). Steps: nvcc -ptx per directory; ptxas -v +
# cuobjdump SASS of every directory; mb.py run --runs 5 (clock_runs.json, provenance.json, gpu/); ncu (its
# default cache flush) x3 interleaved with --dump keeping each profiled launch's clk (clock_ncu.json).
set -u
FAMILY=${FAMILY:-bulkst}; TAG=${TAG:-22}; SCRIPT=${SCRIPT:-device22_bulkst.sh}
SASS_SHOW=${SASS_SHOW:-bulkst_t1_1k_n4 bulkst_w2_1k_n8 bulkst_t1_1k_n8_cpe bulkst_t1_tile1k_n1}
MB=$(pwd); H=${H:-.devbuild/bulkst/mb}; D=/tmp/$FAMILY$TAG; B=/tmp/b$TAG$FAMILY; F=/tmp/f$TAG$FAMILY; rm -rf $D $B $F; mkdir -p $D $B/env $B/sass $F
T0=$(date +%s); stamp() { echo "=== [$(( $(date +%s) - T0 ))s] $*"; }
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,clocks.max.sm,clocks.max.mem --format=csv > $B/env/nvidia_smi_csv.txt 2>&1
nvidia-smi --query-gpu=name --format=csv,noheader | head -1 > $B/env/gpu_name.txt
nvidia-smi --query-gpu=driver_version --format=csv,noheader | head -1 > $B/env/driver.txt
nvcc --version > $B/env/nvcc_version.txt 2>&1; ncu --version > $B/env/ncu_version.txt 2>&1
cat $B/env/nvidia_smi_csv.txt
stamp compile
cp -rL $H/* $D/
ls -d $D/*_* | xargs -P 8 -I{} sh -c 'nvcc -ptx -arch=sm_90a -O3 -o {}/kernel.ptx {}/kernel.cu > {}/nvcc.txt 2>&1 || { echo FAIL {}; cat {}/nvcc.txt; }'
OK=()
for d in $D/*_*; do
  n=$(basename $d)
  if [ -s $d/kernel.ptx ] && ptxas -arch=sm_90a -v -o $B/$n.cubin $d/kernel.ptx > $B/sass/$n.ptxas.txt 2>&1; then
    cuobjdump --dump-sass $B/$n.cubin > $B/sass/$n.sass 2>&1; rm -f $B/$n.cubin; OK+=($d)
  else echo "PTXAS FAIL $n"; cat $B/sass/$n.ptxas.txt; fi
  rm -f $d/nvcc.txt
done
grep -h "registers" $B/sass/*.ptxas.txt | sort | uniq -c
for f in $B/sass/*.sass; do echo "$(basename $f .sass) UBLKCP.G.S=$(grep -c 'UBLKCP.G.S' $f) UBLKRED=$(grep -c UBLKRED $f) BRA=$(grep -c "BRA" $f) UTMASTG=$(grep -c UTMASTG $f) ELECT=$(grep -c ELECT $f) R2UR=$(grep -c R2UR $f) CS2R=$(grep -c 'CS2R.*SR_CLOCK' $f) FLUSH=$(grep -c UTMACMDFLUSH $f)"; done
for n in $SASS_SHOW; do [ -f $B/sass/$n.sass ] && { echo "--- $n"; grep -E "^ +/\*[0-9a-f]{4}\*/" $B/sass/$n.sass | grep -vE "NOP" | sed -n '/CS2R/,$p' | head -60 | cut -c1-110; }; done
stamp "warm runs (${#OK[@]} dirs)"
timeout ${RUN_T:-90} python3 $MB/tools/microbench/mb.py run --runs 5 "${OK[@]}" > $B/run.log 2>&1; echo "run rc=$?"
grep -iE "error|mismatch|fail" $B/run.log | head -10; tail -3 $B/run.log | cut -c1-300
M0=sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,smsp__inst_executed.sum
L=(); for r in 1 2 3; do L+=("${OK[@]}"); done
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv > $F/host.txt
stamp "ncu --cache-control all: ${#L[@]} launches"
timeout ${NCU_T:-200} ncu --clock-control none --cache-control all --print-units base --csv --metrics $M0 \
  --log-file $F/ncu_all.csv python3 $MB/tools/microbench/mb.py once --order $F/order_all.txt --dump $F/dump_all.jsonl "${L[@]}" > $F/log_all.txt 2>&1
echo "pass all rc=$? launches=$(wc -l < $F/order_all.txt)"
CMD="ncu --clock-control none --cache-control all --print-units base --csv --metrics $M0 python3 tools/microbench/mb.py once --dump (each directory 3 times, interleaved; tools/microbench/$SCRIPT)"
python3 $MB/tools/microbench/mb.py cycles --order $F/order_all.txt --csv $F/ncu_all.csv --env $B/env --command "$CMD" "${OK[@]}" 2>&1 | tail -3
stamp pack
(cd $D && tar czf $OUT/mb.tgz $(for d in *_*; do for f in kernel.ptx clock_runs.json cycles.json provenance.json gpu; do [ -e $d/$f ] && echo $d/$f; done; done))
(cd $F && tar czf $OUT/flushcmp.tgz .)
(cd $B && tar czf $OUT/build.tgz env sass *.log)
D=$D python3 - <<'PY'
import json, glob, os
for d in sorted(glob.glob(os.environ["D"] + "/*_*")):
    p = os.path.join(d, "clock_runs.json")
    if not os.path.exists(p): print(os.path.basename(d), "no clock_runs"); continue
    for x in json.load(open(p))["outputs"][:int(os.environ.get("STAMP_RUNS", "3"))]:
        for w in range(8):
            c = x["clk"][32 * w:32 * w + 32]
            if len(c) < 20 or c[19] == 0: continue
            print(os.path.basename(d), w, [int(v) for v in c[:19]], int(c[19]) % 100000, "sm", int(c[31]))
PY
stamp done
