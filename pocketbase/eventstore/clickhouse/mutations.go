package clickhouse

import (
	"errors"
	"fmt"
	"strings"
	"time"
)

// Mutations (ALTER TABLE ... DELETE) do not go through a Distributed table, and 18.16 runs ON
// CLUSTER only with ZooKeeper: on a cluster each shard's _local table is altered over that
// shard's own endpoint (the URL's shards=), and waitMutations waits on each. With replication,
// one replica per shard takes the mutation and ReplicatedMergeTree passes it to the others.

// Delete deletes table's rows matching cond (SQL already bound): on one server the table's, on a
// cluster every shard's <table>_local. It returns once each server has queued the mutation.
// Deletes go one at a time: 18.16 was seen to leave a part's rows that a delete queued while the
// one before it rewrote that part should have removed, so each waits for the earlier ones first.
func (c *Client) Delete(table, cond string) error {
	if !validName(table) {
		return fmt.Errorf("clickhouse: bad table name %q", table)
	}
	if err := waitMutations(c); err != nil {
		return err
	}
	if len(c.shards) == 0 {
		err := c.Exec("ALTER TABLE " + table + " DELETE WHERE " + cond)
		if err != nil && strings.Contains(err.Error(), "not supported by storage Distributed") {
			err = fmt.Errorf("%w (on a cluster, name each shard in the events URL: &shards=host1:8123,host2:8123)", err)
		}
		return err
	}
	for _, shard := range c.shards {
		if err := shard.Exec("ALTER TABLE " + table + "_local DELETE WHERE " + cond); err != nil {
			return fmt.Errorf("shard %s: %w", shard.base, err)
		}
	}
	return nil
}

// servers are the clients each holding a part of the data: the shards, or c alone.
func (c *Client) servers() []*Client {
	if len(c.shards) == 0 {
		return []*Client{c}
	}
	return c.shards
}

// waitMutations waits until the database's deletes are done on every server (18.16 has no
// mutations_sync).
func waitMutations(db *Client) error {
	deadline := time.Now().Add(30 * time.Second)
	for _, server := range db.servers() {
		q, _ := Bind(`SELECT count() AS n FROM system.mutations WHERE database = {:db} AND is_done = 0`, map[string]any{"db": server.Database})
		for {
			r, err := server.QueryOne(q)
			if err != nil {
				return err
			}
			if r.Int("n") == 0 {
				break
			}
			if time.Now().After(deadline) {
				return errors.New("clickhouse: earlier deletes did not finish within 30 s")
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	return nil
}
