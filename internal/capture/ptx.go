package capture

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
)

// PTXSource says where FindPTX found the kernel's PTX.
type PTXSource struct {
	Kind string `json:"kind"`           // "ptx image", "fatbin", "triton cache", "program binary"
	Path string `json:"path,omitempty"` // the file it came from, when one
}

// noPTXHint is the advice for a SASS-only program.
const noPTXHint = "rebuild with sm_90a PTX embedded: nvcc -gencode arch=compute_90a,code=[sm_90a,compute_90a]"

// FindPTX finds the PTX module that defines the captured kernel: the
// module image itself when it is PTX text; the PTX embedded in a fatbin
// image (cuobjdump -xptx, compressed PTX too); for a cubin, Triton's cache
// entry holding the same cubin (its .ptx beside it); without an image (a
// module the runtime loaded through paths the interposer does not see),
// the PTX embedded in the program's binary.
func FindPTX(dumpDir string, d *Dump, program string, tritonCache []string) ([]byte, PTXSource, error) {
	var img *Image
	if d.Image >= 0 {
		var err error
		if img, err = ReadImage(dumpDir, d.Image); err != nil {
			return nil, PTXSource{}, err
		}
	}
	switch {
	case img != nil && img.Kind == "ptx":
		return bytes.TrimRight(img.Data, "\x00"), PTXSource{Kind: "ptx image"}, nil
	case img != nil && img.Kind == "fatbin":
		path := filepath.Join(dumpDir, fmt.Sprintf("img%d.bin", d.Image))
		ptx, err := ptxFromObject(path, d.Name)
		if err != nil {
			return nil, PTXSource{}, fmt.Errorf("the kernel's module is a fatbin: %v", err)
		}
		return ptx, PTXSource{Kind: "fatbin"}, nil
	case img != nil && img.Kind == "cubin":
		for _, dir := range tritonCache {
			if ptx, path := ptxFromTritonCache(dir, img.Data); ptx != nil {
				return ptx, PTXSource{Kind: "triton cache", Path: path}, nil
			}
		}
		return nil, PTXSource{}, fmt.Errorf("%s was loaded as a cubin (SASS only) and no Triton cache entry (%s) holds that cubin beside its .ptx; %s",
			d.Name, strings.Join(tritonCache, ", "), noPTXHint)
	}
	if program == "" {
		return nil, PTXSource{}, fmt.Errorf("the module of %s was not seen being loaded and there is no program binary to search", d.Name)
	}
	ptx, err := ptxFromObject(program, d.Name)
	if err != nil {
		return nil, PTXSource{}, fmt.Errorf("the module of %s was loaded by the CUDA runtime; searching %s: %v", d.Name, program, err)
	}
	return ptx, PTXSource{Kind: "program binary", Path: program}, nil
}

// ptxFromObject extracts the PTX files of an executable, library or fatbin
// with cuobjdump -xptx and returns the one defining .entry name.
func ptxFromObject(path, name string) ([]byte, error) {
	tool, err := exec.LookPath("cuobjdump")
	if err != nil {
		for _, p := range []string{"/usr/local/cuda/bin/cuobjdump"} {
			if _, serr := os.Stat(p); serr == nil {
				tool, err = p, nil
			}
		}
	}
	if err != nil {
		return nil, fmt.Errorf("cuobjdump not found (PATH, /usr/local/cuda/bin)")
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	tmp, err := os.MkdirTemp("", "sm90sim-ptx-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	cmd := exec.Command(tool, "-xptx", "all", abs)
	cmd.Dir = tmp
	out, err := cmd.CombinedOutput()
	if err != nil {
		return nil, fmt.Errorf("cuobjdump -xptx all: %v: %s", err, strings.TrimSpace(string(out)))
	}
	files, _ := filepath.Glob(filepath.Join(tmp, "*.ptx"))
	if len(files) == 0 {
		return nil, fmt.Errorf("it embeds no PTX; %s", noPTXHint)
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err == nil && DefinesEntry(b, name) {
			return b, nil
		}
	}
	return nil, fmt.Errorf("none of its %d PTX modules defines .entry %s; %s", len(files), name, noPTXHint)
}

// DefinesEntry reports whether the PTX text defines `.entry name`.
func DefinesEntry(ptx []byte, name string) bool {
	re := regexp.MustCompile(`\.entry\s+` + regexp.QuoteMeta(name) + `\s*\(`)
	return re.Match(ptx)
}

// ptxFromTritonCache finds cubin in a Triton cache directory (one
// directory per compiled kernel, NAME.cubin beside NAME.ptx).
func ptxFromTritonCache(dir string, cubin []byte) ([]byte, string) {
	var found []byte
	var at string
	_ = filepath.WalkDir(dir, func(path string, e os.DirEntry, err error) error {
		if err != nil || found != nil || e.IsDir() || !strings.HasSuffix(path, ".cubin") {
			return nil
		}
		if info, err := e.Info(); err != nil || info.Size() < int64(len(cubin)) {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil || !bytes.HasPrefix(b, cubin) {
			return nil
		}
		p := strings.TrimSuffix(path, ".cubin") + ".ptx"
		if ptx, err := os.ReadFile(p); err == nil {
			found, at = ptx, p
		}
		return nil
	})
	return found, at
}

// TritonCacheDirs are the directories Triton caches compiled kernels in:
// $TRITON_CACHE_DIR, else ~/.triton/cache.
func TritonCacheDirs() []string {
	if d := os.Getenv("TRITON_CACHE_DIR"); d != "" {
		return []string{d}
	}
	if h, err := os.UserHomeDir(); err == nil {
		return []string{filepath.Join(h, ".triton", "cache")}
	}
	return nil
}
