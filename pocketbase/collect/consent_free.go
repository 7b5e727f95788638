package collect

import (
	"sync/atomic"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/visitorhash"
)

// Visitors names the visitors of consent-free sites (pocketbase/visitorhash); set when the server
// starts, nil before.
var Visitors atomic.Pointer[visitorhash.Hasher]

// ConsentFreeVisitor is the visitor id of a request to a consent-free site (site id, client
// address, User-Agent): the same for the script, the collect endpoint and the edge, so all three
// assign alike. "" when it cannot be computed (no server yet, or the salts cannot be read): the
// caller then treats the visitor as untracked.
func ConsentFreeVisitor(siteID, ip, ua string) string {
	h := Visitors.Load()
	if h == nil {
		return ""
	}
	return h.Visitor(siteID, ip, ua)
}

// ConsentFreeIDs replaces a consent-free site's batch ids with the server's own: whatever the
// client sent is ignored, so a client cannot choose its identity. false: no id could be computed.
func ConsentFreeIDs(site *eventstore.Site, b *eventstore.Batch, ip, ua string) bool {
	h := Visitors.Load()
	if h == nil {
		return false
	}
	v := h.Visitor(site.ID, ip, ua)
	if v == "" {
		return false
	}
	b.Visitor, b.Session = v, h.Session(site.ID, v)
	return true
}

// ConsentFreeSession is the session the collect endpoint names for the same request to a
// consent-free site (the visitor of ConsentFreeVisitor, and its current session), so that what
// another route stores for the visitor (a survey answer) joins their session. "" as above.
func ConsentFreeSession(siteID, ip, ua string) string {
	h := Visitors.Load()
	if h == nil {
		return ""
	}
	v := h.Visitor(siteID, ip, ua)
	if v == "" {
		return ""
	}
	return h.Session(siteID, v)
}
