package clickhouse

// versionMemo keeps rows per strata version of an experiment. A version's rows never change, so
// they are read once per server; the map starts over when it holds chOutcomeMemoMax versions.
// The caller holds the store's outcomeMu.
type versionMemo[T any] map[string][]T

func versionMemoKey(siteID, expID, version string) string {
	return siteID + "\x00" + expID + "\x00" + version
}

// cached returns the kept rows of versions and the versions not kept.
func (m versionMemo[T]) cached(siteID, expID string, versions []string) (out []T, missing []string) {
	for _, v := range versions {
		if rows, ok := m[versionMemoKey(siteID, expID, v)]; ok {
			out = append(out, rows...)
		} else {
			missing = append(missing, v)
		}
	}
	return out, missing
}

// keep stores the rows read per version and returns out with them appended.
func (m *versionMemo[T]) keep(siteID, expID string, read map[string][]T, out []T) []T {
	if *m == nil || len(*m) >= chOutcomeMemoMax {
		*m = versionMemo[T]{}
	}
	for v, rows := range read {
		(*m)[versionMemoKey(siteID, expID, v)] = rows
		out = append(out, rows...)
	}
	return out
}
