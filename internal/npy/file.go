package npy

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"

	"github.com/sm90sim/sm90sim/internal/gzfile"
)

// Read loads an .npy file, or path+".gz" (gzip-compressed) when path is
// absent. See Decode for what it returns.
func Read(path string) (descr string, shape []int, data []byte, err error) {
	src, err := gzfile.ReadFile(path)
	if err != nil {
		return "", nil, nil, err
	}
	descr, shape, data, err = Decode(src)
	if err != nil {
		return "", nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	return descr, shape, data, nil
}

// Write stores an .npy file atomically: the bytes go to a temporary file in
// the same directory, which is then renamed over path.
func Write(path string, descr string, shape []int, data []byte) error {
	tmp, err := WriteTemp(path, descr, shape, data)
	if err != nil {
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return err
	}
	return nil
}

// WriteTemp writes the .npy image to a new temporary file next to path
// (mode 0644, synced) and returns its name; the caller renames or removes it.
// It lets callers commit several files together.
func WriteTemp(path string, descr string, shape []int, data []byte) (string, error) {
	var b bytes.Buffer
	if err := Encode(&b, descr, shape, data); err != nil {
		return "", fmt.Errorf("%s: %w", path, err)
	}
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return "", err
	}
	name := f.Name()
	_, err = f.Write(b.Bytes())
	if err == nil {
		err = f.Chmod(0o644)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(name)
		return "", err
	}
	return name, nil
}

// WriteCompressed stores an .npy file atomically as path+".gz" when gzip
// saves space (gzfile.Saves), else as path, and removes the other form. It
// returns the name written.
func WriteCompressed(path string, descr string, shape []int, data []byte) (string, error) {
	b, err := EncodeBytes(descr, shape, data)
	if err != nil {
		return "", fmt.Errorf("%s: %w", path, err)
	}
	return gzfile.WriteFile(path, b, true)
}
