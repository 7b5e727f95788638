package sqlite

import "strings"

// The high-volume event types' rows fill a few of the events' 20 columns: their inserts bind only
// those, and write the others' empty values in the statement (each bound value cost a conversion,
// an allocation and a copy in database/sql and the driver, on every event). A row of such a type
// with anything else set takes the full insert (insertEventSQL). The stored row is the same.

// leanColumns are each high-volume type's columns bound besides site_id, visitor, session and ts.
var leanColumns = map[string][]string{
	"pageview": {"path", "referrer", "props"},
	"click":    {"path", "name", "x", "y", "selector", "offset_x", "offset_y", "viewport"},
	"leave":    {"path", "value", "x", "viewport"},
	"outbound": {"path", "url"},
	"vital":    {"path", "name", "value"},
}

// leanInsert is one type's insert: its SQL, the columns it binds and those it writes empty.
type leanInsert struct {
	sql           string
	bound, absent []int // indexes into eventColumns (absent: all but bound and type)
}

var leanInserts = func() map[string]*leanInsert {
	out := map[string]*leanInsert{}
	for typ, cols := range leanColumns {
		bind := map[string]bool{"site_id": true, "visitor": true, "session": true, "ts": true}
		for _, c := range cols {
			bind[c] = true
		}
		l := &leanInsert{}
		values := make([]string, len(eventColumns))
		for i, c := range eventColumns {
			switch {
			case bind[c]:
				values[i] = "?"
				l.bound = append(l.bound, i)
			case c == "type":
				values[i] = "'" + typ + "'"
			default:
				values[i] = emptyValueSQL(c)
				l.absent = append(l.absent, i)
			}
		}
		l.sql = "INSERT INTO events (" + strings.Join(eventColumns, ", ") + ") VALUES (" + strings.Join(values, ", ") + ")"
		out[typ] = l
	}
	return out
}()

// leanInsertStatements are the statements to prepare with the writer's.
func leanInsertStatements() []string {
	out := make([]string, 0, len(leanInserts))
	for _, l := range leanInserts {
		out = append(out, l.sql)
	}
	return out
}

// emptyValueSQL is what the full insert stores for a column's zero value: NULL for props (nil),
// 0 for numbers (a NUMERIC column keeps 0.0 as the integer 0), the empty string for text.
func emptyValueSQL(col string) string {
	switch col {
	case "props":
		return "NULL"
	case "value", "x", "y", "ts", "offset_x", "offset_y":
		return "0"
	}
	return "''"
}

// leanFor is r's lean insert, nil when its type has none or it sets a column the insert leaves empty.
func leanFor(r *eventRow) *leanInsert {
	l := leanInserts[r.typ]
	if l == nil {
		return nil
	}
	for _, i := range l.absent {
		if !r.isEmpty(i) {
			return nil
		}
	}
	return l
}

// column is r's value of eventColumns[i], as appendValues gives it.
func (r *eventRow) column(i int) any {
	switch i {
	case 0:
		return r.site
	case 1:
		return r.visitor
	case 2:
		return r.session
	case 3:
		return r.typ
	case 4:
		return r.name
	case 5:
		return r.path
	case 6:
		return r.url
	case 7:
		return r.referrer
	case 8:
		return r.props
	case 9:
		return r.value
	case 10:
		return r.x
	case 11:
		return r.y
	case 12:
		return r.selector
	case 13:
		return r.ts
	case 14:
		return r.rule
	case 15:
		return r.goal
	case 16:
		return r.storedClient()
	case 17:
		return r.ox
	case 18:
		return r.oy
	}
	return r.viewport
}

// isEmpty says whether r's value of eventColumns[i] is its zero value (emptyValueSQL).
func (r *eventRow) isEmpty(i int) bool {
	switch i {
	case 4:
		return r.name == ""
	case 5:
		return r.path == ""
	case 6:
		return r.url == ""
	case 7:
		return r.referrer == ""
	case 8:
		return r.props == nil
	case 9:
		return r.value == 0
	case 10:
		return r.x == 0
	case 11:
		return r.y == 0
	case 12:
		return r.selector == ""
	case 14:
		return r.rule == ""
	case 15:
		return r.goal == ""
	case 16:
		return r.storedClient() == ""
	case 17:
		return r.ox == 0
	case 18:
		return r.oy == 0
	case 19:
		return r.viewport == ""
	}
	return false // site, visitor, session, type and ts are always bound
}
