package validation

import (
	"encoding/json"
	"os"
	"path/filepath"

	"github.com/sm90sim/sm90sim/internal/gzfile"
	"github.com/sm90sim/sm90sim/internal/npy"
)

// writeOutputs replaces DIR/gpu/NAME.* for every output: NAME.npy up to
// 1 MiB, else NAME.meta.json (sha256, dtype, shape, stride, count) and
// NAME.sample.npy (plus per-block hashes that locate a difference). The
// .npy files are stored as NAME.npy.gz where gzip saves space
// (gzfile.Saves); readers take either form.
func writeOutputs(dir string, plan *GPUPlan, run *GPUResult) ([]RecordedFile, error) {
	g := filepath.Join(dir, "gpu")
	if err := os.MkdirAll(g, 0o755); err != nil {
		return nil, err
	}
	var files []RecordedFile
	for _, name := range plan.Spec.Outputs {
		o := run.Output(name)
		for _, suffix := range []string{".npy", ".meta.json", ".sample.npy"} {
			os.Remove(filepath.Join(g, name+suffix))
			os.Remove(filepath.Join(g, name+suffix+gzfile.Ext))
			os.Remove(filepath.Join(g, name+suffix+gzfile.LinkExt))
		}
		rf := RecordedFile{Name: name, File: "gpu/" + name + ".npy", Bytes: len(o.Data)}
		if len(o.Data) <= bigOutputBytes {
			written, err := npy.WriteCompressed(filepath.Join(g, name+".npy"), o.DType.NumpyDescr(), o.Shape, o.Data)
			if err != nil {
				return nil, err
			}
			rf.File = "gpu/" + filepath.Base(written)
			files = append(files, rf)
			continue
		}
		stride, data := sample(o)
		meta := SampleMeta{SHA256: sha256Hex(o.Data), DType: o.DType.Name(), Shape: o.Shape, Stride: stride, Count: len(data) / o.DType.Size(),
			BlockBytes: recordBlockBytes, BlockSHA256: blockHashes(o.Data, recordBlockBytes)}
		if _, err := npy.WriteCompressed(filepath.Join(g, name+".sample.npy"), o.DType.NumpyDescr(), []int{meta.Count}, data); err != nil {
			return nil, err
		}
		if err := writeJSON(filepath.Join(g, name+".meta.json"), meta); err != nil {
			return nil, err
		}
		rf.File, rf.SHA256 = "gpu/"+name+".meta.json", meta.SHA256
		files = append(files, rf)
	}
	return files, nil
}

// writeCounters writes DIR/counters.json from the first run's ncu profile.
func writeCounters(dir string, plan *GPUPlan, run *GPUResult) error {
	c := map[string]any{"tool": "", "clock_control": "none", "kernel": plan.Kernel,
		"metrics": map[string]float64{}, "error": "ncu was not run"}
	if n := run.Info.NCU; n != nil {
		c["tool"], c["metrics"], c["error"] = n.Tool, n.Metrics, n.Error
		if len(n.Unavailable) > 0 {
			c["unavailable_metrics"] = n.Unavailable
		}
	}
	return writeJSON(filepath.Join(dir, "counters.json"), c)
}

// writeProvenance updates DIR/provenance.json: the fields this recorder
// knows are replaced, the others (nvcc, raw tool output...) kept.
func writeProvenance(dir string, plan *GPUPlan, run *GPUResult, res *RecordResult, prov map[string]any, opt RecordOptions) error {
	if prov == nil {
		prov = map[string]any{}
	}
	g := run.Info
	c := g.Clocks
	prov["gpu"], prov["cuda_driver_api"], prov["date"] = g.Name, g.CUDADriverAPI, opt.Now
	if g.DriverVersion != "" {
		prov["driver"] = g.DriverVersion
	} else if _, ok := prov["driver"]; !ok {
		prov["driver"] = "unknown (nvidia-smi unavailable); CUDA driver API " + g.CUDADriverAPI
	}
	if _, ok := prov["nvcc"]; !ok {
		prov["nvcc"] = nvccFromPTX(plan.PTX)
	}
	prov["runs"], prov["runs_equal"], prov["differing_elements"] = 2, true, map[string]int{}
	outs := map[string]any{}
	for _, f := range res.Outputs {
		outs[f.Name] = f
	}
	prov["outputs"] = outs
	inputs := map[string]any{}
	for _, b := range plan.Bufs {
		if bs := plan.Spec.Buffer(b.Name); bs != nil && bs.TensorMaps != nil {
			inputs[b.Name] = map[string]any{"bytes": len(b.Data), "tensormaps": bs.TensorMaps,
				"note": "encoded tensor maps, written at launch (process-dependent)"}
			continue
		}
		inputs[b.Name] = map[string]any{"sha256": sha256Hex(b.Data), "bytes": len(b.Data), "first_bits": firstBits(b)}
	}
	prov["inputs"], prov["param_layout"] = inputs, g.ParamLayout
	prov["launch_mode"] = g.LaunchMode
	if len(g.TensorMaps) > 0 {
		prov["tensormaps"] = g.TensorMaps
	} else {
		delete(prov, "tensormaps")
	}
	prov["func_attributes"], prov["device_attributes"] = g.FuncAttrs, g.DeviceAttrs
	prov["sm_clock_mhz"], prov["mem_clock_mhz"] = c.SMIsmMHz, c.SMImemMHz
	prov["max_sm_clock_mhz"], prov["max_mem_clock_mhz"] = c.SMIMaxSMMHz, c.SMIMaxMemMHz
	prov["measured_sm_clock_mhz"] = c.MeasuredSMMHz
	prov["clock_note"] = "clocks read with nvidia-smi and measured (%clock64 over %globaltimer) right after the timed launches; no clock control"
	prov["kernel_time"], prov["cycles"], prov["cycles_source"] = g.KernelTime, g.Cycles, g.CyclesSource
	prov["recorder"] = "sm90sim validate --record (validation/record.go, CUDA driver API through cgo)"
	raw, _ := prov["raw"].(map[string]any)
	if raw == nil {
		raw = map[string]any{}
	}
	raw["jit_info_log"] = g.JITInfoLog
	prov["raw"] = raw
	cmds, _ := prov["commands"].([]any)
	found := false
	for _, c := range cmds {
		found = found || c == opt.Command
	}
	if !found && opt.Command != "" {
		cmds = append(cmds, opt.Command)
	}
	if cmds == nil {
		cmds = []any{}
	}
	prov["commands"] = cmds
	return writeJSONFile(filepath.Join(dir, "provenance.json"), prov, true)
}

// readJSONMap reads DIR/NAME (or DIR/NAME.gz) as a JSON object (nil when
// missing or bad).
func readJSONMap(dir, name string) map[string]any {
	b, err := gzfile.ReadFile(filepath.Join(dir, name))
	if err != nil {
		return nil
	}
	var m map[string]any
	if json.Unmarshal(b, &m) != nil {
		return nil
	}
	return m
}

// writeJSON writes path as indented JSON, stored as path.gz where gzip
// saves space (gzfile.Saves: the corpus rule of tools/record/compress_corpus.sh),
// and removes the other form.
func writeJSON(path string, v any) error { return writeJSONFile(path, v, true) }

func writeJSONFile(path string, v any, mayCompress bool) error {
	b, err := json.MarshalIndent(v, "", " ")
	if err != nil {
		return err
	}
	b = append(b, '\n')
	_, err = gzfile.WriteFile(path, b, mayCompress)
	return err
}
