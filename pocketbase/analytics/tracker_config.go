package analytics

import "sync/atomic"

// servedSites is the running server's site cache, which the edge reads through TrackerConfig.
var servedSites atomic.Pointer[siteCache]

// TrackerConfig is the config the site with this public key's tracker is served with (the JSON
// of src/tracker/types.ts Config: rules, running experiments, whether DNT is honoured), from the
// same cache, so the edge applies exactly what the tracker would. nil: unknown key, or the
// analytics routes are not registered.
func TrackerConfig(key string) []byte {
	sites := servedSites.Load()
	if sites == nil || key == "" {
		return nil
	}
	site := sites.get(key)
	if site == nil {
		return nil
	}
	return configJSON(site, "", nil)
}
