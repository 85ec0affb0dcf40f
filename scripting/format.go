package scripting

import (
	"math"
	"strconv"
	"strings"

	lua "github.com/schnell-wargames/schnell/third_party/gopher-lua"
)

// luaFormat is string.format as Lua 5.1 has it (lstrlib.c), with Lua's
// own limits: flags from "-+ #0", a width and a precision of at most two
// digits each, and only the conversions c d i o u x X e E f g G q s %.
// gopher-lua hands the format to Go's fmt, which knows other verbs (%v,
// %p, %T) and other widths; this never does. The result is capped at
// maxString.
func luaFormat(L *lua.LState) int {
	f := L.CheckString(1)
	top := L.GetTop()
	arg := 1
	var b strings.Builder
	grow := func(n int) {
		if b.Len()+n > maxString {
			L.RaiseError("string.format: the result would exceed %d bytes", maxString)
		}
	}
	for i := 0; i < len(f); i++ {
		c := f[i]
		if c != '%' {
			grow(1)
			b.WriteByte(c)
			continue
		}
		i++
		if i < len(f) && f[i] == '%' {
			grow(1)
			b.WriteByte('%')
			continue
		}
		arg++
		if arg > top {
			L.ArgError(arg, "no value")
		}
		spec, next := scanFormat(L, f, i)
		i = next
		var conv byte
		if i < len(f) {
			conv = f[i]
		}
		var s string
		switch conv {
		case 'c':
			s = pad(spec, string([]byte{byte(toCInt(L.CheckNumber(arg)))}))
		case 'd', 'i':
			s = spec.integer(toCInt(L.CheckNumber(arg)), 'd')
		case 'o', 'u', 'x', 'X':
			n := uint64(toCInt(L.CheckNumber(arg)))
			if conv == 'u' {
				conv = 'd'
			}
			s = spec.unsigned(n, conv)
		case 'e', 'E', 'f', 'g', 'G':
			s = spec.float(float64(L.CheckNumber(arg)), conv)
		case 'q':
			s = quoteLua(L.CheckString(arg))
		case 's':
			str := L.CheckString(arg)
			if spec.prec >= 0 && spec.prec < len(str) {
				str = str[:spec.prec]
			}
			grow(len(str))
			s = pad(spec, str)
		default:
			if conv == 0 {
				L.RaiseError("invalid option '%%' to 'format' (the format ends in %%)")
			}
			L.RaiseError("invalid option '%%%c' to 'format' (Lua knows %%c %%d %%i %%o %%u %%x %%X %%e %%E %%f %%g %%G %%q %%s %%%%)", conv)
		}
		grow(len(s))
		b.WriteString(s)
	}
	L.Push(lua.LString(b.String()))
	return 1
}

// fmtSpec is one conversion's flags, width and precision (-1: none).
type fmtSpec struct {
	minus, plus, space, hash, zero bool
	width, prec                    int
}

// scanFormat reads flags, width and precision from f[i:] as Lua 5.1's
// scanformat does, and returns where the conversion letter is.
func scanFormat(L *lua.LState, f string, i int) (fmtSpec, int) {
	sp := fmtSpec{prec: -1}
	start := i
	for i < len(f) && strings.IndexByte("-+ #0", f[i]) >= 0 {
		switch f[i] {
		case '-':
			sp.minus = true
		case '+':
			sp.plus = true
		case ' ':
			sp.space = true
		case '#':
			sp.hash = true
		case '0':
			sp.zero = true
		}
		i++
	}
	if i-start > 5 {
		L.RaiseError("invalid format (repeated flags)")
	}
	digits := func() int {
		n, k := 0, 0
		for i < len(f) && f[i] >= '0' && f[i] <= '9' {
			if k == 2 {
				L.RaiseError("invalid format (width or precision too long: at most 2 digits)")
			}
			n = n*10 + int(f[i]-'0')
			i++
			k++
		}
		return n
	}
	sp.width = digits()
	if i < len(f) && f[i] == '.' {
		i++
		sp.prec = digits()
	}
	return sp, i
}

// toCInt converts a number to an integer as C's cast to long does on
// amd64: the fraction dropped, NaN and values out of range give the
// smallest integer.
func toCInt(n lua.LNumber) int64 {
	f := float64(n)
	if math.IsNaN(f) || f >= 1<<63 || f < -(1<<63) {
		return math.MinInt64
	}
	return int64(f)
}

// pad applies a width (and the - flag) to text.
func pad(sp fmtSpec, s string) string {
	if len(s) >= sp.width {
		return s
	}
	fill := strings.Repeat(" ", sp.width-len(s))
	if sp.minus {
		return s + fill
	}
	return fill + s
}

