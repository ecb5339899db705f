#!/usr/bin/env bash
# Re-runs every recorded corpus directory (or the named ones) in a fresh process
# on copies under /tmp/rerun and compares the outputs with the recorded gpu/ files:
# a check that the recordings do not depend on the process (addresses, allocation).
#   tools/record/verify_rerun.sh [name ...]
set -u
cd "$(dirname "$0")/../.."
TD=validation/testdata
R=/tmp/rerun
rm -rf "$R"; mkdir -p "$R"
if [ $# -gt 0 ]; then NAMES=("$@"); else
    NAMES=(); for d in "$TD"/*/; do { [ -f "$d/kernel.ptx" ] || [ -f "$d/kernel.ptx.gz" ]; } && NAMES+=("$(basename "$d")"); done
fi
DIRS=()
for n in "${NAMES[@]}"; do cp -r "$TD/$n" "$R/$n"; rm -rf "$R/$n/gpu"; DIRS+=("$R/$n"); done
python3 tools/record/record.py run "${DIRS[@]}" > "$R/run.log" 2>&1 || cat "$R/run.log"
bad=0
for n in "${NAMES[@]}"; do
    if python3 tools/record/compare_outputs.py "$TD/$n" "$R/$n" > "$R/$n.cmp" 2>&1; then
        echo "rerun $n: identical"
    else
        bad=1; echo "rerun $n: DIFFERS"; head -20 "$R/$n.cmp"
    fi
done
exit $bad
