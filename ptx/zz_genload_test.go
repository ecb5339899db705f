package ptx

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestGenLoad(t *testing.T) {
	v := map[string]string{}
	f, _ := os.Open("/work/.device/1/gen_verdicts.tsv")
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		c := strings.SplitN(sc.Text(), "\t", 3)
		v[c[0]] = c[1] + "\t" + c[2]
	}
	var agreeOK, agreeErr, refused, missed int
	for k, vv := range v {
		path := filepath.Join("/tmp/gen", k+".ptx")
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		_, lerr := Load(path, b)
		ok := strings.HasPrefix(vv, "0\t")
		switch {
		case ok && lerr == nil:
			agreeOK++
		case !ok && lerr != nil:
			agreeErr++
		case ok:
			refused++
			t.Logf("REFUSED %s: %v", k, strings.SplitN(lerr.Error(), "\n", 2)[0])
		default:
			missed++
			t.Logf("MISSED %s: %s", k, vv)
		}
	}
	t.Logf("ptxas accepts %d: we load %d, refuse %d; ptxas rejects %d: we reject %d, accept %d", agreeOK+refused, agreeOK, refused, agreeErr+missed, agreeErr, missed)
}
