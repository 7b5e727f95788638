package eventstore_test

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// eventPathLayers are the packages of the event path (under cro/pocketbase), lowest first. A
// package imports only packages of lower layers and helpers: the contract at the bottom imports
// nothing of the product, the store implementation only the contract and helpers, the features
// that query events only what is below them. A new package of the event path gets a row here.
var eventPathLayers = [][]string{
	// The contract: the Store interface and the types that cross it.
	{"eventstore"},
	// What every store derives the same way, from nothing of the product: a site's zone and local
	// days, the URL pattern, the revenue cap's keys, the batch ids already stored.
	{"eventstore/zones", "eventstore/urlpattern", "eventstore/revenuecap", "eventstore/batchonce"},
	// The derivations on top of those and the contract's types: funnel attempts, click map bins
	// and rage bursts, goal matching, how rows are written and answered, experiment figures. No
	// event reads: each store hands them the rows it read.
	{"eventstore/funnelpath", "eventstore/clickmap", "eventstore/goalmatch", "eventstore/eventrow", "eventstore/expfigures"},
	// A funnel's closed days on top of its attempts: day bounds, split of a range, day cache.
	{"eventstore/funneldays"},
	// What happens to a hit before the store accepts it: UA, origin, limits, identity; and the
	// contract as tests, which every store's tests run.
	{"collect", "eventstore/storetest"},
	// The two stores, side by side: ClickHouse (its client, schema and the Store over them) and
	// SQLite (the Store, its writer and the funnel and click days it keeps).
	{"eventstore/clickhouse", "eventstore/sqlite"},
	// The site cache, the tracker script, the collector and the routes that wire the collect
	// endpoint to a store.
	{"analytics"},
	// Features that query events.
	{"experiments", "funnels", "heatmaps", "recordings", "usage"},
	// Features built on those.
	{"reports", "publicapi", "integrations"},
}

// helpers are packages outside the event path that it may use (never the contract).
var helpers = map[string]bool{"visitorhash": true, "access": true, "notify": true, "periodic": true, "mailqueue": true,
	"safefetch": true, "experiments/stats": true,
	// The bundled IP-to-country database, and an account's brand (reports are made under it).
	"geoip": true, "whitelabel": true,
	// Serving the tracker's lazily imported chunks (the recorder among them).
	"trackerchunk": true,
	// An experiment record's parts and the rules it overrides (the site's script and the screens).
	"expparts": true,
	// Writing a site's server-owned fields without overwriting the rest (the live KPIs).
	"sitefields": true}

const module = "cro/pocketbase/"

// TestEventPathImportsOnlyGoDown fails when a package of the event path imports one of its own
// layer or above, or a product package the table does not place.
func TestEventPathImportsOnlyGoDown(t *testing.T) {
	layer := map[string]int{}
	for i, pkgs := range eventPathLayers {
		for _, p := range pkgs {
			layer[p] = i
		}
	}
	for pkg, own := range layer {
		for _, imp := range imports(t, pkg) {
			dep := strings.TrimPrefix(imp.path, module)
			below, placed := layer[dep]
			switch {
			case pkg == "eventstore":
				t.Errorf("eventstore imports %s (%s): the contract imports nothing of the product", dep, imp.file)
			case helpers[dep]:
			case !placed:
				t.Errorf("%s imports %s, which neither eventPathLayers nor helpers place (%s)", pkg, dep, imp.file)
			case below >= own:
				t.Errorf("%s (layer %d) imports %s (layer %d) in %s: imports only go down", pkg, own, dep, below, imp.file)
			}
		}
	}
}

// storeImplementations are the stores a Store is chosen from: only analytics and the composition
// root (cro/pocketbase, which opens CRO_EVENTS_URL) choose one.
var storeImplementations = map[string]bool{"eventstore/sqlite": true, "eventstore/clickhouse": true}

// TestFeaturesQueryOnlyTheContract fails when a feature (a package of a layer above analytics)
// imports a store implementation: features query events through eventstore.Store and the optional
// interfaces beside it, so they answer the same on every store.
func TestFeaturesQueryOnlyTheContract(t *testing.T) {
	above := false
	for _, pkgs := range eventPathLayers {
		for _, pkg := range pkgs {
			if !above {
				continue
			}
			for _, imp := range imports(t, pkg) {
				if dep := strings.TrimPrefix(imp.path, module); storeImplementations[dep] {
					t.Errorf("%s imports %s in %s: a feature calls the store through package eventstore's interfaces", pkg, dep, imp.file)
				}
			}
		}
		above = above || slices.Contains(pkgs, "analytics")
	}
	if !above {
		t.Fatal("analytics has no row in eventPathLayers")
	}
}

type productImport struct{ path, file string }

// imports lists the product packages a package's non-test files import.
func imports(t *testing.T, pkg string) []productImport {
	t.Helper()
	dir := filepath.Join("..", filepath.FromSlash(pkg))
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatalf("package %s: %v", pkg, err)
	}
	var out []productImport
	fset := token.NewFileSet()
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, spec := range f.Imports {
			p, _ := strconv.Unquote(spec.Path.Value)
			if strings.HasPrefix(p, module) {
				out = append(out, productImport{p, pkg + "/" + name})
			}
		}
	}
	return out
}

// TestEventstorePackagesArePlaced fails when a package under eventstore/ has no row in
// eventPathLayers, so a new one cannot escape the rule above.
func TestEventstorePackagesArePlaced(t *testing.T) {
	placed := map[string]bool{}
	for _, pkgs := range eventPathLayers {
		for _, p := range pkgs {
			placed[p] = true
		}
	}
	err := filepath.WalkDir(".", func(path string, d os.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		gos, _ := filepath.Glob(filepath.Join(path, "*.go"))
		pkg := filepath.ToSlash(filepath.Join("eventstore", path))
		if len(gos) > 0 && !placed[pkg] {
			t.Errorf("%s is not in eventPathLayers: give it the layer of what it imports", pkg)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
