package clickhouse

// markWritten marks the jobs' sites as written once their insert is confirmed: marked before, the
// live refresher could read the site before the rows were there and not come back to it.
func (s *chStore) markWritten(jobs []*chJob) {
	s.dirtyMu.Lock()
	defer s.dirtyMu.Unlock()
	for _, j := range jobs {
		if j.site != "" {
			s.dirty[j.site] = true
		}
	}
}
