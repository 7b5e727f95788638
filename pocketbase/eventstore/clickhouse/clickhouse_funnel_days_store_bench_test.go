package clickhouse

import (
	"fmt"
	"testing"
	"time"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/funnelpath"
)

// BenchmarkStoreDays writes two closed days of 100,000 visitors' attempts (3 steps each) to
// funnel_days on the local server: what one write allocates (-benchmem).
func BenchmarkStoreDays(b *testing.B) {
	s, err := NewClickHouseStore(chServer.DatabaseURL(b))
	if err != nil {
		b.Fatal(err)
	}
	q := eventstore.FunnelQuery{SiteID: "benchsite"}
	t0 := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
	days := map[string]map[string]funnelpath.Path{}
	for _, day := range []string{"2026-03-01", "2026-03-02"} {
		days[day] = map[string]funnelpath.Path{}
		for i := range 100_000 {
			v := fmt.Sprintf("visitor-%s-%06d", day, i)
			at := t0.Add(time.Duration(i) * time.Second)
			days[day][v] = funnelpath.Path{Reached: 3, Times: []time.Time{at, at.Add(time.Minute), at.Add(2 * time.Minute)},
				Sessions: []string{v + "-s", v + "-s", v + "-s"}}
		}
	}
	b.ResetTimer()
	for i := range b.N {
		if err := s.(*chStore).storeFunnelDays(s.(*chStore).db, q, "bench", uint32(100+i), days); err != nil {
			b.Fatal(err)
		}
	}
}
