package ecommerce

import (
	"encoding/json"
	"fmt"
	"math"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// The Go twin of src/lib/contracts/ecommerce.ts, pinned by tests/fixtures/contracts/ecommerce-events.json.

// eventKinds are the GA4 ecommerce event names read, and the kind each is stored as.
var eventKinds = map[string]string{
	"view_item": "view_item", "add_to_cart": "add_to_cart", "remove_from_cart": "remove_from_cart",
	"begin_checkout": "begin_checkout", "add_shipping_info": "checkout_step", "add_payment_info": "checkout_step",
	"checkout_progress": "checkout_step", "purchase": "purchase",
}

const (
	maxItems    = 50
	maxText     = 100
	maxValue    = 1e9
	maxQuantity = 10000
	// dataLayerSource marks the events the ecommerce chunk captured from the page's dataLayer.
	dataLayerSource = "dataLayer"
)

var currencyCode = regexp.MustCompile(`^[A-Z]{3}$`)
var decimal = regexp.MustCompile(`^\s*\d+(\.\d+)?\s*$`)

// Item is one line of an event or order.
type Item struct {
	ID       string  `json:"id"`
	Name     string  `json:"name"`
	Category string  `json:"category"`
	Variant  string  `json:"variant"`
	Price    float64 `json:"price"`
	Quantity int     `json:"quantity"`
}

// Event is a custom event read as an ecommerce event.
type Event struct {
	Kind        string  `json:"kind"`
	Source      string  `json:"source"`
	Value       float64 `json:"value"`
	Currency    string  `json:"currency"`
	OrderID     string  `json:"orderId"`
	Coupon      string  `json:"coupon"`
	Step        string  `json:"step"`
	Items       []Item  `json:"items"`
	Fingerprint string  `json:"fingerprint"`
}

type invalid struct{ msg string }

func (e invalid) Error() string { return e.msg }

func bad(format string, a ...any) { panic(invalid{fmt.Sprintf(format, a...)}) }

// IsEcommerceName says whether a custom event's name is one this contract reads.
func IsEcommerceName(name string) bool { _, ok := eventKinds[name]; return ok }

// ParseEvent reads a custom event (name, its val, its pr) as an ecommerce event. ok is false when
// the name is not an ecommerce event's; err says why a named one is invalid.
func ParseEvent(name string, val float64, props json.RawMessage) (ev Event, ok bool, err error) {
	kind, ok := eventKinds[name]
	if !ok {
		return Event{}, false, nil
	}
	var p map[string]any
	if len(props) > 0 {
		var raw any
		if json.Unmarshal(props, &raw) == nil {
			p, _ = raw.(map[string]any)
		}
	}
	if p == nil {
		p = map[string]any{}
	}
	defer func() {
		if r := recover(); r != nil {
			if e, is := r.(invalid); is {
				ev, err = Event{}, e
				return
			}
			panic(r)
		}
	}()
	return read(name, kind, val, p), true, nil
}

func read(name, kind string, val float64, p map[string]any) Event {
	ev := Event{Kind: kind, Source: "api", Items: []Item{}}
	if s, _ := p["src"].(string); s == dataLayerSource {
		ev.Source = "datalayer"
	}
	ev.Currency = strings.ToUpper(text(p["currency"], "currency"))
	if ev.Currency != "" && !currencyCode.MatchString(ev.Currency) {
		bad("currency: must be a 3-letter ISO 4217 code")
	}
	ev.OrderID = text(p["transaction_id"], "transaction_id")
	if kind == "purchase" && ev.OrderID == "" {
		bad("transaction_id: a purchase needs its order id")
	}
	ev.Coupon = text(p["coupon"], "coupon")
	switch {
	case name == "add_shipping_info":
		ev.Step = "shipping"
	case name == "add_payment_info":
		ev.Step = "payment"
	case kind == "checkout_step":
		step := p["checkout_step"]
		if step == nil {
			step = p["step"]
		}
		ev.Step = text(step, "checkout_step")
	}
	if kind == "checkout_step" && ev.Step == "" {
		bad("checkout_step: a checkout step needs its step")
	}
	if raw, present := p["items"]; present && raw != nil {
		list, isList := raw.([]any)
		if !isList {
			bad("items: must be a list")
		}
		if len(list) > maxItems {
			bad("items: more than %d", maxItems)
		}
		for i, x := range list {
			ev.Items = append(ev.Items, item(x, i))
		}
	}
	var reported any
	if ev.Source == "datalayer" {
		reported = p["amount"]
	} else if val != 0 {
		reported = val
	}
	if reported == nil {
		total := 0.0
		for _, it := range ev.Items {
			total += it.Price * float64(it.Quantity)
		}
		ev.Value = Cents(total)
	} else {
		field := "value"
		if ev.Source == "datalayer" {
			field = "amount"
		}
		ev.Value = money(reported, field)
	}
	ev.Fingerprint = fingerprint(kind, ev.OrderID, ev.Step, ev.Items)
	return ev
}

func item(x any, i int) Item {
	o, isObj := x.(map[string]any)
	if !isObj {
		bad("items[%d]: must be an object", i)
	}
	f := func(k string) string { return fmt.Sprintf("items[%d].%s", i, k) }
	it := Item{ID: text(o["item_id"], f("item_id")), Name: text(o["item_name"], f("item_name"))}
	if it.ID == "" && it.Name == "" {
		bad("items[%d]: needs item_id or item_name", i)
	}
	if it.ID == "" {
		it.ID = it.Name
	}
	if it.Name == "" {
		it.Name = it.ID
	}
	it.Quantity = 1
	if q, present := o["quantity"]; present && q != nil {
		n, isNum := q.(float64)
		if !isNum || n != math.Trunc(n) || n < 1 || n > maxQuantity {
			bad("items[%d].quantity: must be a whole number from 1 to %d", i, maxQuantity)
		}
		it.Quantity = int(n)
	}
	it.Category = text(o["item_category"], f("item_category"))
	it.Variant = text(o["item_variant"], f("item_variant"))
	if pr, present := o["price"]; present && pr != nil {
		it.Price = money(pr, f("price"))
	}
	return it
}

// text reads a string (or a number, as order ids often are) of at most 100 characters, trimmed.
func text(v any, field string) string {
	var s string
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		s = x
	case float64:
		s = strconv.FormatFloat(x, 'f', -1, 64)
	default:
		bad("%s: must be text", field)
	}
	s = strings.TrimSpace(s)
	if utf8.RuneCountInString(s) > maxText {
		bad("%s: longer than %d characters", field, maxText)
	}
	return s
}

// money reads an amount: a number or a decimal string, from 0 to 1e9, rounded to cents.
func money(v any, field string) float64 {
	var n float64
	switch x := v.(type) {
	case float64:
		n = x
	case string:
		if !decimal.MatchString(x) {
			bad("%s: must be an amount from 0 to 1e9", field)
		}
		n, _ = strconv.ParseFloat(strings.TrimSpace(x), 64)
	default:
		bad("%s: must be an amount from 0 to 1e9", field)
	}
	if math.IsNaN(n) || math.IsInf(n, 0) || n < 0 || n > maxValue {
		bad("%s: must be an amount from 0 to 1e9", field)
	}
	return Cents(n)
}

// Cents rounds an amount to hundredths (as Math.round(v * 100) / 100).
func Cents(v float64) float64 { return math.Floor(v*100+0.5) / 100 }

func fingerprint(kind, orderID, step string, items []Item) string {
	if kind == "purchase" {
		return "purchase|" + orderID
	}
	lines := make([]string, len(items))
	for i, it := range items {
		lines[i] = it.ID + "x" + strconv.Itoa(it.Quantity)
	}
	sort.Strings(lines)
	return kind + "|" + step + "|" + strings.Join(lines, ",")
}
