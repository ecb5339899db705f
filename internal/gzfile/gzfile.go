// Package gzfile reads files that may be stored gzip-compressed next to
// their plain name: a reader asked for NAME reads NAME, or NAME.gz when
// NAME is absent. The corpus (validation/testdata) stores its large
// recordings, inputs, provenance and generated PTX this way so that the
// tracked tree stays small; specs and tools keep naming the plain file.
//
// A file repeated across directories (a microbenchmark family's kernel.cu
// and kernel.ptx) is stored once; the others hold NAME.link, a one-line
// text file naming, relative to its own directory, the file that holds
// the same contents (which may be gzipped). A symbolic link would do the
// same, but the device tool counts a link at its target's size.
//
// A directory may also keep all its files in one bundle (bundle.go: the
// microbenchmark directories' bundle.tar.zlib); a reader that finds none
// of NAME, NAME.gz and NAME.link reads the bundle's member.
package gzfile

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/sm90sim/sm90sim/internal/safeio"
)

// Ext is the suffix of a compressed file.
const Ext = ".gz"

// LinkExt is the suffix of a link file (see the package comment).
const LinkExt = ".link"

// Resolve returns the file that holds path's contents: path itself when
// it exists, else path+".gz" when that exists, else the file that
// path+".link" names (that name, or its other form, NAME or NAME.gz, when
// only that is there, or the file that holds that through these rules),
// else the bundle (bundle.go) that holds path or its link file. When none
// exists the error is the one for path (an *fs.PathError naming the plain
// name).
func Resolve(path string) (string, error) { return resolveDepth(path, 0) }

func resolveDepth(path string, depth int) (string, error) {
	_, err := os.Stat(path)
	if err == nil || !errors.Is(err, fs.ErrNotExist) {
		return path, err
	}
	if _, gerr := os.Stat(path + Ext); gerr == nil {
		return path + Ext, nil
	}
	if b, lerr := os.ReadFile(path + LinkExt); lerr == nil {
		t, terr := linkTarget(path, path+LinkExt, b)
		if terr != nil {
			return path, terr
		}
		return resolveLinked(path, t, depth)
	}
	bp, data, isLink, berr := fromBundle(path)
	if berr != nil {
		return path, berr
	}
	if bp == "" {
		return path, err
	}
	if !isLink {
		return bp, nil
	}
	t, terr := linkTarget(path, bp+":"+filepath.Base(path)+LinkExt, data)
	if terr != nil {
		return path, terr
	}
	return resolveLinked(path, t, depth)
}

// resolveLinked resolves t, the file path's link file names: t as named,
// else t's plain name through every rule.
func resolveLinked(path, t string, depth int) (string, error) {
	if depth >= maxLinks {
		return path, fmt.Errorf("%s: %w", path, errLinkLoop)
	}
	if st, err := os.Stat(t); err == nil && !st.IsDir() {
		return t, nil
	}
	r, err := resolveDepth(strings.TrimSuffix(t, Ext), depth+1)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return path, fmt.Errorf("%s%s: %s does not exist (nor its other form)", path, LinkExt, t)
		}
		return path, err
	}
	return r, nil
}

// Exists reports whether path, path+".gz", what path+".link" names or a
// bundle member standing for path exists.
func Exists(path string) bool {
	_, err := Resolve(path)
	return err == nil
}

// ReadFile reads path, or decompresses path+".gz" when path is absent, or
// reads what path+".link" names (decompressed when that ends in ".gz"), or
// the member of a bundle that holds path (bundle.go). A path that itself
// names a gzip file (ending in ".gz", gzip magic bytes) is decompressed too,
// so `sm90sim run kernel.ptx.gz` reads the PTX (positions in errors count
// lines of the decompressed text).
func ReadFile(path string) ([]byte, error) { return readDepth(path, 0) }

func readDepth(path string, depth int) ([]byte, error) {
	_, err := os.Stat(path)
	if err == nil || !errors.Is(err, fs.ErrNotExist) {
		if err != nil {
			return nil, err
		}
		return readStored(path, path)
	}
	if _, gerr := os.Stat(path + Ext); gerr == nil {
		return readStored(path, path+Ext)
	}
	if b, lerr := os.ReadFile(path + LinkExt); lerr == nil {
		t, terr := linkTarget(path, path+LinkExt, b)
		if terr != nil {
			return nil, terr
		}
		return readLinked(path, t, depth)
	}
	return readBundled(path, depth, err)
}

// readStored reads the file real that stands for path (path itself or
// path+".gz"), decompressed when it is a .gz other than path, or path
// itself holding gzip data.
func readStored(path, real string) ([]byte, error) {
	b, err := os.ReadFile(real)
	if err != nil {
		return nil, err
	}
	gz := len(b) >= 2 && b[0] == 0x1f && b[1] == 0x8b
	if filepath.Ext(real) != Ext || real == path && !gz {
		return b, nil
	}
	out, err := Decompress(b)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", real, err)
	}
	return out, nil
}

// Decompress gunzips b (one or more concatenated gzip members).
func Decompress(b []byte) ([]byte, error) {
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	out, err := io.ReadAll(zr)
	if err != nil {
		return nil, err
	}
	return out, zr.Close()
}

// Compress gzips b at the best compression level. The output is a
// function of b alone (no name, no time stamp), so re-recording an
// unchanged file gives identical bytes.
func Compress(b []byte) []byte {
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression) // the level is valid
	zw.Write(b)                                              // a bytes.Buffer does not fail
	zw.Close()
	return buf.Bytes()
}

// Saves reports whether storing gz instead of raw is worth it: it must
// save at least 512 bytes (the device tool counts the tree's bytes).
func Saves(raw, gz []byte) bool {
	return len(raw)-len(gz) >= 512
}

// WriteFile stores data at path, or gzipped at path+".gz" when compress
// is true and that saves space (see Saves); the other form and a link
// file path+".link", if present, are removed so that readers never see a
// stale copy. The write is atomic
// (a temporary file renamed over the target). It returns the name written.
func WriteFile(path string, data []byte, compress bool) (string, error) {
	target, other, body := path, path+Ext, data
	if compress {
		if gz := Compress(data); Saves(data, gz) {
			target, other, body = path+Ext, path, gz
		}
	}
	tmp, err := os.CreateTemp(filepath.Dir(target), "."+filepath.Base(target)+".tmp*")
	if err != nil {
		return "", err
	}
	name := tmp.Name()
	safeio.Track(name) // removed if a signal ends the process first
	defer safeio.Forget(name)
	_, err = tmp.Write(body)
	if err == nil {
		err = tmp.Chmod(0o644)
	}
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(name, target)
	}
	if err != nil {
		os.Remove(name)
		return "", err
	}
	for _, o := range []string{other, path + LinkExt} {
		if err := os.Remove(o); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return "", err
		}
	}
	return target, nil
}
