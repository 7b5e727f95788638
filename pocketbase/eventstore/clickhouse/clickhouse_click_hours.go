package clickhouse

import (
	"strconv"
	"time"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/funneldays"
)

// Closed hours of a click map's open part (clickhouse_click_days.go). The partial first day and
// the days not yet closed are read click by click from page_events (their bins and rage bursts:
// the page's own clicks, a small range), but their dead clicks need the clicking sessions' page
// views from events, which are sorted by site and time: a read of every event of the site over up
// to three days per request. The whole UTC hours among them that are closed (as a day is: over,
// with their last click's dead-click window and the late marks' hour) have their dead clicks
// worked out once from events and kept in the day cache, dropped by the same late marks; a request
// reads page views only for the partial first hour and the hours not yet closed.

const chHourMS = int64(time.Hour / time.Millisecond)

// chClickHours are the closed whole UTC hours of a click map's open part when it has closed days
// [closedFrom, closedTo): [headFrom, closedFrom) in its partial first day and [closedTo, tailTo)
// after the closed days (empty when from >= to).
func chClickHours(from, to, now, closedFrom, closedTo int64) (headFrom, tailTo int64) {
	headFrom = min(ceilDiv(from, chHourMS)*chHourMS, closedFrom)
	tailTo = max(min(floorDiv(to, chHourMS), floorDiv(now-chClickClosedAfter, chHourMS))*chHourMS, closedTo)
	return headFrom, tailTo
}

// chClickHourKey is the day cache's key of a page's and device class's closed UTC hour starting at h (ms).
func chClickHourKey(site, path, device string, h int64) funneldays.CacheKey {
	return funneldays.CacheKey{Site: site, Funnel: "clickhour\x00" + path + "\x00" + device, Day: strconv.FormatInt(h/chHourMS, 10)}
}

// closedClickHours are the dead clicks by element of the closed whole UTC hours of the spans, from
// the click cache, working out the hours it lacks a run of consecutive hours at a time (every device
// class of the page at once, as closedClickDays, which calls it with the cache's generation gen).
func (s *chStore) closedClickHours(db *Client, q eventstore.HeatmapQuery, spans []chSpan, gen uint64) (map[string]int, error) {
	out := map[string]int{}
	add := func(dead map[string]int) {
		for sel, n := range dead {
			out[sel] += n
		}
	}
	key := func(h int64) funneldays.CacheKey { return chClickHourKey(q.SiteID, q.Path, q.Device, h) }
	for _, sp := range spans {
		for h := sp.from; h < sp.to; {
			if v, ok := s.clicks.Get(key(h)); ok {
				add(v.(map[string]int))
				h += chHourMS
				continue
			}
			end := h + chHourMS
			for end < sp.to {
				if _, ok := s.clicks.Get(key(end)); ok {
					break
				}
				end += chHourMS
			}
			byDevice, err := s.deadClicks(db, q, h, end, chHourMS)
			if err != nil {
				return nil, err
			}
			for _, device := range eventstore.DeviceClasses {
				for hour := h; hour < end; hour += chHourMS {
					dead := byDevice[device][hour/chHourMS]
					if dead == nil {
						dead = map[string]int{}
					}
					s.clicks.Put(chClickHourKey(q.SiteID, q.Path, device, hour), dead, 1+len(dead), gen)
					if device == q.Device {
						add(dead)
					}
				}
			}
			h = end
		}
	}
	return out, nil
}
