package sqlite

import "github.com/pocketbase/pocketbase/core"

// EventRecordTimes keeps the record API's events in ISO times (writer.go: eventRecordTimes); the
// server registers it whichever store holds the events, as the events collection is SQLite's.
func EventRecordTimes(app core.App) { eventRecordTimes(app) }
