package gamelog

import (
	"bytes"
	"compress/gzip"
	"strings"
	"testing"
)

func gz(t *testing.T, data []byte) []byte {
	t.Helper()
	var b bytes.Buffer
	z := gzip.NewWriter(&b)
	z.Write(data)
	z.Close()
	return b.Bytes()
}

// A gzip-compressed log reads as the plain one; the bounds apply to the
// decompressed stream, and a cut or false stream is an error naming it.
func TestReadCompressed(t *testing.T) {
	plain := `{"format":"schnell-log","version":1,"game":"toy","seed":1,"dice":"digital","tables":"sha256:x"}` + "\n"
	lg, err := Read("a.jsonl.gz", bytes.NewReader(gz(t, []byte(plain))))
	if err != nil || lg.Header.Game != "toy" {
		t.Fatalf("Read of a compressed log: %v", err)
	}
	h, err := ReadHeader(bytes.NewReader(gz(t, []byte(plain))))
	if err != nil || h.Game != "toy" {
		t.Errorf("ReadHeader of a compressed log: %v", err)
	}
	bomb := gz(t, bytes.Repeat([]byte(" "), MaxLogBytes+10))
	if len(bomb) > 1<<20 {
		t.Fatalf("the bomb is %d bytes", len(bomb))
	}
	full := gz(t, []byte(plain))
	for _, c := range []struct{ name, want string }{
		{"bomb", "more than 16 MiB once decompressed"},
		{"cut", "a compressed log cut short"},
		{"header only", "gzip"},
	} {
		t.Run(c.name, func(t *testing.T) {
			in := map[string][]byte{"bomb": bomb, "cut": full[:len(full)-12], "header only": {0x1f, 0x8b, 8}}[c.name]
			_, err := Read("b.jsonl.gz", bytes.NewReader(in))
			if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "b.jsonl.gz") {
				t.Errorf("Read: %v, want %q", err, c.want)
			}
		})
	}
}
