// Package gzfile reads files that may be stored gzip-compressed next to
// their plain name: a reader asked for NAME reads NAME, or NAME.gz when
// NAME is absent. The corpus (validation/testdata) stores its large
// recordings, inputs, provenance and generated PTX this way so that the
// tracked tree stays small; specs and tools keep naming the plain file.
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

	"github.com/sm90sim/sm90sim/internal/safeio"
)

// Ext is the suffix of a compressed file.
const Ext = ".gz"

// Resolve returns the file that holds path's contents: path itself when
// it exists, else path+".gz" when that exists. When neither exists the
// error is the one for path (an *fs.PathError naming the plain name).
func Resolve(path string) (string, error) {
	_, err := os.Stat(path)
	if err == nil || !errors.Is(err, fs.ErrNotExist) {
		return path, err
	}
	if _, gerr := os.Stat(path + Ext); gerr == nil {
		return path + Ext, nil
	}
	return path, err
}

// Exists reports whether path or path+".gz" exists.
func Exists(path string) bool {
	_, err := Resolve(path)
	return err == nil
}

// ReadFile reads path, or decompresses path+".gz" when path is absent. A
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
	if real == path && !(filepath.Ext(path) == Ext && len(b) >= 2 && b[0] == 0x1f && b[1] == 0x8b) {
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
// save at least an eighth of the bytes and at least 512 bytes.
func Saves(raw, gz []byte) bool {
	return len(raw)-len(gz) >= max(len(raw)/8, 512)
}

// WriteFile stores data at path, or gzipped at path+".gz" when compress
// is true and that saves space (see Saves); the other form, if present,
// is removed so that readers never see a stale copy. The write is atomic
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
	if err := os.Remove(other); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return "", err
	}
	return target, nil
}
