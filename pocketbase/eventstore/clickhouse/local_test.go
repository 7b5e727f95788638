package clickhouse

import (
	"strings"
	"testing"
	"time"
)

// startForTest starts a server for one test, or skips when none is installed (CI installs it).
func startForTest(t *testing.T) *Client {
	t.Helper()
	if !HaveServer() {
		t.Skip(ErrNoBinary.Error())
	}
	l, err := StartLocal(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(l.Stop)
	c, err := Open(l.URL + "?database=crotest")
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestMigrateAndRoundTrip(t *testing.T) {
	c := startForTest(t)
	v, err := c.Version()
	if err != nil || v == "" {
		t.Fatalf("version %q: %v", v, err)
	}
	t.Logf("clickhouse %s", v)
	if err := c.Migrate(Schema); err != nil {
		t.Fatal(err)
	}
	if err := c.Migrate(Schema); err != nil { // again: nothing to do
		t.Fatalf("second migrate: %v", err)
	}
	// Steps run again (a stop halfway, servers starting together): an ADD COLUMN finds the column,
	// a DROP COLUMN finds it gone.
	if err := c.Exec("ALTER TABLE schema_migrations DELETE WHERE version IN (14, 17)"); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 50; i++ {
		if r, _ := c.QueryOne("SELECT count() AS n FROM schema_migrations WHERE version IN (14, 17)"); r.Int("n") == 0 {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if err := c.Migrate(Schema); err != nil {
		t.Fatalf("steps 14 and 17 again: %v", err)
	}
	rows, _ := c.Query("SELECT count() AS n FROM schema_migrations")
	if len(rows) != 1 || rows[0].Int("n") != len(Schema) {
		t.Fatalf("schema_migrations = %v, want %d steps once each", rows, len(Schema))
	}
	// Values with quotes, backslashes and newlines go in through Insert and Bind and come back unchanged.
	tricky := "it's a \\ back\nslash'); DROP TABLE events; --"
	if err := c.Insert("counters", []any{map[string]any{"site_id": tricky, "day": "2026-03-10", "name": "x", "n": 2}}); err != nil {
		t.Fatal(err)
	}
	q, err := Bind("SELECT site_id, sum(n) AS n FROM counters WHERE site_id = {:site} AND name IN {:names} GROUP BY site_id",
		map[string]any{"site": tricky, "names": []string{"x", "y'"}})
	if err != nil {
		t.Fatal(err)
	}
	r, err := c.QueryOne(q)
	if err != nil || r.Str("site_id") != tricky || r.Num("n") != 2 {
		t.Fatalf("round trip = %v, %v", r, err)
	}
}

func TestBindRefusesUnknownNamesAndTypes(t *testing.T) {
	if _, err := Bind("SELECT {:a}", map[string]any{}); err == nil || !strings.Contains(err.Error(), "{:a}") {
		t.Errorf("missing value: %v", err)
	}
	if _, err := Bind("SELECT {:a}", map[string]any{"a": struct{}{}}); err == nil {
		t.Error("a struct was bound")
	}
	if got, _ := Bind("{:s} {:n} {:l}", map[string]any{"s": "a'b\\", "n": 1.5, "l": []string{}}); got != `'a\'b\\' 1.5 ('')` {
		t.Errorf("bound = %s", got)
	}
}
