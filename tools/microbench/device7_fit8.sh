#!/usr/bin/env bash
# fit8 (issue 15, session 5): records the part-7 directories (gen7_fit8.py:
# fence7_*, gmem_chase_l2s_*, redisp7_*) with device.sh's steps (nvcc -ptx,
# ptxas + cuobjdump SASS, mb.py run --runs 5, ncu 3 launches each), from a
# copy of those directories under a scratch root ($1: the folder holding
# them, e.g. .devbuild/fit8/mb). With NOISE=1 (the H100 call) it then re-runs
# the session-4 families on the GPU against their committed H100 recordings:
#   sm90sim calibrate --gpu 0 --from-recordings validation/microbench
#     --recordings-suffix h100 --config h100-sxm --suite ... --record-to DIR
#     --report $OUT/noise.json --group alu_latency
# (alu_latency: a closed-form group whose benchmark is not selected, so no
# fit runs; the report's noise section is this run against the recordings).
# SM90SIM: the sm90sim binary (a CGO build, gzipped). Results in $OUT.
set -u
REPO=$(pwd); SRC=$1
R=/tmp/r7; rm -rf $R; mkdir -p $R/validation/microbench
cp -r $SRC/* $R/validation/microbench/
ln -s $REPO/tools $R/tools
OUT=$OUT BUDGET_S=${BUDGET_S:-200} bash $REPO/tools/microbench/device.sh $R
ncu --query-metrics >/dev/null 2>&1
if [ "${NOISE:-0}" = 1 ]; then
  echo "=== noise $(date -u +%T)"
  gunzip -c $SM90SIM > /tmp/sm90sim && chmod +x /tmp/sm90sim
  S=(--suite l2bw --suite gls --suite t6 --suite c6 --suite idivtput_u64_w4 --suite idivtput_u64_w8
     --suite idivtput_s64_w4 --suite idivtput_u64s_w4 --suite regocc --suite fpalu)
  timeout ${NOISE_S:-300} /tmp/sm90sim calibrate --gpu 0 --from-recordings validation/microbench --recordings-suffix h100 \
    --config h100-sxm "${S[@]}" --group alu_latency --record-to /tmp/rec --report $OUT/noise.json --progress plain \
    > $OUT/noise.txt 2>&1
  echo "noise rc=$?"; grep -A12 'run-to-run' $OUT/noise.txt | head -30
  tar czf $OUT/noise_rec.tgz -C /tmp rec
fi
echo "=== done $(date -u +%T)"
