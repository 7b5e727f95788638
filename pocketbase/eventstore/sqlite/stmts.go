package sqlite

import (
	"database/sql"
	"fmt"
	"regexp"
	"sync"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// The writer's statements are prepared once on the app's single writer connection and reused in
// every transaction: parsing SQL per write was the largest cost of ingestion. Statements keep
// dbx-style {:name} placeholders in the source and are bound from a map.

var placeholderPattern = regexp.MustCompile(`\{:(\w+)\}`)

type prepared struct {
	stmt  *sql.Stmt
	names []string
}

type stmtCache struct {
	mu sync.Mutex
	db *sql.DB
	m  map[string]*prepared
}

// writerStatements lists every statement the writer runs inside its transactions, so that all
// are prepared before a transaction holds the only writer connection.
func writerStatements() []string {
	return append([]string{
		insertEventSQL, loadSessionSQL, visitorFirstSQL, visitorRevenueSQL, insertSessionSQL, updateSessionSQL, restartSessionSQL, upsertDailySQL, upsertPageSQL, upsertDimSQL,
		upsertAutomatedSQL, upsertFunnelLateSQL, upsertClickLateSQL, visitorSessionsSQL, sessionConversionsSQL,
	}, append(experimentStatements(), leanInsertStatements()...)...)
}

func newStmtCache(app core.App) (*stmtCache, error) {
	d, ok := app.NonconcurrentDB().(*dbx.DB)
	if !ok {
		return nil, fmt.Errorf("unexpected writer db type %T", app.NonconcurrentDB())
	}
	c := &stmtCache{db: d.DB(), m: map[string]*prepared{}}
	for _, q := range append(append(writerStatements(), serverConversionStatements...), takeWriteLockSQL) {
		names := []string{}
		for _, m := range placeholderPattern.FindAllStringSubmatch(q, -1) {
			names = append(names, m[1])
		}
		st, err := c.db.Prepare(placeholderPattern.ReplaceAllString(q, "?"))
		if err != nil {
			return nil, fmt.Errorf("prepare %.60s: %w", q, err)
		}
		c.m[q] = &prepared{stmt: st, names: names}
	}
	return c, nil
}

// txStmts runs prepared statements inside one transaction.
type txStmts struct {
	c     *stmtCache
	tx    *sql.Tx
	local map[*sql.Stmt]*sql.Stmt
}

// takeWriteLockSQL changes nothing; as a transaction's first statement it takes SQLite's write
// lock before anything is read. A transaction that reads first and then writes cannot wait for
// another process's write (SQLite refuses it at once with SQLITE_BUSY, to avoid a deadlock); one
// that starts with a write waits for the lock (busy_timeout) and then reads the latest data.
const takeWriteLockSQL = `DELETE FROM events WHERE 0`

func (c *stmtCache) begin() (*txStmts, error) {
	tx, err := c.db.Begin()
	if err != nil {
		return nil, err
	}
	if _, err := tx.Stmt(c.m[takeWriteLockSQL].stmt).Exec(); err != nil {
		_ = tx.Rollback()
		return nil, err
	}
	return &txStmts{c: c, tx: tx, local: map[*sql.Stmt]*sql.Stmt{}}, nil
}

func (t *txStmts) stmt(q string, p map[string]any) (*sql.Stmt, []any, error) {
	pr := t.c.m[q]
	if pr == nil {
		return nil, nil, fmt.Errorf("statement not prepared: %.60s", q)
	}
	st := t.local[pr.stmt]
	if st == nil {
		st = t.tx.Stmt(pr.stmt)
		t.local[pr.stmt] = st
	}
	args := make([]any, len(pr.names))
	for i, n := range pr.names {
		v, ok := p[n]
		if !ok {
			return nil, nil, fmt.Errorf("missing parameter %s", n)
		}
		args[i] = v
	}
	return st, args, nil
}

func (t *txStmts) exec(q string, p map[string]any) error {
	st, args, err := t.stmt(q, p)
	if err != nil {
		return err
	}
	_, err = st.Exec(args...)
	return err
}

// execArgs runs a statement with positional arguments (its placeholders are plain ?).
func (t *txStmts) execArgs(q string, args []any) error {
	pr := t.c.m[q]
	if pr == nil {
		return fmt.Errorf("statement not prepared: %.60s", q)
	}
	st := t.local[pr.stmt]
	if st == nil {
		st = t.tx.Stmt(pr.stmt)
		t.local[pr.stmt] = st
	}
	_, err := st.Exec(args...)
	return err
}

func (t *txStmts) row(q string, p map[string]any, dest ...any) error {
	st, args, err := t.stmt(q, p)
	if err != nil {
		return err
	}
	return st.QueryRow(args...).Scan(dest...)
}

func (t *txStmts) query(q string, p map[string]any) (*sql.Rows, error) {
	st, args, err := t.stmt(q, p)
	if err != nil {
		return nil, err
	}
	return st.Query(args...)
}
