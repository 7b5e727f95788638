package edge

import (
	"net/http"
	"strings"
)

// pageChanges decides the change sets of an HTML page for its visitor (the site's tracker config,
// the visitor's cookie and privacy signals) and sets the visitor cookie when a new id was made.
// A page whose changes depend on the visitor is marked private, so no shared cache gives one
// visitor's variant to another.
func (p *Proxy) pageChanges(res *http.Response, req *request) []*changeSet {
	if p.opts.Config == nil || req.in == nil {
		return nil
	}
	cfg := siteConfig(req.site.Key, p.opts.Config)
	if cfg == nil {
		return nil
	}
	who := p.visitor(cfg, req)
	sets, perVisitor := cfg.plan(who)
	if who.fresh {
		res.Header.Add("Set-Cookie", visitorSetCookie(who.id, req.in.TLS != nil))
	}
	if perVisitor || who.fresh {
		res.Header.Set("Cache-Control", privateCacheControl(res.Header.Get("Cache-Control")))
	}
	return sets
}

// visitor decides who the request's visitor is, once per request: the split-URL redirect
// (redirect.go) and the page's changes see the same id, and a new one is set once.
func (p *Proxy) visitor(cfg *trackerConfig, req *request) visitorInfo {
	if req.who != nil {
		return *req.who
	}
	var daily func(ip, ua string) string
	if len(cfg.ConsentFree) > 0 {
		daily = func(ip, ua string) string {
			if p.opts.Visitor == nil {
				return ""
			}
			return p.opts.Visitor(req.site.ID, ip, ua)
		}
	}
	who := visitorFor(req.in, cfg.RespectDNT, daily)
	req.who = &who
	return who
}

// privateCacheControl keeps the origin's directives for the visitor's browser but takes out what
// lets a shared cache store the page.
func privateCacheControl(cc string) string {
	out := []string{"private"}
	for _, d := range strings.Split(cc, ",") {
		d = strings.TrimSpace(d)
		name := strings.ToLower(strings.SplitN(d, "=", 2)[0])
		if d == "" || name == "public" || name == "private" || name == "s-maxage" {
			continue
		}
		out = append(out, d)
	}
	return strings.Join(out, ", ")
}
