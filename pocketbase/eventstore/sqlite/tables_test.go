package sqlite

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// EventTables is exactly the set of tables this package's SQL writes or reads (besides the sites
// it prunes per site): the hooks' guard test takes the list from it.
func TestEventTablesAreThePackagesSQLTables(t *testing.T) {
	files, _ := filepath.Glob("*.go")
	literal := regexp.MustCompile("`[^`]*`|\"(?:[^\"\\\\]|\\\\.)*\"")
	tableRef := regexp.MustCompile(`\b(?:FROM|JOIN|INTO|UPDATE)\s+([a-z_]+)\b`)
	used := map[string]bool{}
	for _, f := range files {
		// clickhouse_*.go query ClickHouse's own database (eventstore/clickhouse's Schema), not SQLite's.
		if strings.HasSuffix(f, "_test.go") || strings.HasPrefix(f, "clickhouse_") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, lit := range literal.FindAll(src, -1) {
			for _, m := range tableRef.FindAllSubmatch(lit, -1) {
				used[string(m[1])] = true
			}
		}
	}
	delete(used, "sites")     // the product's sites, read to prune site by site
	delete(used, "json_each") // the batched insert's row source
	var names []string
	for name := range used {
		names = append(names, name)
	}
	slices.Sort(names)
	listed := slices.Clone(EventTables)
	slices.Sort(listed)
	if !slices.Equal(names, listed) {
		t.Errorf("the package's SQL uses %v, EventTables lists %v", names, listed)
	}
}
