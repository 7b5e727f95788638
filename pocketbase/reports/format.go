package reports

import (
	"math"
	"strconv"
	"strings"
	"time"
)

// human writes a value as the dashboard shows it: 1,234; $129.00; 3.24%; the day; the site's time.
func human(k Kind, v any) string {
	switch x := v.(type) {
	case nil:
		return "-"
	case Cell:
		return human(x.Kind, x.Value)
	case string:
		return x
	case time.Time:
		return x.Format("2006-01-02 15:04")
	case float64:
		switch k {
		case Int:
			return thousands(int64(math.Round(x)))
		case Money:
			return "$" + decimals2(x)
		case Percent:
			return strconv.FormatFloat(x, 'f', 2, 64) + "%"
		default:
			return strconv.FormatFloat(x, 'f', 2, 64)
		}
	}
	return ""
}

// machine writes a value for CSV: plain numbers (no separators or units), ISO times.
func machine(k Kind, v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case Cell:
		return machine(x.Kind, x.Value)
	case string:
		return x
	case time.Time:
		return x.Format(time.RFC3339)
	case float64:
		if k == Int {
			return strconv.FormatInt(int64(math.Round(x)), 10)
		}
		return strconv.FormatFloat(x, 'f', 2, 64)
	}
	return ""
}

// decimals2 is a non-negative or negative amount with thousands separators and two decimals.
func decimals2(x float64) string {
	s := strconv.FormatFloat(math.Abs(x), 'f', 2, 64)
	whole, frac, _ := strings.Cut(s, ".")
	n, _ := strconv.ParseInt(whole, 10, 64)
	sign := ""
	if x < 0 {
		sign = "-"
	}
	return sign + thousands(n) + "." + frac
}

func thousands(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}

// signed is a change with its sign, "+12.50%" or "-3.00%".
func signed(change float64) string {
	if change > 0 {
		return "+" + strconv.FormatFloat(change, 'f', 2, 64) + "%"
	}
	return strconv.FormatFloat(change, 'f', 2, 64) + "%"
}

// typeLabels name the report types in the reports themselves.
var typeLabels = map[string]string{
	Performance: "Performance report",
	Conversions: "Conversions report",
	Funnel:      "Funnel report",
	Heatmap:     "Page engagement report",
	Session:     "Sessions report",
	Full:        "Full report",
}

func typeLabel(t string) string {
	if l, ok := typeLabels[t]; ok {
		return l
	}
	return "Report"
}