// number pads a sign and digits: the 0 flag fills between them.
func (sp fmtSpec) number(sign, prefix, digits string, zeroOK bool) string {
	n := len(sign) + len(prefix) + len(digits)
	if n >= sp.width {
		return sign + prefix + digits
	}
	fill := sp.width - n
	switch {
	case sp.minus:
		return sign + prefix + digits + strings.Repeat(" ", fill)
	case sp.zero && zeroOK:
		return sign + prefix + strings.Repeat("0", fill) + digits
	}
	return strings.Repeat(" ", fill) + sign + prefix + digits
}

func (sp fmtSpec) sign(neg bool) string {
	switch {
	case neg:
		return "-"
	case sp.plus:
		return "+"
	case sp.space:
		return " "
	}
	return ""
}

// integer formats %d.
func (sp fmtSpec) integer(n int64, _ byte) string {
	neg := n < 0
	u := uint64(n)
	if neg {
		u = -u
	}
	digits := strconv.FormatUint(u, 10)
	digits = sp.minDigits(digits, u)
	return sp.number(sp.sign(neg), "", digits, sp.prec < 0)
}

// unsigned formats %o, %u (as 'd'), %x and %X.
func (sp fmtSpec) unsigned(u uint64, conv byte) string {
	base := map[byte]int{'d': 10, 'o': 8, 'x': 16, 'X': 16}[conv]
	digits := strconv.FormatUint(u, base)
	if conv == 'X' {
		digits = strings.ToUpper(digits)
	}
	digits = sp.minDigits(digits, u)
	prefix := ""
	if sp.hash {
		switch {
		case conv == 'o' && digits[0] != '0':
			digits = "0" + digits
		case conv == 'x' && u != 0:
			prefix = "0x"
		case conv == 'X' && u != 0:
			prefix = "0X"
		}
	}
	return sp.number("", prefix, digits, sp.prec < 0)
}

// minDigits applies a precision to an integer's digits (C: %.0d of 0 is "").
func (sp fmtSpec) minDigits(digits string, u uint64) string {
	if sp.prec < 0 {
		return digits
	}
	if sp.prec == 0 && u == 0 {
		return ""
	}
	if len(digits) < sp.prec {
		digits = strings.Repeat("0", sp.prec-len(digits)) + digits
	}
	return digits
}

// float formats %e %E %f %g %G as C does (precision 6 by default; inf and
// nan spelled as glibc spells them).
func (sp fmtSpec) float(x float64, conv byte) string {
	neg := math.Signbit(x)
	if math.IsInf(x, 0) || math.IsNaN(x) {
		s := "inf"
		if math.IsNaN(x) {
			s = "nan"
		}
		if conv == 'E' || conv == 'G' {
			s = strings.ToUpper(s)
		}
		return sp.number(sp.sign(neg), "", s, false)
	}
	prec := sp.prec
	if prec < 0 {
		prec = 6
	}
	var digits string
	switch conv {
	case 'e', 'E', 'f':
		digits = strconv.FormatFloat(math.Abs(x), conv, prec, 64)
		if sp.hash && prec == 0 {
			if conv == 'f' {
				digits += "."
			} else if i := strings.IndexAny(digits, "eE"); i >= 0 {
				digits = digits[:i] + "." + digits[i:]
			}
		}
	case 'g', 'G':
		digits = cG(math.Abs(x), prec, sp.hash)
		if conv == 'G' {
			digits = strings.ToUpper(digits)
		}
	}
	return sp.number(sp.sign(neg), "", digits, true)
}

// cG is C's %g: %e if the exponent is below -4 or at least the precision,
// else %f, with trailing zeros removed unless '#'.
func cG(x float64, prec int, hash bool) string {
	if prec == 0 {
		prec = 1
	}
	e := strconv.FormatFloat(x, 'e', prec-1, 64)
	exp, _ := strconv.Atoi(e[strings.IndexByte(e, 'e')+1:])
	var s string
	if exp < -4 || exp >= prec {
		s = e
	} else {
		s = strconv.FormatFloat(x, 'f', prec-1-exp, 64)
	}
	if hash {
		if !strings.Contains(s, ".") {
			if i := strings.IndexByte(s, 'e'); i >= 0 {
				s = s[:i] + "." + s[i:]
			} else {
				s += "."
			}
		}
		return s
	}
	mant, exps, _ := strings.Cut(s, "e")
	if strings.Contains(mant, ".") {
		mant = strings.TrimRight(strings.TrimRight(mant, "0"), ".")
	}
	if exps != "" {
		return mant + "e" + exps
	}
	return mant
}

// quoteLua is %q as Lua 5.1 writes it: a string Lua reads back.
func quoteLua(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '"', '\\', '\n':
			b.WriteByte('\\')
			b.WriteByte(c)
		case '\r':
			b.WriteString(`\r`)
		case 0:
			b.WriteString(`\000`)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}
