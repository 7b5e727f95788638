package ecommerce

import (
	"encoding/json"
	"sort"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// abandonAfter: a cart whose session has had no ecommerce event for this long and no order is
// abandoned (before then it is still open).
const abandonAfter = 30 * time.Minute

type eventRow struct {
	Visitor     string  `db:"visitor"`
	Session     string  `db:"session"`
	TS          int64   `db:"ts"`
	Kind        string  `db:"kind"`
	Source      string  `db:"source"`
	Fingerprint string  `db:"fingerprint"`
	Value       float64 `db:"value"`
	Currency    string  `db:"currency"`
	Step        string  `db:"step"`
	Items       string  `db:"items"`
	items       []Item
}

type order struct {
	OrderID  string  `db:"order_id"`
	Visitor  string  `db:"visitor"`
	Session  string  `db:"session"`
	TS       int64   `db:"ts"`
	Value    float64 `db:"value"`
	Currency string  `db:"currency"`
	Coupon   string  `db:"coupon"`
	Items    string  `db:"items"`
	Origin   string  `db:"origin"`
	items    []Item
}

// Summary are the headline figures of a range, in the reporting currency.
type Summary struct {
	Revenue        float64 `json:"revenue"`
	Orders         int     `json:"orders"`
	AOV            float64 `json:"aov"`
	Visitors       float64 `json:"visitors"`
	Purchasers     int     `json:"purchasers"`
	RPV            float64 `json:"revenuePerVisitor"`
	ConversionRate float64 `json:"conversionRate"`
	// Orders in a currency without a rate: counted as orders, left out of revenue.
	Unconverted           int      `json:"unconvertedOrders"`
	UnconvertedCurrencies []string `json:"unconvertedCurrencies"`
}

// ProductFigures are one product's (or category's) figures.
type ProductFigures struct {
	ID                 string  `json:"id"`
	Name               string  `json:"name"`
	Category           string  `json:"category"`
	Views              int     `json:"views"`
	Carts              int     `json:"carts"`
	Orders             int     `json:"orders"`
	Units              int     `json:"units"`
	Revenue            float64 `json:"revenue"`
	AddToCartRate      float64 `json:"addToCartRate"`
	CartToPurchaseRate float64 `json:"cartToPurchaseRate"`
}

// FunnelStep is the sessions that reached a step of the shopping funnel (or a later one).
type FunnelStep struct {
	Step     string `json:"step"`
	Sessions int    `json:"sessions"`
}

// Breakdown is a funnel, or cart abandonment, per value of a dimension.
type Breakdown struct {
	Value     string       `json:"value"`
	Steps     []FunnelStep `json:"steps,omitempty"`
	Started   int          `json:"started"`
	Abandoned int          `json:"abandoned"`
	ValueLeft float64      `json:"valueLeft"`
}

// Abandonment is cart abandonment: sessions with an add to cart, those that ended without an order.
type Abandonment struct {
	Started   int         `json:"started"`
	Abandoned int         `json:"abandoned"`
	Open      int         `json:"open"`
	Rate      float64     `json:"rate"`
	ValueLeft float64     `json:"valueLeft"`
	BySource  []Breakdown `json:"bySource"`
	ByDevice  []Breakdown `json:"byDevice"`
}

// CouponFigures are the orders that used a coupon.
type CouponFigures struct {
	Code    string  `json:"code"`
	Orders  int     `json:"orders"`
	Revenue float64 `json:"revenue"`
	AOV     float64 `json:"aov"`
}

// Report is GET /api/cro/ecommerce/{siteId}.
type Report struct {
	Currency      string                 `json:"currency"`
	Days          int                    `json:"days"`
	From          string                 `json:"from"`
	To            string                 `json:"to"`
	Current       Summary                `json:"current"`
	Previous      Summary                `json:"previous"`
	Products      []ProductFigures       `json:"products"`
	Categories    []ProductFigures       `json:"categories"`
	Funnel        []FunnelStep           `json:"funnel"`
	FunnelBy      map[string][]Breakdown `json:"funnelBy"`
	CheckoutSteps []FunnelStep           `json:"checkoutSteps"`
	Abandonment   Abandonment            `json:"abandonment"`
	Coupons       []CouponFigures        `json:"coupons"`
}

// FunnelSteps are the shopping funnel's steps, in order.
var FunnelSteps = []string{"view_item", "add_to_cart", "begin_checkout", "purchase"}

func loadEvents(app core.App, siteID string, from, to int64) ([]eventRow, error) {
	var rows []eventRow
	err := app.DB().NewQuery(`SELECT visitor, session, ts, kind, source, fingerprint, value, currency, step, items FROM ecommerce_events
		WHERE site_id = {:site} AND ts >= {:from} AND ts < {:to} ORDER BY ts`).
		Bind(dbx.Params{"site": siteID, "from": from, "to": to}).All(&rows)
	for i := range rows {
		_ = json.Unmarshal([]byte(rows[i].Items), &rows[i].items)
	}
	return rows, err
}

func loadOrders(app core.App, siteID string, from, to int64) ([]order, error) {
	var rows []order
	err := app.DB().NewQuery(`SELECT order_id, visitor, session, ts, value, currency, coupon, items, origin FROM ecommerce_orders
		WHERE site_id = {:site} AND ts >= {:from} AND ts < {:to} ORDER BY ts`).
		Bind(dbx.Params{"site": siteID, "from": from, "to": to}).All(&rows)
	for i := range rows {
		_ = json.Unmarshal([]byte(rows[i].Items), &rows[i].items)
	}
	return rows, err
}

// counted keeps each action once: the events of a session with one fingerprint come from the
// tracker API, the dataLayer or both, and each source reports every action it sees once, so the
// source with more of them is the count (the API's on a tie).
func counted(rows []eventRow) []eventRow {
	type key struct{ session, fp string }
	bySource := map[key][2][]int{}
	var order []key
	for i, r := range rows {
		k := key{r.Session, r.Fingerprint}
		s := bySource[k]
		if s[0] == nil && s[1] == nil {
			order = append(order, k)
		}
		if r.Source == "datalayer" {
			s[1] = append(s[1], i)
		} else {
			s[0] = append(s[0], i)
		}
		bySource[k] = s
	}
	var keep []int
	for _, k := range order {
		s := bySource[k]
		if len(s[1]) > len(s[0]) {
			keep = append(keep, s[1]...)
		} else {
			keep = append(keep, s[0]...)
		}
	}
	sort.Ints(keep)
	out := make([]eventRow, len(keep))
	for i, j := range keep {
		out[i] = rows[j]
	}
	return out
}

func summarize(orders []order, visitors float64, s Settings) Summary {
	out := Summary{Visitors: visitors, UnconvertedCurrencies: []string{}}
	buyers := map[string]bool{}
	missing := map[string]bool{}
	converted := 0
	for _, o := range orders {
		out.Orders++
		who := o.Visitor
		if who == "" {
			who = "order:" + o.OrderID
		}
		buyers[who] = true
		v, ok := s.Convert(o.Value, o.Currency)
		if !ok {
			out.Unconverted++
			missing[o.Currency] = true
			continue
		}
		converted++
		out.Revenue += v
	}
	out.Revenue = Cents(out.Revenue)
	out.Purchasers = len(buyers)
	if converted > 0 {
		out.AOV = Cents(out.Revenue / float64(converted))
	}
	if visitors > 0 {
		out.RPV = Cents(out.Revenue / visitors)
		out.ConversionRate = float64(out.Purchasers) / visitors
	}
	for c := range missing {
		out.UnconvertedCurrencies = append(out.UnconvertedCurrencies, c)
	}
	sort.Strings(out.UnconvertedCurrencies)
	return out
}

func rate(n, d int) float64 {
	if d == 0 {
		return 0
	}
	return float64(n) / float64(d)
}

// products sums the counted events and the orders per product and per category.
func products(events []eventRow, orders []order, s Settings) ([]ProductFigures, []ProductFigures) {
	byID := map[string]*ProductFigures{}
	get := func(it Item) *ProductFigures {
		p := byID[it.ID]
		if p == nil {
			p = &ProductFigures{ID: it.ID, Name: it.Name}
			byID[it.ID] = p
		}
		if p.Category == "" && it.Category != "" {
			p.Category = it.Category
		}
		if p.Name == p.ID && it.Name != "" {
			p.Name = it.Name
		}
		return p
	}
	for _, e := range events {
		for _, it := range e.items {
			switch e.Kind {
			case "view_item":
				get(it).Views++
			case "add_to_cart":
				get(it).Carts++
			}
		}
	}
	for _, o := range orders {
		seen := map[string]bool{}
		for _, it := range o.items {
			p := get(it)
			if !seen[it.ID] {
				p.Orders++
				seen[it.ID] = true
			}
			p.Units += it.Quantity
			if v, ok := s.Convert(it.Price*float64(it.Quantity), o.Currency); ok {
				p.Revenue += v
			}
		}
	}
	cats := map[string]*ProductFigures{}
	var list []ProductFigures
	for _, p := range byID {
		p.Revenue = Cents(p.Revenue)
		p.AddToCartRate, p.CartToPurchaseRate = rate(p.Carts, p.Views), rate(p.Orders, p.Carts)
		list = append(list, *p)
		name := p.Category
		if name == "" {
			name = "(no category)"
		}
		c := cats[name]
		if c == nil {
			c = &ProductFigures{ID: name, Name: name, Category: name}
			cats[name] = c
		}
		c.Views += p.Views
		c.Carts += p.Carts
		c.Orders += p.Orders
		c.Units += p.Units
		c.Revenue = Cents(c.Revenue + p.Revenue)
	}
	var catList []ProductFigures
	for _, c := range cats {
		c.AddToCartRate, c.CartToPurchaseRate = rate(c.Carts, c.Views), rate(c.Orders, c.Carts)
		catList = append(catList, *c)
	}
	byRevenue := func(l []ProductFigures) {
		sort.Slice(l, func(i, j int) bool {
			if l[i].Revenue != l[j].Revenue {
				return l[i].Revenue > l[j].Revenue
			}
			if l[i].Views != l[j].Views {
				return l[i].Views > l[j].Views
			}
			return l[i].ID < l[j].ID
		})
	}
	byRevenue(list)
	byRevenue(catList)
	if list == nil {
		list = []ProductFigures{}
	}
	if catList == nil {
		catList = []ProductFigures{}
	}
	return list, catList
}

type sessionInfo struct {
	Session string `db:"session"`
	Source  string `db:"source"`
	Device  string `db:"device"`
}

func sessionInfos(app core.App, siteID string, sessions []string) map[string]sessionInfo {
	out := map[string]sessionInfo{}
	for start := 0; start < len(sessions); start += 500 {
		part := sessions[start:min(start+500, len(sessions))]
		ids := make([]any, len(part))
		for i, s := range part {
			ids[i] = s
		}
		var rows []sessionInfo
		_ = app.DB().Select("session", "source", "device").From("ecommerce_sessions").
			Where(dbx.HashExp{"site_id": siteID}).AndWhere(dbx.In("session", ids...)).All(&rows)
		for _, r := range rows {
			out[r.Session] = r
		}
	}
	return out
}

// funnelOf gives the sessions that reached each step or a later one (a purchase passed the cart).
func funnelOf(reached map[string]int, keep func(session string) bool) []FunnelStep {
	steps := make([]FunnelStep, len(FunnelSteps))
	for i, s := range FunnelSteps {
		steps[i].Step = s
	}
	for session, furthest := range reached {
		if keep != nil && !keep(session) {
			continue
		}
		for i := 0; i <= furthest; i++ {
			steps[i].Sessions++
		}
	}
	return steps
}

func stepIndex(kind string) int {
	switch kind {
	case "view_item":
		return 0
	case "add_to_cart":
		return 1
	case "begin_checkout", "checkout_step":
		return 2
	case "purchase":
		return 3
	}
	return -1
}

// build computes the report from the range's counted events and orders.
func build(app core.App, siteID string, events []eventRow, orders []order, s Settings, now time.Time) Report {
	r := Report{Currency: s.Currency, FunnelBy: map[string][]Breakdown{}}
	r.Products, r.Categories = products(events, orders, s)

	reached := map[string]int{}
	mark := func(session string, step int) {
		if session == "" || step < 0 {
			return
		}
		if cur, ok := reached[session]; !ok || step > cur {
			reached[session] = step
		}
	}
	checkout := map[string]map[string]bool{}
	type cart struct {
		value float64
		last  int64
	}
	carts := map[string]*cart{}
	for _, e := range events {
		if e.Kind != "purchase" {
			mark(e.Session, stepIndex(e.Kind))
		}
		if e.Kind == "checkout_step" {
			if checkout[e.Step] == nil {
				checkout[e.Step] = map[string]bool{}
			}
			checkout[e.Step][e.Session] = true
		}
		c := carts[e.Session]
		if e.Kind == "add_to_cart" && c == nil {
			c = &cart{}
			carts[e.Session] = c
		}
		if c == nil {
			continue
		}
		c.last = max(c.last, e.TS)
		v, _ := s.Convert(e.Value, e.Currency) // a currency without a rate leaves nothing to count
		switch e.Kind {
		case "add_to_cart":
			c.value += v
		case "remove_from_cart":
			c.value -= v
		}
	}
	ordered := map[string]bool{}
	for _, o := range orders {
		mark(o.Session, 3)
		ordered[o.Session] = true
	}
	r.Funnel = funnelOf(reached, nil)

	sessions := make([]string, 0, len(reached))
	for sess := range reached {
		sessions = append(sessions, sess)
	}
	info := sessionInfos(app, siteID, sessions)
	dim := func(session, which string) string {
		i := info[session]
		v := i.Source
		if which == "device" {
			v = i.Device
		}
		if v == "" {
			return "(unknown)"
		}
		return v
	}
	for _, which := range []string{"device", "source"} {
		values := map[string]bool{}
		for sess := range reached {
			values[dim(sess, which)] = true
		}
		var list []Breakdown
		for v := range values {
			list = append(list, Breakdown{Value: v, Steps: funnelOf(reached, func(sess string) bool { return dim(sess, which) == v })})
		}
		sort.Slice(list, func(i, j int) bool {
			if list[i].Steps[0].Sessions != list[j].Steps[0].Sessions {
				return list[i].Steps[0].Sessions > list[j].Steps[0].Sessions
			}
			return list[i].Value < list[j].Value
		})
		if list == nil {
			list = []Breakdown{}
		}
		r.FunnelBy[which] = list
	}

	r.CheckoutSteps = []FunnelStep{}
	for step, set := range checkout {
		r.CheckoutSteps = append(r.CheckoutSteps, FunnelStep{Step: step, Sessions: len(set)})
	}
	sort.Slice(r.CheckoutSteps, func(i, j int) bool {
		if r.CheckoutSteps[i].Sessions != r.CheckoutSteps[j].Sessions {
			return r.CheckoutSteps[i].Sessions > r.CheckoutSteps[j].Sessions
		}
		return r.CheckoutSteps[i].Step < r.CheckoutSteps[j].Step
	})

	bySource, byDevice := map[string]*Breakdown{}, map[string]*Breakdown{}
	add := func(m map[string]*Breakdown, v string, abandoned bool, left float64) {
		b := m[v]
		if b == nil {
			b = &Breakdown{Value: v}
			m[v] = b
		}
		b.Started++
		if abandoned {
			b.Abandoned++
			b.ValueLeft = Cents(b.ValueLeft + left)
		}
	}
	a := &r.Abandonment
	for sess, c := range carts {
		a.Started++
		abandoned := false
		left := max(c.value, 0)
		switch {
		case ordered[sess]:
		case now.UnixMilli()-c.last < abandonAfter.Milliseconds():
			a.Open++
		default:
			abandoned = true
			a.Abandoned++
			a.ValueLeft += left
		}
		add(bySource, dim(sess, "source"), abandoned, left)
		add(byDevice, dim(sess, "device"), abandoned, left)
	}
	a.ValueLeft = Cents(a.ValueLeft)
	a.Rate = rate(a.Abandoned, a.Started-a.Open)
	list := func(m map[string]*Breakdown) []Breakdown {
		out := []Breakdown{}
		for _, b := range m {
			out = append(out, *b)
		}
		sort.Slice(out, func(i, j int) bool {
			if out[i].Started != out[j].Started {
				return out[i].Started > out[j].Started
			}
			return out[i].Value < out[j].Value
		})
		return out
	}
	a.BySource, a.ByDevice = list(bySource), list(byDevice)

	coupons := map[string]*CouponFigures{}
	for _, o := range orders {
		if o.Coupon == "" {
			continue
		}
		c := coupons[o.Coupon]
		if c == nil {
			c = &CouponFigures{Code: o.Coupon}
			coupons[o.Coupon] = c
		}
		c.Orders++
		if v, ok := s.Convert(o.Value, o.Currency); ok {
			c.Revenue = Cents(c.Revenue + v)
		}
	}
	r.Coupons = []CouponFigures{}
	for _, c := range coupons {
		c.AOV = Cents(c.Revenue / float64(c.Orders))
		r.Coupons = append(r.Coupons, *c)
	}
	sort.Slice(r.Coupons, func(i, j int) bool {
		if r.Coupons[i].Revenue != r.Coupons[j].Revenue {
			return r.Coupons[i].Revenue > r.Coupons[j].Revenue
		}
		return r.Coupons[i].Code < r.Coupons[j].Code
	})
	return r
}
