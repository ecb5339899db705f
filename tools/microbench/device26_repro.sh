#!/usr/bin/env bash
# repro26, one device call (from the repo root): join the binary's pieces (/tmp/repro26, this
# call's own piece from .devbuild/repro), then
#  1. sm90sim calibrate --gpu 0 over the whole suite (each family in a process of its own), records
#     to $OUT/rec.tgz; stopped once the records and the noise summary are written;
#  2. order checks: `sm90sim gpu measure` (one process, a fresh context per family, as the old
#     runner had per benchmark) on 9 moved benchmarks alone, after gmem_chase_1g, after gmem_copy_c132.
set -u
O=${OUT:-/tmp/repro_out}; mkdir -p $O; T0=$(date +%s); G=/tmp/repro26; mkdir -p $G
cp .devbuild/repro/part.* $G/ 2>/dev/null
BIN=${BIN:-}
if [ -z "$BIN" ]; then
  W=$(cut -d' ' -f1 .devbuild/repro/sha.txt)
  cat $G/part.? > $G/x.xz && [ "$(sha256sum < $G/x.xz | cut -d' ' -f1)" = "$W" ] \
    && xz -dc $G/x.xz > $G/sm90sim && chmod +x $G/sm90sim || { echo "no binary"; ls -l $G; exit 1; }
  BIN=$G/sm90sim
fi
Q=name,pci.bus_id,driver_version,clocks.sm,clocks.mem,clocks.max.sm,clocks.max.mem,temperature.gpu,power.draw,persistence_mode
nvidia-smi --query-gpu=$Q --format=csv > $O/smi.txt 2>&1
echo "start $(date -u +%FT%TZ) commit $(cat .devbuild/repro/commit.txt)" > $O/times.txt
rm -rf /tmp/repro_rec
timeout ${BUDGET_S:-330} $BIN calibrate --gpu 0 --from-recordings validation/microbench \
  --config calibration/h200.yaml --runs 3 --progress plain --group none --jobs 16 \
  --record-to /tmp/repro_rec ${SUITE:-} > $O/calib.out 2> $O/calib.err &
P=$!
while kill -0 $P 2>/dev/null; do
  if grep -q "run-to-run noise" $O/calib.out 2>/dev/null; then sleep 2; kill $P; break; fi
  sleep 0.5
done
wait $P; rc=$?
T1=$(date +%s)
echo "calibrate rc=$rc measured+written in $((T1-T0)) s; records $(ls /tmp/repro_rec | wc -l); end $(date -u +%FT%TZ)" >> $O/times.txt
nvidia-smi --query-gpu=$Q --format=csv,noheader >> $O/smi.txt 2>&1
tar czf $O/rec.tgz -C /tmp repro_rec
tail -c 4000 $O/calib.err > $O/calib.err.tail; xz -9 -f $O/calib.err
M="cluster_bar_c2_relaxed cluster_bar_c4_relaxed t6rep_cpfp l2bw_ld_c8 psink_mid_clu_w1 coldc_s32 bulk18_cp16_n1 smrh_d200 tma_load_32b_4k_lat"
for v in alone:"" chase1g:gmem_chase_1g copy132:gmem_copy_c132; do
  t=${v%%:*}; h=${v#*:}
  timeout ${DIAG_S:-40} $BIN gpu measure --from-recordings validation/microbench --runs 3 $h $M > $O/d_$t.jsonl 2> $O/d_$t.err
  echo "diag $t rc=$? at $(( $(date +%s)-T0 )) s" >> $O/times.txt
done
cat $O/times.txt $O/smi.txt; head -40 $O/calib.out; tail -3 $O/calib.err.tail
