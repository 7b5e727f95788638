package recordings

import (
	"encoding/json"
	"testing"
)

// rr builds one rrweb event.
func rr(typ int, at int64, data map[string]any) map[string]any {
	return map[string]any{"type": typ, "timestamp": at, "data": data}
}

func click(at int64, x, y float64) map[string]any {
	return rr(typeIncremental, at, map[string]any{"source": sourceMouseInteraction, "type": interactionClick, "id": 7, "x": x, "y": y})
}

func mutation(at int64) map[string]any {
	return rr(typeIncremental, at, map[string]any{"source": sourceMutation, "adds": []any{}, "removes": []any{}})
}

func chunk(t testing.TB, events ...map[string]any) []byte {
	t.Helper()
	raw, err := json.Marshal(events)
	if err != nil {
		t.Fatal(err)
	}
	return raw
}

const t0 = int64(1_763_900_000_000)

func TestSummarizeCountsWhatTheIndexShows(t *testing.T) {
	raw := chunk(t,
		rr(typeMeta, t0, map[string]any{"href": "https://shop.example.com/signup?email=a%40b.c#top", "width": 1280, "height": 720}),
		rr(typeFullSnapshot, t0+10, map[string]any{"node": map[string]any{}}),
		// Clicks are counted; whether they were rage or dead is the session's frustration signals'
		// (pocketbase/frustration), from its analytics events.
		click(t0+1000, 100, 100), mutation(t0+1200), click(t0+1300, 105, 102), mutation(t0+1700), click(t0+1600, 98, 99),
		click(t0+5000, 500, 500), rr(typeIncremental, t0+5500, map[string]any{"source": 1, "positions": []any{}}),
		rr(typeCustom, t0+6200, map[string]any{"tag": "error", "payload": map[string]any{"message": "boom"}}),
		rr(typeCustom, t0+6600, map[string]any{"tag": "page", "payload": map[string]any{"href": "https://shop.example.com/thanks"}}),
		click(t0+6800, 20, 20),
		mutation(t0+7000),
	)
	got, _, err := Summarize(raw)
	if err != nil {
		t.Fatal(err)
	}
	want := Summary{Events: 13, First: t0, Last: t0 + 7000, Pages: []string{"https://shop.example.com/signup", "https://shop.example.com/thanks"},
		Clicks: 5, Errors: 1}
	if g, w := mustJSON(got), mustJSON(want); g != w {
		t.Errorf("summary\n got %s\nwant %s", g, w)
	}
}

func TestSummarizeRefusesWhatIsNotAChunk(t *testing.T) {
	for name, raw := range map[string]string{
		"not JSON":          `hello`,
		"an object":         `{"type":2,"timestamp":1}`,
		"empty":             `[]`,
		"no timestamp":      `[{"type":2}]`,
		"an unknown type":   `[{"type":42,"timestamp":1763900000000}]`,
		"a string as event": `["x"]`,
	} {
		if _, _, err := Summarize([]byte(raw)); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

func TestAddPageKeepsOriginAndPathOnly(t *testing.T) {
	pages := addPage(nil, "https://a.example/x?token=secret")
	pages = addPage(pages, "https://a.example/x")
	pages = addPage(pages, "javascript:alert(1)")
	pages = addPage(pages, "https://a.example/y")
	if mustJSON(pages) != `["https://a.example/x","https://a.example/y"]` {
		t.Errorf("pages %v", pages)
	}
}

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
