// Package collect is what happens to a hit before the event store accepts it: whether its user
// agent is a robot and its device and browser classes, whether its origin may send for the site,
// the rate limits per site and per client, the client's keyed source, and the server-side identity
// of consent-free sites' visitors; the batch's parser (payload.go) and the collect endpoint
// (handler.go: Collector, given its sites and store by analytics). It imports only the store's
// contract (eventstore) and helpers.
package collect
