package gamelog

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// ParseEvent reads one event line, keeping field order.
func ParseEvent(raw []byte) (Event, error) {
	var p parser
	return p.event(string(raw))
}

// event reads one event line. The strings of the event that need no
// unescaping are slices of line, and its fields and values are carved from
// the parser's chunks (Read keeps the whole log in one string and reads it
// with one parser: reading a log allocates little more than its events).
func (p *parser) event(line string) (Event, error) {
	var ev Event
	p.s, p.i = line, 0
	p.space()
	v, err := p.value(0)
	if err != nil {
		return ev, fmt.Errorf("not a JSON event: %v", err)
	}
	if p.space(); p.i < len(p.s) {
		return ev, errors.New("extra data after the event object")
	}
	return eventOf(v)
}

// eventOf checks that a line's value is an event and makes it one.
func eventOf(v Value) (Event, error) {
	var ev Event
	if v.Kind != KObj {
		return ev, errors.New("an event must be a JSON object")
	}
	if len(v.O) < 2 || v.O[0].Key != "seq" || v.O[1].Key != "type" {
		return ev, errors.New(`an event starts with "seq" and "type"`)
	}
	if v.O[0].Val.Kind != KInt || v.O[0].Val.I < 1 {
		return ev, errors.New(`"seq" must be a positive integer`)
	}
	if v.O[1].Val.Kind != KStr || v.O[1].Val.S == "" {
		return ev, errors.New(`"type" must be a non-empty string`)
	}
	ev.Seq, ev.Type, ev.Fields = v.O[0].Val.I, v.O[1].Val.S, v.O[2:]
	return ev, nil
}

const maxDepth = 32

// parser reads JSON as RFC 8259 has it, with the readings encoding/json
// gives (invalid UTF-8 and lone surrogates read as U+FFFD), and integers
// only.
type parser struct {
	s string
	i int

	fs    []Field // the fields of the objects being read (a stack)
	vs    []Value // the elements of the lists being read (a stack)
	arena Arena   // what the events read are carved from
}

func (p *parser) space() {
	for p.i < len(p.s) {
		switch p.s[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		default:
			return
		}
	}
}

func (p *parser) errf(format string, args ...any) error {
	return fmt.Errorf("offset %d: "+format, append([]any{p.i}, args...)...)
}

func (p *parser) unexpected() error {
	if p.i >= len(p.s) {
		return errors.New("unexpected end of line")
	}
	return p.errf("invalid character %q", p.s[p.i])
}

// value reads the value at p.i (after space) and the space after it.
func (p *parser) value(depth int) (Value, error) {
	if depth > maxDepth {
		return Value{}, errors.New("nested too deep")
	}
	if p.i >= len(p.s) {
		return Value{}, p.unexpected()
	}
	var v Value
	var err error
	switch p.s[p.i] {
	case '{':
		v, err = p.object(depth)
	case '[':
		v, err = p.list(depth)
	default:
		err = p.scalar(&v)
	}
	if err != nil {
		return Value{}, err
	}
	p.space()
	return v, nil
}

// scalar reads a string, number, true, false or null into v.
func (p *parser) scalar(v *Value) error {
	switch c := p.s[p.i]; {
	case c == '"':
		s, err := p.str()
		*v = Value{Kind: KStr, S: s}
		return err
	case c == '-' || c >= '0' && c <= '9':
		i, err := p.number()
		*v = Value{Kind: KInt, I: i}
		return err
	case c == 't':
		*v = Value{Kind: KBool, B: true}
		return p.word("true")
	case c == 'f':
		*v = Value{Kind: KBool}
		return p.word("false")
	case c == 'n':
		*v = Value{Kind: KNull}
		return p.word("null")
	}
	return p.unexpected()
}

func (p *parser) word(w string) error {
	if len(p.s)-p.i < len(w) || p.s[p.i:p.i+len(w)] != w {
		for j := 0; j < len(w) && p.i < len(p.s) && p.s[p.i] == w[j]; j++ {
			p.i++
		}
		return p.unexpected()
	}
	p.i += len(w)
	return nil
}

func (p *parser) object(depth int) (Value, error) {
	v := Value{Kind: KObj}
	p.i++ // {
	p.space()
	if p.i < len(p.s) && p.s[p.i] == '}' {
		p.i++
		return v, nil
	}
	mark := len(p.fs)
	defer func() { p.fs = p.fs[:mark] }()
	for {
		if p.i >= len(p.s) || p.s[p.i] != '"' {
			return v, p.unexpected()
		}
		k, err := p.str()
		if err != nil {
			return v, err
		}
		p.space()
		if p.i >= len(p.s) || p.s[p.i] != ':' {
			return v, p.unexpected()
		}
		p.i++
		p.space()
		fv, err := p.value(depth + 1)
		if err != nil {
			return v, err
		}
		p.fs = append(p.fs, Field{k, fv})
		if done, err := p.next('}'); err != nil || done {
			v.O = p.arena.CopyFields(p.fs[mark:])
			return v, err
		}
	}
}

// next reads what follows an element of an object or list: a comma (more
// to come) or the closing bracket (done).
func (p *parser) next(closing byte) (done bool, err error) {
	if p.i >= len(p.s) {
		return false, p.unexpected()
	}
	switch p.s[p.i] {
	case ',':
		p.i++
		p.space()
		return false, nil
	case closing:
		p.i++
		return true, nil
	}
	return false, p.unexpected()
}

