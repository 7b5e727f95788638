package clickhouse

import "testing"

// Every step of Schema has its cluster form: a store opened on a cluster's URL migrates
// ClusterSchema only, so a step missing there would never reach a cluster's shards.
func TestClusterSchemaHasEveryStep(t *testing.T) {
	have := map[int]bool{}
	for _, m := range ClusterSchema("cro", "cro") {
		have[m.Version] = true
	}
	for _, m := range Schema {
		if !have[m.Version] {
			t.Errorf("migration %d %s is not in ClusterSchema", m.Version, m.Name)
		}
	}
}
