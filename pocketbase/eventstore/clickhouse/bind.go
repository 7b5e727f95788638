package clickhouse

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// Bind replaces each {:name} in sql with the literal of params[name]: the one place values enter
// SQL text. Strings are quoted and escaped, numbers written in full, times as UTC DateTime,
// string slices as a parenthesized list for IN. An unknown name or type is an error.
func Bind(sql string, params map[string]any) (string, error) {
	var err error
	out := placeholder.ReplaceAllStringFunc(sql, func(m string) string {
		name := m[2 : len(m)-1]
		v, ok := params[name]
		if !ok {
			err = fmt.Errorf("clickhouse: no value for {:%s}", name)
			return m
		}
		lit, e := Literal(v)
		if e != nil {
			err = fmt.Errorf("clickhouse: {:%s}: %w", name, e)
		}
		return lit
	})
	return out, err
}

var placeholder = regexp.MustCompile(`\{:[A-Za-z_][A-Za-z0-9_]*\}`)

// Literal is v as a ClickHouse literal.
func Literal(v any) (string, error) {
	switch x := v.(type) {
	case string:
		return Quote(x), nil
	case int:
		return strconv.Itoa(x), nil
	case int64:
		return strconv.FormatInt(x, 10), nil
	case uint64:
		return strconv.FormatUint(x, 10), nil
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return "", fmt.Errorf("not a finite number")
		}
		return strconv.FormatFloat(x, 'g', -1, 64), nil
	case bool:
		if x {
			return "1", nil
		}
		return "0", nil
	case time.Time:
		// Milliseconds since the epoch: the events' `at` column.
		return strconv.FormatInt(x.UnixMilli(), 10), nil
	case []string:
		if len(x) == 0 {
			return "('')", nil // IN () is a syntax error; no stored value is compared with '' by callers
		}
		parts := make([]string, len(x))
		for i, s := range x {
			parts[i] = Quote(s)
		}
		return "(" + strings.Join(parts, ", ") + ")", nil
	}
	return "", fmt.Errorf("unsupported type %T", v)
}

// Quote is s as a single-quoted string literal: backslash and quote escaped, and the control
// characters a literal may not hold raw.
func Quote(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteByte('\'')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '\\':
			b.WriteString(`\\`)
		case '\'':
			b.WriteString(`\'`)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		case '\t':
			b.WriteString(`\t`)
		case 0:
			b.WriteString(`\0`)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('\'')
	return b.String()
}
