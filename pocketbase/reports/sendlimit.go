package reports

import (
	"fmt"
	"math"
	"sync"
	"time"
)

// 'Send now' makes a whole report and mails it with its file to every recipient, so a button
// pressed 30 times was 30 reports made and 30 mails each (issue 30, finding 9). A report may be
// sent now once a minute (a resend after fixing a recipient stays possible), and a site at most
// 10 times an hour over all its reports. Kept in memory: a restart forgets them, which only
// allows a few more sends.
const (
	sendNowReportGap  = time.Minute
	sendNowSitePerHr  = 10
	sendNowSiteWindow = time.Hour
)

type sendLimits struct {
	mu     sync.Mutex
	report map[string]time.Time   // report id -> its last send now
	site   map[string][]time.Time // site id -> its sends now in the last hour
}

func newSendLimits() *sendLimits {
	return &sendLimits{report: map[string]time.Time{}, site: map[string][]time.Time{}}
}

// take counts a send now of report on site at now, or says why not and how long to wait.
func (l *sendLimits) take(siteID, reportID string, now time.Time) (wait time.Duration, why string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.sweep(now)
	if last, ok := l.report[reportID]; ok && now.Sub(last) < sendNowReportGap {
		wait = sendNowReportGap - now.Sub(last)
		return wait, fmt.Sprintf("This report was sent a moment ago. You can send it again in %s.", inWords(wait))
	}
	recent := l.site[siteID]
	if len(recent) >= sendNowSitePerHr {
		wait = sendNowSiteWindow - now.Sub(recent[0])
		return wait, fmt.Sprintf("This site's reports were sent %d times in the last hour with Send now, the most an hour allows. You can send one again in %s.",
			sendNowSitePerHr, inWords(wait))
	}
	l.report[reportID] = now
	l.site[siteID] = append(recent, now)
	return 0, ""
}

// sweep forgets what no longer limits anything.
func (l *sendLimits) sweep(now time.Time) {
	for id, at := range l.report {
		if now.Sub(at) >= sendNowReportGap {
			delete(l.report, id)
		}
	}
	for id, times := range l.site {
		i := 0
		for i < len(times) && now.Sub(times[i]) >= sendNowSiteWindow {
			i++
		}
		if i == len(times) {
			delete(l.site, id)
		} else {
			l.site[id] = times[i:]
		}
	}
}

// retryAfter is the Retry-After header's whole seconds, rounded up.
func retryAfter(wait time.Duration) string {
	return fmt.Sprint(int(math.Ceil(wait.Seconds())))
}

func inWords(d time.Duration) string {
	if s := int(math.Ceil(d.Seconds())); s < 60 {
		if s == 1 {
			return "1 second"
		}
		return fmt.Sprintf("%d seconds", s)
	}
	m := int(math.Ceil(d.Minutes()))
	if m == 1 {
		return "1 minute"
	}
	return fmt.Sprintf("%d minutes", m)
}
