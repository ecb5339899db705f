#!/usr/bin/env bash
# (tools/microbench/device25_calibrate.sh, run as .devbuild/gpu/run.sh) One device call: sm90sim calibrate --gpu 0 over the microbench suite (or the --suite
# prefixes given), records to $OUT/rec.tgz, log to $OUT/calib.log.xz; stops calibrate once
# the records are written (the fit is done off the device), or at BUDGET_S.
#   bash .devbuild/gpu/run.sh [--suite PREFIX ...]     (from the repo root; the binary pieces of calib25_build.sh already in /tmp/gp)
set -u
O=${OUT:-/tmp/gpuout}; mkdir -p $O; T0=$(date +%s)
nvidia-smi --query-gpu=name,pci.bus_id,driver_version,clocks.sm,clocks.mem,clocks.max.sm,clocks.max.mem,temperature.gpu,power.draw --format=csv > $O/smi.txt 2>&1
cat /tmp/gp/part.? > /tmp/gp/sm90sim.xz && xz -dc /tmp/gp/sm90sim.xz > /tmp/sm90sim && chmod +x /tmp/sm90sim || { echo "no binary"; ls -l /tmp/gp; exit 1; }
rm -rf /tmp/rec; mkdir -p /tmp/rec
echo "start $(date -u +%FT%TZ) commit $(cat .devbuild/gpu/commit.txt)" > $O/times.txt
timeout ${BUDGET_S:-440} /tmp/sm90sim calibrate --gpu 0 --from-recordings validation/microbench \
  --config calibration/h200.yaml --runs ${RUNS:-3} --progress plain --group none --jobs 16 \
  --record-to /tmp/rec "$@" > $O/calib.out 2> $O/calib.err &
P=$!
while kill -0 $P 2>/dev/null; do
  if grep -q "run-to-run noise" $O/calib.out 2>/dev/null; then sleep 3; kill $P; break; fi
  sleep 1
done
wait $P; rc=$?
T1=$(date +%s)
echo "calibrate rc=$rc measured+written in $((T1-T0)) s; records $(ls /tmp/rec | wc -l); end $(date -u +%FT%TZ)" >> $O/times.txt
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,temperature.gpu,power.draw --format=csv >> $O/smi.txt 2>&1
tail -c 3000 $O/calib.err > $O/calib.err.tail; xz -9 $O/calib.err
tar czf $O/rec.tgz -C /tmp rec
cat $O/times.txt $O/smi.txt; head -30 $O/calib.out; cat $O/calib.err.tail | tail -5
