#!/usr/bin/env python3
"""The timed tests' share of a `go test -json ./...` log (issue 13's CI budget:
validation/timing/issue13.md, "Timed tests"; validation/timing/ci30.md).

    python3 tools/ci/timed_budget.py log.json

Counts: the packages that are all timing (sim/engine, sim/sm, validation/calibrate) by
their package wall (the test binary's Elapsed); in sim/gpu every top-level test but the
functional ones; in validation and cmd/sm90sim the listed timed tests, and of
validation's TestMicrobenchOutputsMatchHardware only the subtests of the directories
with a TIMED_OUTPUTS file (the rest of that test is functional). A top-level test
counts from its start to its end (its parallel subtests included: its own Elapsed
leaves out the time they run after its function returned)."""
import json
import os
import sys
from datetime import datetime

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools", "record"))
import gzcompat  # noqa: E402

P = "github.com/sm90sim/sm90sim/"
WHOLE = ["sim/engine", "sim/sm", "validation/calibrate"]
GPU_FUNCTIONAL = {"TestParallelMatchesSerialOnCorpus", "TestParallelCrossCTADependences", "TestHashTabMatchesMap",
                  "TestPageMasks", "TestMergeReqsIsTheSortedOrder", "TestGPCMapsMatchRawOutput"}
VALIDATION = ["TestTimedLeavesFunctionalMemory", "TestICacheColdCode", "TestCyclesSimulatedAndError",
              "TestTimingAccuracyTable"]
CMD = ["TestTimedRunDeterministic", "TestTimedFlagErrors", "TestTimedBuiltinH100Profile", "TestTraceFilters",
       "TestReportProfileParamsSHA256", "TestCalibrateUpdateBuiltin", "TestCalibrateWritesProfile",
       "TestCalibrateRecordsNoise", "TestCalibrateInputErrors", "TestCalibrateGPUWithoutDriver"]


def timed_outputs():
    """Directories of validation/microbench with a TIMED_OUTPUTS file (loose or bundled)."""
    root = os.path.join(ROOT, "validation", "microbench")
    zdict = open(os.path.join(root, "bundle.dict"), "rb").read()
    out = []
    for name in sorted(os.listdir(root)):
        d = os.path.join(root, name)
        if not os.path.isdir(d):
            continue
        if any(os.path.exists(os.path.join(d, "TIMED_OUTPUTS" + e)) for e in ("", ".gz", ".link")):
            out.append(name)
            continue
        b = os.path.join(d, "bundle.tar.zlib")
        if os.path.exists(b):
            m = gzcompat.decode_bundle(open(b, "rb").read(), zdict)
            if "TIMED_OUTPUTS" in m or "TIMED_OUTPUTS.link" in m:
                out.append(name)
    return out


def ts(s):
    return datetime.fromisoformat(s[:26].rstrip("Z") + "+00:00").timestamp()


def main(path):
    pkg, test, start = {}, {}, {}
    for line in open(path):
        try:
            e = json.loads(line)
        except ValueError:
            continue
        p = e.get("Package", "").removeprefix(P)
        if e.get("Action") == "run" and "Test" in e:
            start[(p, e["Test"])] = ts(e["Time"])
        if e.get("Action") not in ("pass", "fail", "skip") or "Elapsed" not in e:
            continue
        if "Test" in e:
            k = (p, e["Test"])
            test[k] = max(e["Elapsed"], ts(e["Time"]) - start[k]) if k in start else e["Elapsed"]
        else:
            pkg[p] = e["Elapsed"]
    to = timed_outputs()
    rows = [(p + " (package wall)", pkg.get(p, 0)) for p in WHOLE]
    rows.append(("sim/gpu timed tests", sum(v for (p, t), v in test.items()
                                            if p == "sim/gpu" and "/" not in t and t not in GPU_FUNCTIONAL)))
    rows.append(("validation timed tests", sum(test.get(("validation", t), 0) for t in VALIDATION)))
    rows.append(("validation TIMED_OUTPUTS subtests (%d dirs)" % len(to),
                 sum(test.get(("validation", "TestMicrobenchOutputsMatchHardware/" + n), 0) for n in to)))
    rows.append(("cmd/sm90sim timed tests", sum(test.get(("cmd/sm90sim", t), 0) for t in CMD)))
    for n, v in rows:
        print("%-46s %7.1f" % (n, v))
    print("%-46s %7.1f" % ("total (issue 13: at most 120)", sum(v for _, v in rows)))
    print("not counted: all of TestMicrobenchOutputsMatchHardware %.1f, validation package wall %.1f" %
          (test.get(("validation", "TestMicrobenchOutputsMatchHardware"), 0), pkg.get("validation", 0)))


if __name__ == "__main__":
    main(sys.argv[1])
