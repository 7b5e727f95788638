package forms

import (
	"strings"
	"testing"
	"time"

	"cro/pocketbase/schematest"

	"github.com/pocketbase/pocketbase/core"
)

func TestParseRefusesAnythingButTheContract(t *testing.T) {
	ok := `{"f":[{"id":"v1abc","sel":"#contact","p":"/contact","st":true,"sb":false,"lf":"phone","fl":[{"k":"phone","l":"Phone","t":1200,"h":300,"r":1,"e":0,"o":3}]}]}`
	if _, err := parse([]byte(ok)); err != nil {
		t.Fatalf("a valid batch: %v", err)
	}
	for name, body := range map[string]string{
		"a value next to a field": strings.Replace(ok, `"o":3`, `"o":3,"v":"+46 70 123 45 67"`, 1),
		"a value on the view":     strings.Replace(ok, `"lf":"phone"`, `"lf":"phone","value":"secret"`, 1),
		"no views":                `{"f":[]}`,
		"a path with a query":     strings.Replace(ok, `"/contact"`, `"/contact?email=a@b.c"`, 1),
		"a negative time":         strings.Replace(ok, `"t":1200`, `"t":-1`, 1),
		"an id with capitals":     strings.Replace(ok, `"v1abc"`, `"V1ABC"`, 1),
		"not JSON":                `hello`,
	} {
		if _, err := parse([]byte(body)); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

// Three views of one form: two submitted, one abandoned at the phone field after refilling it.
func TestReportCountsStartsSubmissionsAndTheDropOff(t *testing.T) {
	app := schematest.NewApp(t)
	users, _ := app.FindCollectionByNameOrId("users")
	owner := core.NewRecord(users)
	owner.SetEmail("owner@example.com")
	owner.SetPassword("kettle-Quartz-81")
	if err := app.SaveNoValidate(owner); err != nil {
		t.Fatal(err)
	}
	sites, _ := app.FindCollectionByNameOrId("sites")
	site := core.NewRecord(sites)
	site.Set("user_id", owner.Id)
	site.Set("domain", "shop.example.com")
	site.Set("plan_tier", "growth")
	site.Set("public_key", "k1")
	if err := app.SaveNoValidate(site); err != nil {
		t.Fatal(err)
	}
	fields := func(phoneRefills int, last int) []field {
		fl := []field{{Key: "name", Label: "Name", Time: 2000, Hes: 500, Order: 1}, {Key: "email", Label: "Email", Time: 3000, Order: 2},
			{Key: "phone", Label: "Phone", Time: 4000, Hes: 1000, Refil: phoneRefills, Order: 3}}
		if last == 4 {
			fl = append(fl, field{Key: "message", Label: "Message", Time: 1000, Order: 4})
		}
		return fl
	}
	now := time.Now()
	b := batch{Views: []view{
		{ID: "a1", Selector: "#contact", Path: "/contact", Started: true, Submitted: true, Last: "message", Fields: fields(0, 4)},
		{ID: "a2", Selector: "#contact", Path: "/contact", Started: true, Submitted: true, Last: "message", Fields: fields(0, 4)},
		{ID: "a3", Selector: "#contact", Path: "/contact", Started: true, Last: "phone", Fields: fields(1, 3)},
		{ID: "a4", Selector: "#search", Path: "/contact"},
	}}
	if err := save(app, site.Id, "s1", b, now); err != nil {
		t.Fatal(err)
	}
	// A later send of a view replaces it: still three starts.
	if err := save(app, site.Id, "s1", batch{Views: b.Views[2:3]}, now); err != nil {
		t.Fatal(err)
	}
	got, err := Report(app, site.Id, now.Add(-time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 {
		t.Fatalf("forms %+v", got)
	}
	f := got[0]
	if f.Selector != "#contact" || f.Views != 3 || f.Starts != 3 || f.Submissions != 2 || f.Abandoned != 1 {
		t.Fatalf("form %+v", f)
	}
	keys := []string{}
	for _, ff := range f.Fields {
		keys = append(keys, ff.Key)
	}
	if strings.Join(keys, ",") != "name,email,phone,message" {
		t.Errorf("field order %v", keys)
	}
	phone := f.Fields[2]
	if phone.Touched != 3 || phone.Abandoned != 1 || phone.Refills != 1 || phone.AvgSeconds != 4 || phone.AvgHesitationSecs != 1 {
		t.Errorf("phone %+v", phone)
	}
	if got[1].Selector != "#search" || got[1].Views != 1 || got[1].Starts != 0 {
		t.Errorf("untouched form %+v", got[1])
	}
}
