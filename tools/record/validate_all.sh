#!/usr/bin/env bash
# Runs `sm90sim validate` (GPU vs simulator, every output) over every corpus directory on the device.
# Build first (here, cgo on): CGO_ENABLED=1 go build -ldflags='-s -w' -o .devbuild/sm90sim ./cmd/sm90sim; then on the
# device, with carry [".devbuild"]: bash tools/record/validate_all.sh
# $OUT gets gpu.txt, summary.txt (one line per directory: exit code, seconds) and rep.tgz (the reports).
set -u
mkdir -p $OUT/rep
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem --format=csv > $OUT/gpu.txt 2>&1
nvidia-smi -q | head -30 >> $OUT/gpu.txt
one() {
  d=$1; n=$(basename $d)
  s=$(date +%s)
  timeout 300 .devbuild/sm90sim validate $d/kernel.ptx --spec $d/launch.yaml --ncu off --repeat 0 --jobs 4 --report $OUT/rep/$n.json > $OUT/rep/$n.txt 2>&1
  rc=$?
  echo "$n rc=$rc secs=$(( $(date +%s) - s ))" >> $OUT/summary.txt
}
export -f one
ls -d validation/testdata/*/ | sed 's#/$##' | xargs -P 4 -I{} bash -c 'one {}'
cd $OUT && tar czf rep.tgz rep && rm -rf rep
sort $OUT/summary.txt | awk '{print $2}' | sort | uniq -c
grep -v "rc=0" $OUT/summary.txt
