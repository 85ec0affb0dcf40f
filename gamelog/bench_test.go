package gamelog

import (
	"bytes"
	"os"
	"testing"
)

func BenchmarkAppendRollEvent(b *testing.B) {
	e := Event{Seq: 1234, Type: "roll", Fields: []Field{Str("table", "D-4"), Str("for", "merchant-1 at SB2"), Str("dice", "1D10"), Ints("faces", []int{7}),
		List("mods", ObjV(Int("value", -2), Str("reason", "fog"))), Int("total", 5), Str("row", "4-5"), Str("result", "One hit")}}
	buf := make([]byte, 0, 512)
	b.ReportAllocs()
	for b.Loop() {
		buf = e.AppendJSON(buf[:0])
	}
	b.SetBytes(int64(len(buf)))
}

// BenchmarkRead reads a Long campaign's log (logs/auto-long-s100-seed5.jsonl).
func BenchmarkRead(b *testing.B) {
	data, err := os.ReadFile("../logs/auto-long-s100-seed5.jsonl")
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Read("long", bytes.NewReader(data)); err != nil {
			b.Fatal(err)
		}
	}
}
