package analytics

import (
	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/zones"
	"fmt"
	"math/rand"
	"os"
	"strings"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/spf13/cobra"
)

// Command is `analytics-seed`: writes N synthetic events for a site through the same writer
// (sessions, raw events, rollups) without HTTP. Used by the dashboard-query benchmark.
func Command(app core.App, store eventstore.Store) *cobra.Command {
	var siteID, experimentID string
	var events, days int
	cmd := &cobra.Command{
		Use:   "analytics-seed",
		Short: "Write synthetic analytics events for a site (benchmarks)",
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := app.RunAllMigrations(); err != nil {
				return err
			}
			site, err := app.FindRecordById("sites", siteID)
			if err != nil {
				return fmt.Errorf("site %q not found", siteID)
			}
			info := &eventstore.Site{ID: site.Id, Key: site.GetString("public_key"), Domain: site.GetString("domain"), Zone: zones.OfSite(site)}
			info.Goals = []eventstore.Goal{{ID: "seedpurchase", Name: "Purchase", Type: "url", Match: "/thank-you", Value: 80}}
			if own := newSiteCache(app).load(info.Key); own != nil && len(own.Goals) > 0 {
				info.Goals = own.Goals // the site's own goals, so that its experiment's goal converts
			}
			if experimentID != "" {
				info.Experiments = map[string]*eventstore.ExperimentConfig{}
				for _, x := range loadExperiments(app, site.Id) {
					if x.ID == experimentID {
						info.Experiments[x.ID] = &x
					}
				}
				if len(info.Experiments) == 0 {
					return fmt.Errorf("experiment %q is not running on site %q", experimentID, siteID)
				}
			}
			start := time.Now()
			n := seed(store, info, events, days)
			seconds := time.Since(start).Seconds()
			// A bulk writer settles the closed days it wrote (ClickHouse), as the server does after its own inserts.
			settle := time.Now()
			if st, ok := store.(interface{ SettleClosedDays() error }); ok {
				if err := st.SettleClosedDays(); err != nil { // the server settles them later
					fmt.Fprintf(os.Stderr, "analytics-seed: settling closed days: %v\n", err)
				}
			}
			fmt.Printf("{\"events\":%d,\"seconds\":%.1f,\"settle_seconds\":%.1f}\n", n, seconds, time.Since(settle).Seconds())
			return nil
		},
	}
	cmd.Flags().StringVar(&siteID, "site", "", "site id")
	cmd.Flags().IntVar(&events, "events", 100000, "number of events to write")
	cmd.Flags().IntVar(&days, "days", 90, "spread over this many past days")
	cmd.Flags().StringVar(&experimentID, "experiment", "", "a running experiment of the site: a third of the sessions are exposed to it, some buy")
	return cmd
}

// Clicks land on these elements at these viewport widths; one in twenty is a rage burst. Their
// details come from a generator of their own, so the sessions, pages and the rest stay as before.
var seedClickTargets = []struct{ sel, text string }{{"a.btn", "Buy"}, {"button#buy", "Add to cart"}, {"nav>a.menu", "Menu"},
	{"main>div.hero", ""}, {"main>p", ""}, {"header>img.logo", ""}}
var seedWidths = []float64{1280, 1440, 1920, 390, 414, 820}

func seedClicks(rng *rand.Rand, path string, at time.Time) []eventstore.Event {
	t := seedClickTargets[rng.Intn(len(seedClickTargets))]
	ev := eventstore.Event{Type: "ck", Path: path, Selector: t.sel, Text: t.text, X: float64(rng.Intn(1200)), Y: float64(rng.Intn(3000)),
		OffsetX: float64(rng.Intn(1001)) / 1000, OffsetY: float64(rng.Intn(1001)) / 1000, Viewport: seedWidths[rng.Intn(len(seedWidths))], At: at}
	n := 1
	if rng.Intn(20) == 0 {
		n = 3 + rng.Intn(3)
	}
	out := make([]eventstore.Event, n)
	for i := range out {
		out[i] = ev
		out[i].At = at.Add(time.Duration(150*i) * time.Millisecond)
	}
	return out
}

var seedPaths = []string{"/", "/pricing", "/features", "/blog", "/blog/a", "/blog/b", "/docs", "/product/1", "/product/2",
	"/product/3", "/cart", "/checkout", "/thank-you", "/about", "/contact"}
var seedRefs = []string{"", "", "https://www.google.com/", "https://news.ycombinator.com/", "https://t.co/x", "https://www.bing.com/"}
var seedDevices = []string{"desktop", "desktop", "mobile", "mobile", "tablet"}
var seedBrowsers = []string{"Chrome", "Chrome", "Safari", "Firefox", "Edge"}
var seedCountries = []string{"US", "US", "GB", "DE", "FR", "IN", "BR", ""}

