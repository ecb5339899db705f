package main

import (
	"bufio"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"

	"github.com/sm90sim/sm90sim/internal/gzfile"
	"github.com/sm90sim/sm90sim/internal/launch"
)

// Host memory: before a run allocates, the CLI compares what the launch
// needs with what the process may use, so that running out is an exit-2
// error naming both numbers rather than a Go runtime dump.

// memLimit is the smallest of the cgroup limit (v2 memory.max, v1
// memory.limit_in_bytes), GOMEMLIMIT and MemTotal (not MemAvailable: VMs
// that grow their memory on use would refuse valid runs), with where it
// comes from. root is "/" (tests pass a fake tree).
func memLimit(root string) (uint64, string) {
	best, from := uint64(math.MaxUint64), "no limit found"
	take := func(v uint64, src string) {
		if v > 0 && v < best {
			best, from = v, src
		}
	}
	if b, err := os.ReadFile(filepath.Join(root, "sys/fs/cgroup/memory.max")); err == nil {
		if s := strings.TrimSpace(string(b)); s != "max" {
			if v, err := strconv.ParseUint(s, 10, 64); err == nil {
				take(v, "cgroup memory.max")
			}
		}
	}
	if b, err := os.ReadFile(filepath.Join(root, "sys/fs/cgroup/memory/memory.limit_in_bytes")); err == nil {
		if v, err := strconv.ParseUint(strings.TrimSpace(string(b)), 10, 64); err == nil && v < 1<<62 {
			take(v, "cgroup memory.limit_in_bytes")
		}
	}
	if l := debug.SetMemoryLimit(-1); l > 0 && l < math.MaxInt64 {
		take(uint64(l), "GOMEMLIMIT")
	}
	if f, err := os.Open(filepath.Join(root, "proc/meminfo")); err == nil {
		defer f.Close()
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			fs := strings.Fields(sc.Text())
			if len(fs) >= 2 && fs[0] == "MemTotal:" {
				if v, err := strconv.ParseUint(fs[1], 10, 64); err == nil {
					take(v*1024, "MemTotal")
				}
			}
		}
	}
	return best, from
}

// parseBytes reads 512MiB, 8GiB, 2G, 1000000 (bytes).
func parseBytes(s string) (uint64, error) {
	units := []struct {
		suf string
		mul uint64
	}{{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}, {"TiB", 1 << 40},
		{"K", 1e3}, {"M", 1e6}, {"G", 1e9}, {"T", 1e12}, {"B", 1}}
	t := strings.TrimSpace(s)
	mul := uint64(1)
	for _, u := range units {
		if strings.HasSuffix(t, u.suf) {
			t, mul = strings.TrimSuffix(t, u.suf), u.mul
			break
		}
	}
	v, err := strconv.ParseFloat(strings.TrimSpace(t), 64)
	if err != nil || v <= 0 || v*float64(mul) > math.MaxUint64/2 {
		return 0, fmt.Errorf("--memory-limit %q: want a size such as 512MiB, 8GiB or 2G", s)
	}
	return uint64(v * float64(mul)), nil
}

// perJobBytes is the host memory one job (goroutine running a CTA or
// cluster) needs beyond the buffers: the CTA's shared memory (up to
// 227 KiB), registers and local memory, and the pages its view of global
// memory copies (parallel runs).
const perJobBytes = 8 << 20

// memNeed estimates a launch's host memory: every buffer twice (simulated
// device memory and the host copy an input or output passes through),
// plus perJobBytes for each job.
func memNeed(spec *launch.Spec, jobs int) uint64 {
	var bufs uint64
	for _, b := range spec.Buffers {
		switch {
		case b.FilePath != "":
			if st, err := os.Stat(b.FilePath); err == nil {
				bufs += uint64(st.Size())
			} else if st, err := os.Stat(b.FilePath + gzfile.Ext); err == nil {
				bufs += 8 * uint64(st.Size()) // compressed: assume 8:1
			}
		case b.DType.Size() > 0:
			bufs += uint64(b.Bytes())
		}
	}
	if jobs <= 0 {
		jobs = runtime.GOMAXPROCS(0)
	}
	return 2*bufs + uint64(jobs)*perJobBytes
}

// checkMemory refuses a launch whose estimated need is over the limit
// (--memory-limit, else memLimit).
func checkMemory(specPath string, jobs int, flag string) error {
	spec, err := launch.Load(specPath)
	if err != nil {
		return nil // the run reports the spec's error
	}
	limit, from := memLimit("/")
	if flag != "" {
		v, err := parseBytes(flag)
		if err != nil {
			return inputErr(fmt.Errorf("sm90sim: error: %v", err))
		}
		limit, from = v, "--memory-limit"
	}
	if need := memNeed(spec, jobs); need > limit {
		return inputErr(fmt.Errorf("%s: error: the launch needs about %s of host memory (buffers twice plus %s per job for %d jobs), over the %s of %s; use fewer --jobs, smaller buffers or --memory-limit",
			specPath, sizeText(need), sizeText(perJobBytes), effectiveJobs(jobs), sizeText(limit), from))
	}
	return nil
}

func effectiveJobs(j int) int {
	if j <= 0 {
		return runtime.GOMAXPROCS(0)
	}
	return j
}

func sizeText(n uint64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.1f GiB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d bytes", n)
}
