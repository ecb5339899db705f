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
// only that is there). When none exists the error is the one for path (an
// *fs.PathError naming the plain name).
func Resolve(path string) (string, error) {
	_, err := os.Stat(path)
	if err == nil || !errors.Is(err, fs.ErrNotExist) {
		return path, err
	}
	if _, gerr := os.Stat(path + Ext); gerr == nil {
		return path + Ext, nil
	}
	if b, lerr := os.ReadFile(path + LinkExt); lerr == nil {
		target := strings.TrimSpace(string(b))
		if target == "" || filepath.IsAbs(target) {
			return path, fmt.Errorf("%s%s: want one relative path", path, LinkExt)
		}
		target = filepath.Join(filepath.Dir(path), filepath.FromSlash(target))
		plain := strings.TrimSuffix(target, Ext)
		for _, t := range []string{target, plain, plain + Ext} { // as named, or its other form
			if st, serr := os.Stat(t); serr == nil && !st.IsDir() {
				return t, nil
			}
		}
		return path, fmt.Errorf("%s%s: %s does not exist (nor its other form)", path, LinkExt, target)
	}
	return path, err
}

// Exists reports whether path, path+".gz" or what path+".link" names exists.
func Exists(path string) bool {
	_, err := Resolve(path)
	return err == nil
}

// ReadFile reads path, or decompresses path+".gz" when path is absent, or
// reads what path+".link" names (decompressed when that ends in ".gz"). A
// path that itself names a gzip file (ending in ".gz", gzip magic bytes) is
// decompressed too, so `sm90sim run kernel.ptx.gz` reads the PTX (positions
// in errors count lines of the decompressed text).
func ReadFile(path string) ([]byte, error) {
	real, err := Resolve(path)
	if err != nil {
		return nil, err
	}
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
