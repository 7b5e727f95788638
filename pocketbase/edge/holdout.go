package edge

import (
	"encoding/json"

	"cro/pocketbase/experiments"
)

// holdout is the site's global holdout in the tracker's config (`ho`: [seed, percent]): those
// visitors see no rule and no test, decided as src/tracker/groups.ts heldOut decides.
type holdout struct {
	seed string
	pct  float64
}

func (h *holdout) UnmarshalJSON(b []byte) error {
	var pair []json.RawMessage
	if err := json.Unmarshal(b, &pair); err != nil || len(pair) != 2 {
		return err
	}
	if err := json.Unmarshal(pair[0], &h.seed); err != nil {
		return err
	}
	return json.Unmarshal(pair[1], &h.pct)
}

// holds says whether the visitor is held out (a visitor without an id never is).
func (h *holdout) holds(visitor string) bool {
	return h != nil && visitor != "" && experiments.InRollout(visitor, h.seed, h.pct)
}
