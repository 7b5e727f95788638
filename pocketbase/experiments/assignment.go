// Package experiments is the server side of A/B tests: deterministic assignment (the same as the
// tracker's), and the per-variant results route over the event store.
package experiments

import (
	"strconv"
	"unicode/utf16"
)

// The assignment functions port src/lib/assignment.ts (GrowthBook's SDK, spec 0.5.4) so that the
// server buckets a visitor exactly as the tracker does; tests/fixtures/assignment-vectors.json
// pins both.

// fnv1a32 hashes the text's UTF-16 code units, as JavaScript's charCodeAt sees them.
func fnv1a32(text string) uint32 {
	h := uint32(0x811c9dc5)
	for _, c := range utf16.Encode([]rune(text)) {
		h ^= uint32(c)
		h *= 0x01000193 // FNV prime: the shifts of the TypeScript version, multiplied out
	}
	return h
}

// Hash is a number in [0, 1) for a seed and a value; ok is false for an unknown hashing version.
func Hash(seed, value string, version int) (n float64, ok bool) {
	switch version {
	case 2:
		return float64(fnv1a32(strconv.FormatUint(uint64(fnv1a32(seed+value)), 10))%10000) / 10000, true
	case 1:
		return float64(fnv1a32(value+seed)%1000) / 1000, true
	}
	return 0, false
}

// EqualWeights splits 1 into n equal weights.
func EqualWeights(n int) []float64 {
	if n <= 0 {
		return []float64{}
	}
	w := make([]float64, n)
	for i := range w {
		w[i] = 1 / float64(n)
	}
	return w
}

// BucketRange is a variation's [start, end) share of the hash space.
type BucketRange [2]float64

// BucketRanges gives each variation coverage x its weight; bad weights fall back to equal ones.
func BucketRanges(numVariations int, coverage float64, weights []float64) []BucketRange {
	cover := min(1, max(0, coverage))
	w := weights
	if w == nil || len(w) != numVariations {
		w = EqualWeights(numVariations)
	}
	total := 0.0
	for _, x := range w {
		total += x
	}
	if total < 0.99 || total > 1.01 {
		w = EqualWeights(numVariations)
	}
	out := make([]BucketRange, len(w))
	cumulative := 0.0
	for i, weight := range w {
		start := cumulative
		cumulative += weight
		out[i] = BucketRange{start, start + cover*weight}
	}
	return out
}

// ChooseVariation is the index of the range holding n, or -1 when none does.
func ChooseVariation(n float64, ranges []BucketRange) int {
	for i, r := range ranges {
		if n >= r[0] && n < r[1] {
			return i
		}
	}
	return -1
}

// InNamespace reports whether id falls in the namespace's [start, end) slice.
func InNamespace(id, namespace string, start, end float64) bool {
	n, ok := Hash("__"+namespace, id, 1)
	return ok && n >= start && n < end
}

// Assign is the variant index a visitor sees in an experiment with this seed, traffic share
// (0-1) and weights, or -1 when the visitor is outside the experiment's traffic.
func Assign(visitorID, seed string, traffic float64, weights []float64) int {
	n, ok := Hash(seed, visitorID, 2)
	if !ok || visitorID == "" {
		return -1
	}
	return ChooseVariation(n, BucketRanges(len(weights), traffic, weights))
}

// InRollout reports whether a visitor sees a rule rolled out to percentage percent (steps of 5):
// a one-variation bucket range with coverage percentage / 100, hashed with version 2.
func InRollout(visitorID, seed string, percentage float64) bool {
	n, ok := Hash(seed, visitorID, 2)
	if !ok || visitorID == "" {
		return false
	}
	return ChooseVariation(n, BucketRanges(1, percentage/100, nil)) == 0
}

// InGroupRange reports whether a visitor's slot in an exclusive group's namespace,
// Hash(group seed, visitor, 2) in [0, 1), falls in an experiment's [start, end) range of it
// (src/lib/assignment.ts inGroupRange). Disjoint ranges never share a visitor, and the slot
// depends on the visitor and the group's seed alone, so a new range never moves anyone.
func InGroupRange(visitorID, seed string, start, end float64) bool {
	n, ok := Hash(seed, visitorID, 2)
	return ok && visitorID != "" && n >= start && n < end
}
