package authdns

import (
	"net/netip"
	"strings"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
)

// bindValidation checks every dns_records write (the owner's and the import's) before it is
// stored: a clear 400 naming what to correct, and the name, type and value saved in one form.
func bindValidation(app core.App) {
	app.OnRecordValidate("dns_records").BindFunc(func(e *core.RecordEvent) error {
		if err := normalize(e.App, e.Record); err != nil {
			return apis.NewBadRequestError(err.Error(), nil)
		}
		return e.Next()
	})
}

func normalize(app core.App, rec *core.Record) error {
	site, err := app.FindRecordById("sites", rec.GetString("site_id"))
	if err != nil {
		return nil // the relation's own validation refuses it
	}
	origin := ZoneOf(site.GetString("domain"))
	name, err := NormalizeName(origin, rec.GetString("name"))
	if err != nil {
		return err
	}
	typ := strings.ToUpper(strings.TrimSpace(rec.GetString("type")))
	if rec.GetInt("ttl") == 0 {
		rec.Set("ttl", DefaultTTL)
	}
	if typ != "MX" {
		rec.Set("priority", 0)
	}
	r := FromRecord(rec)
	r.Name, r.Type = name, typ
	if _, err := r.RR(origin); err != nil {
		return err
	}
	r.Value = canonicalValue(typ, r.Value)
	rec.Set("name", name)
	rec.Set("type", typ)
	rec.Set("value", r.Value)
	if rec.GetString("source") == "" {
		rec.Set("source", "owner")
	}
	siblings, err := app.FindAllRecords("dns_records", dbx.HashExp{"site_id": site.Id})
	if err != nil {
		return err
	}
	set := []Record{r}
	for _, s := range siblings {
		if s.Id != rec.Id {
			set = append(set, FromRecord(s))
		}
	}
	return CheckSet(origin, set)
}

// canonicalValue stores addresses and host names in one spelling, so duplicates are seen.
func canonicalValue(typ, value string) string {
	value = strings.TrimSpace(value)
	switch typ {
	case "A", "AAAA":
		if ip, err := netip.ParseAddr(value); err == nil {
			return ip.String()
		}
	case "CNAME", "MX":
		return strings.TrimSuffix(strings.ToLower(value), ".")
	}
	return value
}
