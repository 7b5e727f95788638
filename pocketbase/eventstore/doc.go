// Package eventstore is the event store's contract: the Store interface every implementation
// (SQLite today, in cro/pocketbase/analytics) satisfies, and the types that cross it: a site's
// config and a validated batch going in, the figures coming out. It imports nothing of the
// product, so that an implementation and the features that query events depend on it alone.
package eventstore
