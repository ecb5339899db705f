#!/usr/bin/env bash
# On the device host (no GPU use): run the evidence table in the processes of .devbuild/acc/procs.txt,
# each pinned to its CPUs; logs and a tarball under $OUT. Run from the repo root.
set -uo pipefail
root=$(pwd)
out=${OUT:-/tmp/accout}
mkdir -p "$out/logs"
xz -dc .devbuild/acc/validation.test.xz > /tmp/validation.test && chmod +x /tmp/validation.test
nproc; lscpu | grep -E 'Model name|^CPU\(s\)' || true
start=$(date +%s)
while read -r name cpus parts only; do
  [ "$only" = "-" ] && only=""
  ( cd "$root/validation" && s=$(date +%s) && \
    SM90SIM_ACCURACY=1 SM90SIM_SLOW_CORPUS=1 SM90SIM_ACCURACY_PARTS="$parts" SM90SIM_ACCURACY_ONLY="$only" \
    taskset -c "$cpus" /tmp/validation.test -test.run TestTimingAccuracyTable -test.v -test.timeout 60m \
      > "$out/logs/$name.log" 2>&1; echo "rc $? wall $(( $(date +%s) - s )) s cpus $cpus" >> "$out/logs/$name.log" ) &
done < .devbuild/acc/procs.txt
wait
echo "all done in $(( $(date +%s) - start )) s"
tail -n 1 "$out"/logs/*.log
tar -C "$out" -czf "$out/acc_logs.tgz" logs && rm -rf "$out/logs"