func (p *parser) list(depth int) (Value, error) {
	v := Value{Kind: KList}
	p.i++ // [
	p.space()
	if p.i < len(p.s) && p.s[p.i] == ']' {
		p.i++
		return v, nil
	}
	mark := len(p.vs)
	defer func() { p.vs = p.vs[:mark] }()
	for {
		ev, err := p.value(depth + 1)
		if err != nil {
			return v, err
		}
		p.vs = append(p.vs, ev)
		if done, err := p.next(']'); err != nil || done {
			v.L = p.arena.CopyValues(p.vs[mark:])
			return v, err
		}
	}
}

// number reads a JSON number, which must be an integer of at most 2^53.
func (p *parser) number() (int, error) {
	start := p.i
	if p.s[p.i] == '-' {
		p.i++
	}
	digits := func() bool {
		n := p.i
		for p.i < len(p.s) && p.s[p.i] >= '0' && p.s[p.i] <= '9' {
			p.i++
		}
		return p.i > n
	}
	switch {
	case p.i < len(p.s) && p.s[p.i] == '0':
		p.i++
	case !digits():
		return 0, p.unexpected()
	}
	integer := true
	if p.i < len(p.s) && p.s[p.i] == '.' {
		p.i++
		if !digits() {
			return 0, p.unexpected()
		}
		integer = false
	}
	if p.i < len(p.s) && (p.s[p.i] == 'e' || p.s[p.i] == 'E') {
		p.i++
		if p.i < len(p.s) && (p.s[p.i] == '+' || p.s[p.i] == '-') {
			p.i++
		}
		if !digits() {
			return 0, p.unexpected()
		}
		integer = false
	}
	num := p.s[start:p.i]
	if !integer {
		return 0, fmt.Errorf("number %s is not an integer", clip(num))
	}
	i, err := strconv.ParseInt(num, 10, 64)
	if err != nil || i != int64(int(i)) || i > 1<<53 || i < -(1<<53) {
		return 0, fmt.Errorf("number %s is out of range", clip(num))
	}
	return int(i), nil
}

// str reads a string at p.i (a quote). A string with no escapes and valid
// UTF-8 is a slice of the line.
func (p *parser) str() (string, error) {
	p.i++ // "
	start := p.i
	for p.i < len(p.s) {
		c := p.s[p.i]
		switch {
		case c == '"':
			s := p.s[start:p.i]
			p.i++
			return s, nil
		case c == '\\' || c >= utf8.RuneSelf:
			return p.unquote(start)
		case c < ' ':
			return "", p.errf("control character %q in a string", c)
		}
		p.i++
	}
	return "", p.unexpected()
}

// unquote reads the rest of a string that has escapes or non-ASCII bytes.
func (p *parser) unquote(start int) (string, error) {
	b := []byte(p.s[start:p.i])
	for p.i < len(p.s) {
		c := p.s[p.i]
		switch {
		case c == '"':
			p.i++
			return string(b), nil
		case c < ' ':
			return "", p.errf("control character %q in a string", c)
		case c >= utf8.RuneSelf:
			r, size := utf8.DecodeRuneInString(p.s[p.i:])
			if r == utf8.RuneError && size == 1 {
				b = utf8.AppendRune(b, utf8.RuneError)
			} else {
				b = append(b, p.s[p.i:p.i+size]...)
			}
			p.i += size
		case c != '\\':
			b = append(b, c)
			p.i++
		default:
			p.i++
			if p.i >= len(p.s) {
				return "", p.unexpected()
			}
			e := p.s[p.i]
			p.i++
			switch e {
			case '"', '\\', '/':
				b = append(b, e)
			case 'b':
				b = append(b, '\b')
			case 'f':
				b = append(b, '\f')
			case 'n':
				b = append(b, '\n')
			case 'r':
				b = append(b, '\r')
			case 't':
				b = append(b, '\t')
			case 'u':
				r, ok := p.hex4()
				if !ok {
					return "", p.unexpected()
				}
				if utf16.IsSurrogate(r) {
					// A pair makes one rune; a lone half reads U+FFFD (and
					// what follows it is read on its own).
					if p.i+6 <= len(p.s) && p.s[p.i] == '\\' && p.s[p.i+1] == 'u' {
						save := p.i
						p.i += 2
						r2, ok := p.hex4()
						if dec := utf16.DecodeRune(r, r2); ok && dec != utf8.RuneError {
							b = utf8.AppendRune(b, dec)
							continue
						}
						p.i = save
					}
					r = utf8.RuneError
				}
				b = utf8.AppendRune(b, r)
			default:
				p.i--
				return "", p.errf("invalid escape \\%c in a string", e)
			}
		}
	}
	return "", p.unexpected()
}

// hex4 reads the 4 hex digits of a \u escape.
func (p *parser) hex4() (rune, bool) {
	if p.i+4 > len(p.s) {
		p.i = len(p.s)
		return 0, false
	}
	var r rune
	for _, c := range []byte(p.s[p.i : p.i+4]) {
		switch {
		case c >= '0' && c <= '9':
			c -= '0'
		case c >= 'a' && c <= 'f':
			c -= 'a' - 10
		case c >= 'A' && c <= 'F':
			c -= 'A' - 10
		default:
			return 0, false
		}
		r = r<<4 | rune(c)
	}
	p.i += 4
	return r, true
}

// clipAt is how much of one word of a log a message quotes.
const clipAt = 24

// clip shortens a word of a log quoted in a message: a 400-digit number
// is named by its start and its length, not echoed whole.
func clip(s string) string {
	if len(s) <= clipAt+8 {
		return s
	}
	cut := clipAt
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return fmt.Sprintf("%s… (%d characters)", s[:cut], len(s))
}

// clipWords clips each long word of a message made by another package
// (encoding/json quotes the whole number it cannot store).
func clipWords(msg string) string {
	words := strings.Split(msg, " ")
	for i, w := range words {
		words[i] = clip(w)
	}
	return strings.Join(words, " ")
}