func seed(store eventstore.Store, site *eventstore.Site, total, days int) int {
	rng := rand.New(rand.NewSource(42))
	clicks := rand.New(rand.NewSource(7))
	now := time.Now().UTC()
	span := time.Duration(days) * 24 * time.Hour
	written := 0
	var batches []eventstore.Ingest
	for s := 0; written < total; s++ {
		at := sessionStart(now, span, written, total, rng.Int63n(int64(span)))
		b := &eventstore.Batch{Key: site.Key, Visitor: fmt.Sprintf("seedv%08d", rng.Intn(total/12+1)), Session: fmt.Sprintf("seeds%09d", s)}
		pages := 1 + rng.Intn(6)
		ref := seedRefs[rng.Intn(len(seedRefs))]
		for p := 0; p < pages && written+len(b.Events) < total; p++ {
			path := seedPaths[rng.Intn(len(seedPaths))]
			if p == pages-1 && rng.Intn(30) == 0 {
				path = "/thank-you"
			}
			at = at.Add(time.Duration(5+rng.Intn(60)) * time.Second)
			pv := eventstore.Event{Type: "pv", Path: path, At: at}
			if p == 0 {
				pv.Referrer = ref
			}
			b.Events = append(b.Events, pv)
			if rng.Intn(2) == 0 {
				rng.Intn(1200) // the draws of the clicks' position before their details had their own generator
				rng.Intn(3000)
				b.Events = append(b.Events, seedClicks(clicks, path, at)...)
			}
			b.Events = append(b.Events, eventstore.Event{Type: "lv", Path: path, Duration: float64(2000 + rng.Intn(90000)), Scroll: ptr(float64(rng.Intn(101))),
				Viewport: seedWidths[clicks.Intn(len(seedWidths))], At: at})
			if p == 0 {
				b.Events = append(b.Events, seedExperimentEvents(site, rng, at)...)
			}
		}
		if len(b.Events) == 0 {
			break
		}
		written += len(b.Events)
		batches = append(batches, eventstore.Ingest{Site: site, Batch: b, Device: seedDevices[rng.Intn(len(seedDevices))],
			Browser: seedBrowsers[rng.Intn(len(seedBrowsers))], Country: seedCountries[rng.Intn(len(seedCountries))]})
		if len(batches) == 500 {
			if err := writeRetrying(store, batches); err != nil {
				fmt.Println("seed write failed:", err)
				return written
			}
			batches = batches[:0]
		}
	}
	if len(batches) > 0 {
		if err := writeRetrying(store, batches); err != nil {
			fmt.Println("seed write failed:", err)
		}
	}
	return written
}

// sessionStart spreads the sessions evenly over the span in the order they are written, as a real
// site's traffic arrives (an index keyed by path and time then grows at its end instead of at random
// places, which at millions of events made the seeder wait on the disk). The session's share of
// the span comes from the events written so far against the total; a random draw (the one that
// used to place the session anywhere in the span) moves it within an hour.
func sessionStart(now time.Time, span time.Duration, written, total int, draw int64) time.Time {
	progress := float64(written) / float64(total)
	jitter := time.Duration(draw % int64(time.Hour))
	return now.Add(-span + time.Duration(progress*float64(span-2*time.Hour)) + jitter)
}

// writeRetrying writes one chunk, again after a moment when the running server held the database
// (SQLite's busy errors: the seeder is a second process writing the same file).
func writeRetrying(store eventstore.Store, batches []eventstore.Ingest) error {
	var err error
	for attempt := 0; attempt < 20; attempt++ {
		if err = store.WriteAll(batches); err == nil || !isBusy(err) {
			return err
		}
		time.Sleep(time.Duration(50*(attempt+1)) * time.Millisecond)
	}
	return err
}

func isBusy(err error) bool {
	msg := err.Error()
	return strings.Contains(msg, "database is locked") || strings.Contains(msg, "SQLITE_BUSY") || strings.Contains(msg, "(5)") || strings.Contains(msg, "(517)")
}

func ptr(v float64) *float64 { return &v }

// seedExperimentEvents: with an experiment, a third of the sessions see a variant on their first
// page and one in eight of those buys a little later; without one, nothing (and no random draw,
// so the plain seed stays the same).
func seedExperimentEvents(site *eventstore.Site, rng *rand.Rand, at time.Time) []eventstore.Event {
	var out []eventstore.Event
	for _, x := range site.Experiments {
		if rng.Intn(3) != 0 {
			continue
		}
		v := x.Variants[rng.Intn(len(x.Variants))]
		out = append(out, eventstore.Event{Type: "xp", Path: "/", ID: x.ID, Name: v.Key, At: at})
		if rng.Intn(8) == 0 {
			out = append(out, eventstore.Event{Type: "ev", Path: "/checkout", Name: "purchase", Value: float64(10 + rng.Intn(190)), At: at.Add(time.Minute)})
		}
	}
	return out
}
