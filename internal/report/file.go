package report

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/sm90sim/sm90sim/internal/safeio"
)

// WriteFileWith writes path through fill, atomically: the bytes go to a
// temporary file in the same directory that is renamed over path only when
// everything was written, so a failure never leaves a half-written file.
func WriteFileWith(path string, fill func(io.Writer) error) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".sm90sim-*")
	if err != nil {
		return fmt.Errorf("%s: %v", path, reason(err))
	}
	safeio.Track(tmp.Name())
	defer safeio.Forget(tmp.Name())
	fail := func(err error) error {
		tmp.Close()
		os.Remove(tmp.Name())
		return fmt.Errorf("%s: %v", path, reason(err))
	}
	if err := tmp.Chmod(0o644); err != nil {
		return fail(err)
	}
	bw := bufio.NewWriter(tmp)
	if err := fill(bw); err != nil {
		return fail(err)
	}
	if err := bw.Flush(); err != nil {
		return fail(err)
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("%s: %v", path, reason(err))
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("%s: %v", path, reason(err))
	}
	return nil
}

// reason is an error's text without the temporary file's name.
func reason(err error) string {
	var pe *os.PathError
	var le *os.LinkError
	switch {
	case errors.As(err, &pe):
		return pe.Err.Error()
	case errors.As(err, &le):
		return le.Err.Error()
	}
	return err.Error()
}

// WriteFile writes b to path atomically.
func WriteFile(path string, b []byte) error {
	return WriteFileWith(path, func(w io.Writer) error {
		_, err := w.Write(b)
		return err
	})
}

// WriteJSON writes v as indented JSON (with a final newline), atomically.
func WriteJSON(path string, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	return WriteFile(path, append(b, '\n'))
}
