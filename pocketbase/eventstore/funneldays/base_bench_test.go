package funneldays

import (
	"maps"
	"math/rand"
	"strconv"
	"testing"
	"time"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/funnelpath"
)

// BenchmarkKeptFigures is a warm request's figures and drop-off sample over 400,000 closed
// entrants and 100,000 open ones, 2,000 of them with events in the last hour: adjusted from the
// closed figures for every open visitor (whole), or from the kept base for the last hour's (base).
func BenchmarkKeptFigures(b *testing.B) {
	rng := rand.New(rand.NewSource(1))
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	path := func(at time.Time) funnelpath.Path {
		p := funnelpath.Path{Reached: 1 + rng.Intn(5), Times: []time.Time{at}, Sessions: []string{"s"}}
		for k := 1; k < p.Reached; k++ {
			p.Times = append(p.Times, p.Times[k-1].Add(time.Duration(rng.Intn(600))*time.Second))
			p.Sessions = append(p.Sessions, "s")
		}
		return p
	}
	closed, kept := map[string]funnelpath.Path{}, map[string]funnelpath.Path{}
	for v := 0; v < 400_000; v++ {
		closed["v"+strconv.Itoa(v)] = path(start.Add(time.Duration(rng.Intn(600)) * time.Hour))
	}
	for v := 300_000; v < 400_000; v++ { // a quarter returning, the rest new
		kept["v"+strconv.Itoa(v*(1+v%4/3))] = path(start.AddDate(0, 1, 0).Add(time.Duration(rng.Intn(150)) * time.Hour))
	}
	open := maps.Clone(kept)
	var redone []string
	for v := 0; v < 2_000; v++ {
		id := "r" + strconv.Itoa(v)
		open[id], redone = path(start.AddDate(0, 1, 7)), append(redone, id)
	}
	q := eventstore.FunnelQuery{SiteID: "site", Steps: make([]eventstore.FunnelStep, 5), Window: time.Hour}
	for _, mode := range []string{"whole", "base"} {
		b.Run(mode, func(b *testing.B) {
			p := Parts{Closed: closed, Open: open, ClosedFrom: start, ClosedTo: start.AddDate(0, 1, 0)}
			if mode == "base" {
				p.prefixes, p.redone = []OpenAttempts{{Kept: kept, KeptAt: "prefix"}}, redone
			}
			c := NewCache()
			KeptFigures(c, q, p, 0)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				k := KeptFigures(c, q, p, 0)
				k.Figures.Figures(k.Changes)
				k.Figures.Stopped(k.Changes, 1, funnelpath.MaxDropOffSessions)
			}
		})
	}
}
