package stats

import "encoding/json"

// MarshalJSON writes MetricNone as null, as the case schema has it.
func (m Metric) MarshalJSON() ([]byte, error) {
	if m == MetricNone {
		return []byte("null"), nil
	}
	return json.Marshal(string(m))
}
