package ecommerce

import (
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"sync"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"golang.org/x/sync/singleflight"
)

// DefaultCurrency is a site's reporting currency until its owner picks one.
const DefaultCurrency = "USD"

// maxRates bounds an owner's rate table.
const maxRates = 200

// Settings are a site's ecommerce settings (the ecommerce_settings row; defaults without one).
type Settings struct {
	Enabled  bool               `json:"enabled"`
	Currency string             `json:"currency"`
	Rates    map[string]float64 `json:"rates"`
}

// SettingsProblem says what is wrong with a currency and rate table ("" when nothing): the Go
// twin of settingsProblem in src/lib/contracts/ecommerce.ts, pinned by the same fixture.
func SettingsProblem(currency string, rates map[string]float64) string {
	if !currencyCode.MatchString(currency) {
		return "currency: the reporting currency must be a 3-letter ISO 4217 code (USD, EUR, SEK...)"
	}
	if len(rates) > maxRates {
		return fmt.Sprintf("rates: at most %d currencies", maxRates)
	}
	codes := make([]string, 0, len(rates))
	for code := range rates {
		codes = append(codes, code)
	}
	sort.Strings(codes)
	for _, code := range codes {
		rate := rates[code]
		if !currencyCode.MatchString(code) {
			return fmt.Sprintf("rates: %q is not a 3-letter ISO 4217 code", code)
		}
		if code == currency {
			return fmt.Sprintf("rates: %s is the reporting currency, which needs no rate", code)
		}
		if math.IsNaN(rate) || math.IsInf(rate, 0) || rate <= 0 || rate > 1e6 {
			return fmt.Sprintf("rates: the rate of %s must be a number above 0 (one %s in %s)", code, code, currency)
		}
	}
	return ""
}

// Convert gives an amount in the reporting currency; ok is false when its currency has no rate.
func (s Settings) Convert(value float64, currency string) (float64, bool) {
	if currency == "" || currency == s.Currency {
		return value, true
	}
	rate, ok := s.Rates[currency]
	if !ok {
		return 0, false
	}
	return value * rate, true
}

func loadSettings(app core.App, siteID string) Settings {
	s := Settings{Currency: DefaultCurrency, Rates: map[string]float64{}}
	rec, err := app.FindFirstRecordByFilter("ecommerce_settings", "site_id = {:site}", dbx.Params{"site": siteID})
	if err != nil {
		return s
	}
	s.Enabled = rec.GetBool("enabled")
	if c := rec.GetString("currency"); c != "" {
		s.Currency = c
	}
	_ = json.Unmarshal([]byte(rec.GetString("rates")), &s.Rates)
	if s.Rates == nil {
		s.Rates = map[string]float64{}
	}
	return s
}

func saveSettings(app core.App, siteID string, s Settings) error {
	rec, err := app.FindFirstRecordByFilter("ecommerce_settings", "site_id = {:site}", dbx.Params{"site": siteID})
	if err != nil {
		col, err := app.FindCollectionByNameOrId("ecommerce_settings")
		if err != nil {
			return err
		}
		rec = core.NewRecord(col)
		rec.Set("site_id", siteID)
	}
	rec.Set("enabled", s.Enabled)
	rec.Set("currency", s.Currency)
	rec.Set("rates", s.Rates)
	return app.Save(rec)
}

// capture is what the collect hook needs per site: whether it stores ecommerce events (enabled
// on a plan that has them), kept 30 s and dropped when the settings or the site change.
type capture struct {
	app   core.App
	mu    sync.Mutex
	m     map[string]captureEntry
	loads singleflight.Group // one read per site at a time: its concurrent requests share it
}

type captureEntry struct {
	on bool
	at time.Time
}

func (c *capture) clear() {
	c.mu.Lock()
	c.m = map[string]captureEntry{}
	c.mu.Unlock()
}

func (c *capture) on(siteID string) bool {
	c.mu.Lock()
	e, ok := c.m[siteID]
	c.mu.Unlock()
	if ok && time.Since(e.at) < 30*time.Second {
		return e.on
	}
	v, _, _ := c.loads.Do(siteID, func() (any, error) {
		site, err := c.app.FindRecordById("sites", siteID)
		return err == nil && planAllows(site) && loadSettings(c.app, siteID).Enabled, nil
	})
	on := v.(bool)
	c.mu.Lock()
	if len(c.m) > 10000 {
		c.m = map[string]captureEntry{}
	}
	c.m[siteID] = captureEntry{on, time.Now()}
	c.mu.Unlock()
	return on
}
