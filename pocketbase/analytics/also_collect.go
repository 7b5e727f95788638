package analytics

import (
	"encoding/json"

	"cro/pocketbase/eventstore"
)

// AlsoCollect are called with each batch once the store has made it durable, by packages that
// keep figures of their own from some of its events (pocketbase/ecommerce). They run on the
// request, so they return at once for batches without their events, and never fail it.
var AlsoCollect []func(siteID string, batch *eventstore.Batch, device string)

// EcommerceConfig, set by the ecommerce package, gives a site's ecommerce chunk for its script
// (config key `o`, nil: the site does not capture ecommerce events); such a site gets the full
// build, whose hook imports the chunk.
var EcommerceConfig func(siteID string) json.RawMessage
