package gzfile

// Bundles (validation/microbench/README.md, "Compressed files"): a
// directory may keep its files in one file, BundleName, so that the device
// tool, which counts each file of the tree at a 512-byte header plus its
// size rounded up to 512 bytes, counts the directory once. The bundle is a
// zlib stream (RFC 1950) of an uncompressed ustar archive whose members are
// the directory's files under their plain names, relative to the directory
// ("launch.yaml", "clock_runs.json", "gpu/clk.npy", "kernel.ptx.link"); the
// stream may name a preset dictionary (FDICT), DictName in the folder above
// the bundle's directory (validation/microbench/bundle.dict), which makes the
// many small JSON files compress like one. A reader asked for DIR/NAME that
// finds no NAME, NAME.gz or NAME.link in DIR reads member NAME, else member
// NAME.link, of DIR/BundleName (or member "SUB/NAME" of the bundle one
// folder up, for DIR/SUB/NAME), so a loose file always wins over a bundled
// one: a recorder writes loose files and tools/microbench/pack.py folds them
// into the bundle.

import (
	"archive/tar"
	"bytes"
	"compress/zlib"
	"errors"
	"fmt"
	"hash/adler32"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"
)

// BundleName is the file that holds a directory's bundled files.
const BundleName = "bundle.tar.zlib"

// DictName is the preset dictionary of the bundles of a folder's
// directories, in that folder.
const DictName = "bundle.dict"

// bundleDepth is how many folders up a file's bundle may be (DIR/NAME is
// in DIR's bundle, DIR/gpu/NAME in DIR's bundle as gpu/NAME).
const bundleDepth = 2

type bundle struct {
	size    int64
	mod     time.Time
	members map[string][]byte
}

var bundles = struct {
	sync.Mutex
	m     map[string]*bundle
	order []string // least recently loaded first
	dicts map[string][]byte
}{m: map[string]*bundle{}, dicts: map[string][]byte{}}

// bundleCache is how many parsed bundles stay in memory (a directory's
// files are read together: spec, PTX, provenance, a link's target).
const bundleCache = 32

// ReadBundle returns the members of the bundle file p (name -> contents).
func ReadBundle(p string) (map[string][]byte, error) {
	b, err := loadBundle(p)
	if err != nil {
		return nil, err
	}
	out := make(map[string][]byte, len(b.members))
	for k, v := range b.members {
		out[k] = v
	}
	return out, nil
}

func loadBundle(p string) (*bundle, error) {
	st, err := os.Stat(p)
	if err != nil {
		return nil, err
	}
	bundles.Lock()
	b := bundles.m[p]
	bundles.Unlock()
	if b != nil && b.size == st.Size() && b.mod.Equal(st.ModTime()) {
		return b, nil
	}
	raw, err := os.ReadFile(p)
	if err != nil {
		return nil, err
	}
	dict, err := bundleDict(p, raw)
	if err != nil {
		return nil, err
	}
	members, err := DecodeBundle(raw, dict)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", p, err)
	}
	b = &bundle{size: st.Size(), mod: st.ModTime(), members: members}
	bundles.Lock()
	defer bundles.Unlock()
	if _, ok := bundles.m[p]; !ok {
		bundles.order = append(bundles.order, p)
		if len(bundles.order) > bundleCache {
			delete(bundles.m, bundles.order[0])
			bundles.order = bundles.order[1:]
		}
	}
	bundles.m[p] = b
	return b, nil
}

// bundleDict reads the preset dictionary the zlib stream raw names, if it
// names one: DictName in the folder above the bundle's directory.
func bundleDict(p string, raw []byte) ([]byte, error) {
	if len(raw) < 6 || raw[1]&0x20 == 0 { // FLG.FDICT (RFC 1950 2.2)
		return nil, nil
	}
	dp := filepath.Join(filepath.Dir(filepath.Dir(p)), DictName)
	bundles.Lock()
	d, ok := bundles.dicts[dp]
	bundles.Unlock()
	if !ok {
		var err error
		if d, err = os.ReadFile(dp); err != nil {
			return nil, fmt.Errorf("%s: its preset dictionary: %w", p, err)
		}
		bundles.Lock()
		bundles.dicts[dp] = d
		bundles.Unlock()
	}
	want := uint32(raw[2])<<24 | uint32(raw[3])<<16 | uint32(raw[4])<<8 | uint32(raw[5])
	if adler32.Checksum(d) != want {
		return nil, fmt.Errorf("%s: made with another preset dictionary than %s (Adler-32 %08x, want %08x)", p, dp, adler32.Checksum(d), want)
	}
	return d, nil
}

