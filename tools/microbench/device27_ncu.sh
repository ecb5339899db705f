#!/usr/bin/env bash
# Session 27, lane ncu (issue 15): one device call, started in the repository root as
# .devbuild/ncu27/run.sh with the cgo binary .devbuild/ncu27/sm90sim.xz (CGO_ENABLED=1 go build
# -trimpath -ldflags='-s -w', xz --x86 -9e). Each part is `sm90sim calibrate --gpu 0 --ncu needed
# --runs 3 --group none` over some families (stopped once its records and its noise line against
# the recordings are written: the evaluation that follows simulates, which is not asked here),
# each with a time cap:
#   drift:   the 5 directories of the 7 figures that moved since recording (repro26.md);
#   mb:      mb.py run --runs 5 on the same 5 (the recordings' tool: the re-recording's files);
#   flushed: the 12 families whose figures come from ncu's flushed launches (118 benchmarks);
#   ncuonly: the 11 families of the 81 benchmarks whose only figure is the launch's ncu cycles.
# Results: $OUT/res.tgz (records per part, calibrate stdout/stderr, mb.py's new files, smi).
set -u
O=${OUT:-/tmp/ncu27_out}; mkdir -p $O; T0=$(date +%s); W=/tmp/ncu27w; rm -rf $W; mkdir -p $W
xz -dc .devbuild/ncu27/sm90sim.xz > /tmp/sm90sim && chmod +x /tmp/sm90sim || exit 1
Q=name,pci.bus_id,driver_version,clocks.sm,clocks.mem,clocks.max.sm,clocks.max.mem,temperature.gpu,power.draw
nvidia-smi --query-gpu=$Q --format=csv > $W/smi.txt 2>&1
which ncu >> $W/smi.txt; ncu --version | tail -1 >> $W/smi.txt
echo "start $(date -u +%FT%TZ) commit $(cat .devbuild/ncu27/commit.txt)" > $W/times.txt
part() { # TAG CAP_S --suite ...
  local tag=$1 cap=$2 t=0 T1=$(date +%s); shift 2
  setsid /tmp/sm90sim calibrate --gpu 0 --ncu needed --from-recordings validation/microbench \
    --config calibration/h200.yaml --runs 3 --progress plain --group none --jobs 16 \
    --record-to $W/rec_$tag "$@" > $W/$tag.out 2> $W/$tag.err &
  local pid=$!
  while kill -0 $pid 2>/dev/null; do
    if grep -q "run-to-run noise" $W/$tag.out; then sleep 1; break; fi
    if [ $t -ge $((cap * 4)) ]; then echo "$tag: cap $cap s reached" >> $W/times.txt; break; fi
    sleep 0.25; t=$((t + 1))
  done
  kill -- -$pid 2>/dev/null; sleep 0.3; kill -9 -- -$pid 2>/dev/null
  echo "$tag: $(ls $W/rec_$tag 2>/dev/null | wc -l) records in $(( $(date +%s) - T1 )) s" >> $W/times.txt
}
DRIFT="tmai_sep_n4_4k_none tmai_sep_n4_4k_128b tmai_sep_n4_16k_none tmai_sep_n8_16k_none tmah_ovl_n32_1k_elect"
S=""; for d in $DRIFT; do S="$S --suite $d"; done
part drift 25 $S
touch $W/marker; T1=$(date +%s)
M=""; for d in $DRIFT; do M="$M validation/microbench/$d"; done
timeout 25 python3 tools/microbench/mb.py run --runs 5 $M > $W/mb.log 2>&1
echo "mb: rc=$? in $(( $(date +%s) - T1 )) s" >> $W/times.txt
find $M -newer $W/marker -type f > $W/mb_files.txt; tar czf $W/mb.tgz -T $W/mb_files.txt
S=""; for f in flushj flushs sfl gmm12 icgap sgp tmaq coldpace tlbc icap; do S="$S --suite $f"; done
part flushed ${CAP_FLUSHED:-105} $S
S=""; for f in empty coldl coop25 t6st tph regocc tailtm tailld tailsk icache ldclat_mix; do S="$S --suite $f"; done
part ncuonly ${CAP_NCUONLY:-80} $S
nvidia-smi --query-gpu=$Q --format=csv,noheader >> $W/smi.txt 2>&1
echo "end $(date -u +%FT%TZ), $(( $(date +%s) - T0 )) s" >> $W/times.txt
(cd $W && tar czf $O/res.tgz --exclude=marker .)
cat $W/times.txt $W/smi.txt; for p in drift flushed ncuonly; do echo "== $p"; grep -A12 "run-to-run noise" $W/$p.out | head -14; tail -3 $W/$p.err; done
