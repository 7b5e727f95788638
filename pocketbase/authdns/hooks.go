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
	if err := checkZoneSize(rec, set); err != nil {
		return err
	}
	return CheckSet(origin, set)
}

// A zone's size is capped so that no tenant makes the server hold, or a TCP answer carry, records
// without bound (UDP answers are capped at maxUDPSize anyway). Imported zones of common names are
// far below: about forty names in every type.
const (
	MaxZoneRecords = 500
	MaxZoneBytes   = 64 << 10 // names and values, each record counted 16 bytes more (type, TTL, priority)
)

// checkZoneSize refuses a write that grows a zone past the caps (set: the record as it will be
// stored first, then the zone's others); one that does not grow it passes, so a zone over a cap
// lowered later can still be edited down.
func checkZoneSize(rec *core.Record, set []Record) error {
	if !rec.IsNew() && recordBytes(set[0]) <= recordBytes(FromRecord(rec.Original())) {
		return nil
	}
	if len(set) > MaxZoneRecords {
		return invalid("A zone holds at most %d DNS records, and this one has %d: delete some before adding more.", MaxZoneRecords, len(set)-1)
	}
	total := 0
	for _, r := range set {
		total += recordBytes(r)
	}
	if total > MaxZoneBytes {
		return invalid("A zone's DNS records hold at most %d KB of names and values, and this record would bring it to %d KB: shorten or delete records first.", MaxZoneBytes>>10, (total+1023)>>10)
	}
	return nil
}

func recordBytes(r Record) int { return len(r.Name) + len(r.Value) + 16 }

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