// DecodeBundle returns the members of a bundle's bytes (dict: the preset
// dictionary, nil when the stream names none).
func DecodeBundle(raw, dict []byte) (map[string][]byte, error) {
	zr, err := zlib.NewReaderDict(bytes.NewReader(raw), dict)
	if err != nil {
		return nil, err
	}
	plain, err := io.ReadAll(zr)
	if err != nil {
		return nil, err
	}
	if err := zr.Close(); err != nil {
		return nil, err
	}
	tr := tar.NewReader(bytes.NewReader(plain))
	out := map[string][]byte{}
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return nil, err
		}
		name := h.Name
		if h.Typeflag != tar.TypeReg || name == "" || path.IsAbs(name) || path.Clean(name) != name || strings.HasPrefix(name, "../") {
			return nil, fmt.Errorf("bundle member %q: want a regular file with a clean relative name", name)
		}
		if _, dup := out[name]; dup {
			return nil, fmt.Errorf("bundle member %q: twice", name)
		}
		b, err := io.ReadAll(tr)
		if err != nil {
			return nil, err
		}
		out[name] = b
	}
}

// BundleMembers lists the members of the bundle file p, sorted.
func BundleMembers(p string) ([]string, error) {
	b, err := loadBundle(p)
	if err != nil {
		return nil, err
	}
	names := make([]string, 0, len(b.members))
	for k := range b.members {
		names = append(names, k)
	}
	sort.Strings(names)
	return names, nil
}

// fromBundle finds p in a bundle: member rel of the BundleName of an
// ancestor folder (at most bundleDepth up). It returns the bundle's path,
// the member's contents and whether the member is p's link file
// (NAME.link) rather than p itself; bp == "" when no bundle holds p.
func fromBundle(p string) (bp string, data []byte, isLink bool, err error) {
	dir, rel := filepath.Dir(p), filepath.Base(p)
	for i := 0; i < bundleDepth; i++ {
		cand := filepath.Join(dir, BundleName)
		if _, serr := os.Stat(cand); serr == nil {
			b, lerr := loadBundle(cand)
			if lerr != nil {
				return cand, nil, false, lerr
			}
			if m, ok := b.members[rel]; ok {
				return cand, m, false, nil
			}
			if m, ok := b.members[rel+LinkExt]; ok {
				return cand, m, true, nil
			}
			return "", nil, false, nil // the nearest bundle decides
		}
		if parent := filepath.Dir(dir); parent != dir {
			rel = filepath.Base(dir) + "/" + rel
			dir = parent
		} else {
			break
		}
	}
	return "", nil, false, nil
}

// linkTarget is the file a link file's contents name, relative to the
// directory of p (the file the link stands for).
func linkTarget(p, linkName string, contents []byte) (string, error) {
	target := strings.TrimSpace(string(contents))
	if target == "" || filepath.IsAbs(target) {
		return "", fmt.Errorf("%s: want one relative path", linkName)
	}
	return filepath.Join(filepath.Dir(p), filepath.FromSlash(target)), nil
}

// maxLinks bounds a chain of link files (a loop is an error).
const maxLinks = 8

var errLinkLoop = errors.New("too many link files in a row")

// readBundled reads p from its bundle (after the loose forms were not
// found); notExist is the error to return when no bundle holds it.
func readBundled(p string, depth int, notExist error) ([]byte, error) {
	bp, data, isLink, err := fromBundle(p)
	if err != nil {
		return nil, err
	}
	if bp == "" {
		return nil, notExist
	}
	if !isLink {
		return data, nil
	}
	t, err := linkTarget(p, bp+":"+filepath.Base(p)+LinkExt, data)
	if err != nil {
		return nil, err
	}
	return readLinked(p, t, depth)
}

// readLinked reads t, the file path's link file names: t as named
// (decompressed when its name ends in ".gz"), else t's plain name through
// every rule (so a link may name a file that is bundled itself).
func readLinked(p, t string, depth int) ([]byte, error) {
	if depth >= maxLinks {
		return nil, fmt.Errorf("%s: %w", p, errLinkLoop)
	}
	if st, err := os.Stat(t); err == nil && !st.IsDir() {
		return readStored(t, t)
	}
	b, err := readDepth(strings.TrimSuffix(t, Ext), depth+1)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("%s%s: %s does not exist (nor its other form)", p, LinkExt, t)
		}
		return nil, err
	}
	return b, nil
}
