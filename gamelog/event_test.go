package gamelog

import (
	"bytes"
	"testing"
)

// escapes (eight bytes at a time) agrees with plain (one byte at a time)
// for every byte value at every position of the word.
func TestEscapesAgreesWithPlain(t *testing.T) {
	for pos := range 8 {
		for v := range 256 {
			w := uint64(0)
			for i := range 8 {
				c := uint64('a')
				if i == pos {
					c = uint64(v)
				}
				w |= c << (8 * i)
			}
			if got := escapes(w); got != !plain[v] {
				t.Errorf("byte %#02x at %d: escapes = %v, plain = %v", v, pos, got, plain[v])
			}
		}
	}
}

// A line written field by field (Begin … End) is the line Append writes
// for the same fields.
func TestWriterFieldByFieldEqualsAppend(t *testing.T) {
	events := []Event{
		{Seq: 1, Type: "roll", Fields: []Field{Str("table", "A-1"), Str("for", "say \"hi\"\n"), Str("dice", "1D10"), Ints("faces", []int{7}),
			List("mods", ObjV(Int("value", -2), Str("reason", "fog")), ObjV(Int("value", 1), Str("reason", "Ünï"))), Int("total", 5), Str("row", "4-5"), Str("result", "")}},
		{Seq: 2, Type: "empty"},
		{Seq: 3, Type: "lists", Fields: []Field{Ints("none", nil), List("nested", Value{Kind: KList, L: []Value{IntV(1), StrV("x")}}, ObjV()), Obj("o", Str("k", "v"))}},
	}
	var a, b bytes.Buffer
	wa, wb := NewWriter(&a, &Header{Format: FormatName}), NewWriter(&b, &Header{Format: FormatName})
	var stream func(w *Writer, key string, v *Value)
	stream = func(w *Writer, key string, v *Value) {
		switch v.Kind {
		case KInt:
			w.Int(key, v.I)
		case KStr:
			w.Str(key, v.S)
		case KList:
			ints := len(v.L) > 0
			for _, x := range v.L {
				ints = ints && x.Kind == KInt
			}
			if ints {
				w.Ints(key, v.Ints())
				return
			}
			w.Open(key, true)
			for i := range v.L {
				stream(w, "", &v.L[i])
			}
			w.Close()
		case KObj:
			w.Open(key, false)
			for i := range v.O {
				stream(w, v.O[i].Key, &v.O[i].Val)
			}
			w.Close()
		}
	}
	for i := range events {
		e := &events[i]
		if err := wa.Append(e); err != nil {
			t.Fatal(err)
		}
		wb.Begin(e.Seq, e.Type)
		for j := range e.Fields {
			stream(wb, e.Fields[j].Key, &e.Fields[j].Val)
		}
		if err := wb.End(); err != nil {
			t.Fatal(err)
		}
	}
	wa.Flush()
	wb.Flush()
	if a.String() != b.String() {
		t.Errorf("field by field:\n%s\nAppend:\n%s", b.String(), a.String())
	}
}

func TestAnyWord(t *testing.T) {
	e := Event{Type: "gunfire", Fields: []Field{
		Str("label", "lit by S141's starshell"),
		List("ids", StrV("tow:stricken1")),
		Obj("at", Str("target", "GARTH")),
		Int("range", 141),
	}}
	for _, c := range []struct {
		word string
		want bool
	}{
		{"S141", true}, {"stricken1", true}, {"tow", true}, {"GARTH", true},
		{"141", false},                                         // an int field is not a word
		{"S14", false}, {"starshell", true}, {"S141's", false}, // the apostrophe ends a word
	} {
		if got := e.AnyWord(func(w string) bool { return w == c.word }); got != c.want {
			t.Errorf("AnyWord(%q) = %v, want %v", c.word, got, c.want)
		}
	}
}
