package mufuref

import (
	"bytes"
	"os"
	"testing"
)

func TestSizes(t *testing.T) {
	p := os.Getenv("MUFU_HW")
	if p == "" {
		t.Skip()
	}
	fh, _ := os.Open(p)
	recs, err := Decode(fh)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range recs {
		var b bytes.Buffer
		Encode(&b, []Record{r})
		t.Logf("%-22s set %d n %7d: %7d bytes", r.Form, r.Set, len(r.HW), b.Len())
	}
}
