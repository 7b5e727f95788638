package analytics

import "sync"

// together runs a route's independent store reads at once and returns when all are done: a
// route's latency is then its slowest read's, not the sum (on ClickHouse each read is a few round
// trips; the Overview makes five and the Analytics screen five). Each read keeps its own result
// and error, so the caller checks them in the order it read them before.
func together(reads ...func()) {
	var wg sync.WaitGroup
	wg.Add(len(reads))
	for _, read := range reads {
		go func() {
			defer wg.Done()
			read()
		}()
	}
	wg.Wait()
}
