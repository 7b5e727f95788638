package stats

import (
	"encoding/json"
	"fmt"
	"math"
)

// Interval is [lower, upper]; an unbounded end is -Inf or +Inf in Go and null in JSON, which has
// no infinity.
type Interval [2]float64

func (iv Interval) MarshalJSON() ([]byte, error) {
	ends := [2]*float64{}
	for i, v := range iv {
		if math.IsNaN(v) {
			return nil, fmt.Errorf("stats: interval end is NaN")
		}
		if !math.IsInf(v, 0) {
			ends[i] = &iv[i]
		}
	}
	return json.Marshal(ends)
}

func (iv *Interval) UnmarshalJSON(data []byte) error {
	var ends [2]*float64
	if err := json.Unmarshal(data, &ends); err != nil {
		return err
	}
	iv[0], iv[1] = math.Inf(-1), math.Inf(1)
	if ends[0] != nil {
		iv[0] = *ends[0]
	}
	if ends[1] != nil {
		iv[1] = *ends[1]
	}
	return nil
}
