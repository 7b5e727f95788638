package edge

import (
	"net/http"

	"cro/pocketbase/analytics"
	"cro/pocketbase/audience"
	"cro/pocketbase/eventstore/urlpattern"
	"cro/pocketbase/experiments"
)

// redirect answers a page request of a split-URL test's original with a 302 to the visitor's
// variant, before the origin is asked, so the original is never painted. The decision is the
// tracker's (src/tracker/split.ts): the same targeting, experiments.Assign on the same visitor id
// (a new visitor's cookie is set on the 302), and analytics.SplitTarget, which never answers an
// address of the original's pattern, so a visitor is redirected at most once. Visitors who may
// not be tracked (automated browsers, DNT / GPC where honoured, withdrawn consent) have no id
// and are never redirected; control visitors get the page, where the tracker counts them.
func (p *Proxy) redirect(w http.ResponseWriter, req *request) bool {
	r := req.in
	if p.opts.Config == nil || req.site.Key == "" || (r.Method != http.MethodGet && r.Method != http.MethodHead) {
		return false
	}
	// Only a navigation: a script or image on an original URL is never redirected.
	if d := r.Header.Get("Sec-Fetch-Dest"); d != "" && d != "document" {
		return false
	}
	cfg := siteConfig(req.site.Key, p.opts.Config)
	if cfg == nil || !cfg.hasSplit() {
		return false
	}
	who := p.visitor(cfg, req)
	to := cfg.splitRedirect(who)
	if to == "" {
		return false
	}
	h := w.Header()
	if who.fresh {
		h.Add("Set-Cookie", visitorSetCookie(who.id, r.TLS != nil))
	}
	h.Set("Cache-Control", "private, no-store")
	h.Set("Location", to)
	w.WriteHeader(http.StatusFound)
	return true
}

// hasSplit says whether a running experiment of the config is a split-URL test.
func (cfg *trackerConfig) hasSplit() bool {
	for _, x := range cfg.Experiments {
		for _, v := range x.Variants {
			if v.URL != "" {
				return true
			}
		}
	}
	return false
}

// splitRedirect is where the visitor is sent from this page ("" for nowhere): the first split-URL
// test whose original this page is and that assigns the visitor a variant, decided as the tracker
// decides. Tests on new or returning visitors, and audiences about the session, are the
// tracker's (it alone knows the session).
func (cfg *trackerConfig) splitRedirect(who visitorInfo) string {
	// The global holdout sees no test, so it is never sent away (src/tracker/experiments.ts).
	if who.id == "" || cfg.Holdout.holds(who.id) {
		return ""
	}
	var ctx *audience.Context
	for _, x := range cfg.Experiments {
		split := false
		for _, v := range x.Variants {
			split = split || v.URL != ""
		}
		if !split || x.Visitor != "" ||
			!urlpattern.Matches(x.URL, who.href) || (x.Device != "" && x.Device != who.device) {
			continue
		}
		// A test in an exclusive group redirects only the visitors of its range.
		if x.Group != nil && !experiments.InGroupRange(who.id, x.Group.Seed, x.Group.Start, x.Group.End) {
			continue
		}
		if x.Audience != "" {
			if decided, in := cfg.inAudience(x.Audience, who, &ctx); !decided || !in {
				continue
			}
		}
		weights := make([]float64, len(x.Variants))
		for i, v := range x.Variants {
			weights[i] = v.Weight
		}
		k := experiments.Assign(who.id, x.Seed, x.Traffic/100, weights)
		if k <= 0 {
			continue
		}
		if to := analytics.SplitTarget(x.URL, x.Variants[k].URL, who.href); to != "" {
			return to
		}
	}
	return ""
}
