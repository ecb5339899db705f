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
# Optional speed check (issue 13: timed int_hash per core on this host's CPUs), after the table so nothing
# else runs: .devbuild/acc/gpu_*.test.xz (PGO test binaries of ./sim/gpu, e.g. gpu_base and gpu_new),
# run alternately on one pinned CPU, three rounds, then the functional benchmark once each.
bins=$(ls .devbuild/acc/gpu_*.test.xz 2>/dev/null)
if [ -n "$bins" ]; then
  for b in $bins; do xz -dc "$b" > "/tmp/$(basename "$b" .xz)" && chmod +x "/tmp/$(basename "$b" .xz)"; done
  bench() { # binary name, benchmark pattern, label
    echo "== $1 $3" >> "$out/speed.log"
    (cd "$root/sim/gpu" && taskset -c 3 "/tmp/$1" -test.run XXX -test.bench "$2" -test.benchtime 3x -test.cpu 1) \
      >> "$out/speed.log" 2>&1
  }
  for round in 1 2 3; do
    for b in $bins; do bench "$(basename "$b" .xz)" 'BenchmarkIntHashTimed$' "round $round"; done
  done
  for b in $bins; do bench "$(basename "$b" .xz)" 'BenchmarkIntHash$' functional; done
  grep -E '^(==|Benchmark)' "$out/speed.log"
fi
