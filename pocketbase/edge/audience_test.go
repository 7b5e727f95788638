package edge

import (
	"net/http/httptest"
	"net/url"
	"testing"
	"time"

	"cro/pocketbase/audience"
	"cro/pocketbase/experiments"
)

const iPhoneUA = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1"

// A request's visitor for the plan: its id, address, user agent and cookies.
func requestVisitor(id, addr, ua, cookie string) visitorInfo {
	r := httptest.NewRequest("GET", "https://shop.test/?ref=x", nil)
	r.RemoteAddr = addr + ":50000"
	r.Header.Set("User-Agent", ua)
	r.Header.Set("Accept-Language", "sv-SE,sv;q=0.9,en;q=0.8")
	if cookie != "" {
		r.Header.Set("Cookie", cookie)
	}
	at := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
	who := visitorInfo{id: id, href: "https://shop.test/?ref=x", device: "mobile"}
	who.context = func(zone string) *audience.Context { return requestContext(r, who.href, zone, at) }
	return who
}

// Rules for an audience the request answers are decided at the edge as the tracker decides them
// (audience, rollout, holdout; tracked visitors only) and make the page per visitor; an audience
// about the session is left to the tracker.
func TestPlanDecidesRequestAudiences(t *testing.T) {
	cfg := configOf(t, `{"dnt":true,"tz":"Europe/Stockholm",
		"au":{
			"swedishPhones":{"match":"all","conditions":[{"kind":"country","op":"is","value":"SE"},{"kind":"device","op":"is","value":"mobile"},{"kind":"os","op":"is","value":"iOS"},{"kind":"language","op":"is","value":"sv"}]},
			"pro":{"match":"all","conditions":[{"kind":"attribute","name":"plan","op":"is","value":"pro"},{"kind":"hour","op":"is","value":13}]},
			"newsletter":{"match":"all","conditions":[{"kind":"utm_source","op":"is","value":"newsletter"}]}},
		"r":[
			{"i":"se","s":"s1","p":100,"q":"h1","c":[{"type":"set_text","value":"Hej"}],"a":"swedishPhones"},
			{"i":"pro","s":"s2","p":100,"q":"h2","c":[{"type":"set_text","value":"Pro"}],"a":"pro","h":50},
			{"i":"nl","s":"s3","p":100,"q":"h3","c":[{"type":"set_text","value":"News"}],"a":"newsletter"}]}`)
	ids := func(sets []*changeSet) (out []string) {
		for _, s := range sets {
			out = append(out, s.id)
		}
		return out
	}
	sets, perVisitor := cfg.plan(requestVisitor("v1", "130.237.28.40", iPhoneUA, ""))
	if got := ids(sets); len(got) != 1 || got[0] != "se" || !perVisitor {
		t.Fatalf("Swedish iPhone: got %v (per visitor %v), want [se] per visitor", got, perVisitor)
	}
	if sets, _ := cfg.plan(requestVisitor("v1", "8.8.8.8", iPhoneUA, "")); len(sets) != 0 {
		t.Fatalf("US iPhone: got %v, want none", ids(sets))
	}
	if sets, _ := cfg.plan(requestVisitor("", "130.237.28.40", iPhoneUA, "")); len(sets) != 0 {
		t.Fatalf("a visitor who may not be tracked: got %v, want none", ids(sets))
	}
	// The attribute from the tracker's cookie, 13:00 in Stockholm; half of the audience held out.
	cookie := "cro_at=" + url.QueryEscape(`{"plan":"pro","cart_value":120}`)
	var shown, held string
	for i := 0; shown == "" || held == ""; i++ {
		v := "visitor" + string(rune('a'+i%26)) + string(rune('a'+i/26))
		if experiments.InRollout(v, "s2:h", 50) {
			held = v
		} else {
			shown = v
		}
	}
	if sets, _ := cfg.plan(requestVisitor(shown, "8.8.8.8", iPhoneUA, cookie)); len(ids(sets)) != 1 || ids(sets)[0] != "pro" {
		t.Fatalf("a pro visitor outside the holdout: got %v, want [pro]", ids(sets))
	}
	if sets, _ := cfg.plan(requestVisitor(held, "8.8.8.8", iPhoneUA, cookie)); len(sets) != 0 {
		t.Fatalf("a pro visitor in the holdout: got %v, want none", ids(sets))
	}
}
