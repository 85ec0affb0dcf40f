package gamelog

import "testing"

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
