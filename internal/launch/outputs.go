package launch

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/sm90sim/sm90sim/internal/npy"
	"github.com/sm90sim/sm90sim/internal/safeio"
)

// WriteOutputs writes each named buffer to DIR/NAME.npy (creating DIR).
// All files are first written to temporaries and only then renamed, so a
// failure leaves none of them half-written.
func WriteOutputs(dir string, bufs []*Buffer, names []string) error {
	byName := map[string]*Buffer{}
	for _, b := range bufs {
		byName[b.Name] = b
	}
	for _, n := range names {
		if byName[n] == nil {
			return fmt.Errorf("output %q: no such buffer", n)
		}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	temps := make([]string, 0, len(names))
	cleanup := func() {
		for _, t := range temps {
			os.Remove(t)
			safeio.Forget(t)
		}
	}
	for _, n := range names {
		b := byName[n]
		tmp, err := npy.WriteTemp(filepath.Join(dir, n+".npy"), b.DType.NumpyDescr(), b.Shape, b.Data)
		if err != nil {
			cleanup()
			return fmt.Errorf("output %s: %w", n, err)
		}
		temps = append(temps, tmp)
	}
	for i, n := range names {
		dst := filepath.Join(dir, n+".npy")
		if err := os.Rename(temps[i], dst); err != nil {
			temps = temps[i:]
			cleanup()
			return fmt.Errorf("output %s: cannot write %s: %v", n, dst, linkErrText(err))
		}
		safeio.Forget(temps[i])
	}
	return nil
}

// linkErrText is a rename error's reason without the temporary file's name.
func linkErrText(err error) string {
	if le, ok := err.(*os.LinkError); ok {
		return le.Err.Error()
	}
	return err.Error()
}
