// Package clickhouse is the event store on ClickHouse. Its client speaks ClickHouse's HTTP
// interface: queries with values bound in one place (Bind), batched inserts as JSONEachRow, and
// versioned schema migrations; the Store over it is clickhouse_*.go (NewClickHouseStore).
// Everything here is SQL that Debian's ClickHouse 18.16 and current releases both accept: 18.16
// has no {name:Type} query parameters, so values are escaped into literals by Bind alone.
package clickhouse

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
)

// Client is one ClickHouse database reached over HTTP.
type Client struct {
	base       string // scheme://host:port/
	Database   string
	user       string
	password   string
	http       *http.Client
	beforeRead func() // withReadBarrier's
	priority   int    // withPriority's
	// promoted, when set and above zero, sends this background client's statements at
	// foregroundPriority (whilePromoted): a reader waits on its work.
	promoted *atomic.Int32
	// shards: on a cluster (ClusterSchema), one client per shard, given by the URL's shards=
	// (host:port,...): deletes run on each shard's _local tables (mutations.go).
	shards []*Client
	// cluster: the cluster's name in the servers' remote_servers (the URL's cluster=), with shards.
	cluster string
	// settings are ClickHouse settings sent with each statement (withSetting).
	settings url.Values
	// pin, a pinned view's (clickhouse_pinned.go): its experiment reads share one strata snapshot.
	pin *strataPin
}

// withSetting is the client sending ClickHouse setting name=value with each statement.
func (c *Client) withSetting(name, value string) *Client {
	cp := *c
	cp.settings = url.Values{}
	for k, v := range c.settings {
		cp.settings[k] = v
	}
	cp.settings.Set(name, value)
	return &cp
}

// foregroundPriority is ClickHouse's query priority of every statement but background reads
// (withPriority): 1, the highest. Priority 0 (ClickHouse's default) neither pauses nor is paused.
const foregroundPriority = 1

// withPriority is the client whose queries run at ClickHouse's query priority p (higher is
// lower): while a query of a higher priority runs, they pause, so a store's background reads
// (settling closed days, a route's other kinds) do not slow the dashboard's.
func (c *Client) withPriority(p int) *Client {
	cp := *c
	cp.priority = p
	return &cp
}

// whilePromoted is the client whose statements run at foregroundPriority while n is above zero
// (a reader waits on the work they do: clickhouse_funnel_flights.go), at its own priority otherwise.
func (c *Client) whilePromoted(n *atomic.Int32) *Client {
	cp := *c
	cp.promoted = n
	return &cp
}

// withReadBarrier is the client with wait run before each query and statement (not inserts).
func (c *Client) withReadBarrier(wait func()) *Client {
	cp := *c
	cp.beforeRead = wait
	return &cp
}

func (c *Client) awaitWrites() {
	if c.beforeRead != nil {
		c.beforeRead()
	}
}

// Open parses a store URL such as http://127.0.0.1:8123/?database=cro (user and password may be
// given as user:password@host; on a cluster, &cluster=name&shards=host1:8123,host2:8123 names
// the cluster of the servers' remote_servers and one HTTP endpoint per shard, any replica of it);
// it does not connect.
func Open(raw string) (*Client, error) {
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("events URL %q: want http(s)://host:port/?database=name", raw)
	}
	db := u.Query().Get("database")
	if db == "" {
		db = "default"
	}
	if !validName(db) {
		return nil, fmt.Errorf("events URL %q: database name may hold only letters, digits and _", raw)
	}
	c := &Client{base: u.Scheme + "://" + u.Host + "/", Database: db, http: &http.Client{Timeout: 60 * time.Second},
		priority: foregroundPriority}
	if u.User != nil {
		c.user = u.User.Username()
		c.password, _ = u.User.Password()
	}
	if c.cluster = u.Query().Get("cluster"); c.cluster != "" && !validName(c.cluster) {
		return nil, fmt.Errorf("events URL %q: cluster name may hold only letters, digits and _", raw)
	}
	if list := u.Query().Get("shards"); list != "" {
		for _, host := range strings.Split(list, ",") {
			if host = strings.TrimSpace(host); host == "" || strings.ContainsAny(host, "/?@") {
				return nil, fmt.Errorf("events URL %q: shards= wants host:port,host:port", raw)
			}
			shard := *c
			shard.base = u.Scheme + "://" + host + "/"
			c.shards = append(c.shards, &shard)
		}
	}
	return c, nil
}

func validName(s string) bool {
	for _, r := range s {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return s != ""
}

// post sends one statement (query in the URL, body as its data when given).
func bg() context.Context { return context.Background() }

func (c *Client) post(ctx context.Context, query string, body io.Reader, inDB bool) ([]byte, error) {
	res, err := c.send(ctx, query, body, inDB)
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	return io.ReadAll(res.Body)
}

// send sends one statement and returns ClickHouse's answer (an error unless 200 OK): its body
// is the caller's to read and close.
func (c *Client) send(ctx context.Context, query string, body io.Reader, inDB bool) (*http.Response, error) {
	v := url.Values{}
	if inDB {
		v.Set("database", c.Database)
	}
	// Numbers come back as JSON numbers (64-bit ones are quoted by default).
	v.Set("output_format_json_quote_64bit_integers", "0")
	// On a cluster (ClusterSchema): an insert returns once every shard holds its rows, and a
	// subquery over a Distributed table inside another runs once, on the initiator.
	v.Set("insert_distributed_sync", "1")
	v.Set("distributed_product_mode", "global")
	if c.priority > 0 {
		p := c.priority
		if c.promoted != nil && c.promoted.Load() > 0 {
			p = foregroundPriority
		}
		v.Set("priority", strconv.Itoa(p))
	}
	for k := range c.settings {
		v.Set(k, c.settings.Get(k))
	}
	if body != nil {
		v.Set("query", query)
	} else {
		body = strings.NewReader(query)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+"?"+v.Encode(), body)
	if err != nil {
		return nil, err
	}
	if c.user != "" {
		req.Header.Set("X-ClickHouse-User", c.user)
		req.Header.Set("X-ClickHouse-Key", c.password)
	}
	res, err := c.http.Do(req)
	if err != nil {
		return nil, err
	}
	if res.StatusCode != http.StatusOK {
		defer res.Body.Close()
		out, err := io.ReadAll(res.Body)
		if err != nil {
			return nil, err
		}
		return nil, fmt.Errorf("clickhouse: %s", strings.TrimSpace(string(out)))
	}
	return res, nil
}

// Exec runs a statement that returns nothing (sql already bound).
func (c *Client) Exec(sql string) error {
	c.awaitWrites()
	_, err := c.post(context.Background(), sql, nil, true)
	return err
}

// Row is one result row, numbers as float64.
type Row map[string]any

// Str is a column as a string ("" when absent).
func (r Row) Str(k string) string { s, _ := r[k].(string); return s }

// Num is a column as a number (0 when absent or null).
func (r Row) Num(k string) float64 {
	switch v := r[k].(type) {
	case float64:
		return v
	case json.Number:
		f, _ := v.Float64()
		return f
	}
	return 0
}

// Int is a column as an int.
func (r Row) Int(k string) int { return int(r.Num(k)) }

// Query runs a SELECT (sql already bound, without FORMAT) and returns its rows.
func (c *Client) Query(sql string) ([]Row, error) {
	c.awaitWrites()
	out, err := c.post(context.Background(), sql+" FORMAT JSONEachRow", nil, true)
	if err != nil {
		return nil, err
	}
	rows := []Row{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		if len(bytes.TrimSpace(sc.Bytes())) == 0 {
			continue
		}
		r := Row{}
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			return nil, fmt.Errorf("clickhouse: reading a row: %w", err)
		}
		rows = append(rows, r)
	}
	return rows, sc.Err()
}

// QueryEachOf runs a SELECT (sql already bound, without FORMAT) and hands each row, decoded into
// a T of its own (by its fields' json names), to each as it arrives: no map per row nor boxed
// number per value, and the answer never held whole, as text and as rows (Query's), for reads of
// many rows (a funnel's step events and stored days: millions of values at 50M events).
func QueryEachOf[T any](c *Client, sql string, each func(*T) error) error {
	return queryDecoded(c, sql, func(dec *json.Decoder) error {
		var row T
		if err := dec.Decode(&row); err != nil {
			return fmt.Errorf("clickhouse: reading a row: %w", err)
		}
		return each(&row)
	})
}

// queryDecoded runs a SELECT as JSONEachRow and calls next with the answer's decoder until it is
// read (next decodes one row).
func queryDecoded(c *Client, sql string, next func(*json.Decoder) error) error {
	c.awaitWrites()
	res, err := c.send(context.Background(), sql+" FORMAT JSONEachRow", nil, true)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	dec := json.NewDecoder(bufio.NewReaderSize(res.Body, 1<<16))
	for dec.More() {
		if err := next(dec); err != nil {
			return err
		}
	}
	return nil
}

// QueryOne runs a SELECT expected to return one row (an empty Row when it returns none).
func (c *Client) QueryOne(sql string) (Row, error) {
	rows, err := c.Query(sql)
	if err != nil || len(rows) == 0 {
		return Row{}, err
	}
	return rows[0], nil
}

// Insert writes rows (structs or maps with json names of the table's columns) in one request;
// ClickHouse confirms it once the data part is written.
func (c *Client) Insert(table string, rows []any) error {
	if len(rows) == 0 {
		return nil
	}
	if !validName(table) {
		return fmt.Errorf("clickhouse: bad table name %q", table)
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	for _, r := range rows {
		if err := enc.Encode(r); err != nil {
			return err
		}
	}
	_, err := c.post(context.Background(), "INSERT INTO "+table+" FORMAT JSONEachRow", &buf, true)
	return err
}

// InsertEncoded writes rows already encoded as JSONEachRow (one JSON object a line), given in
// parts sent one after the other, in one request: a collector's spool holds them encoded, so its
// records are sent as they were written, without copying them into one buffer.
func (c *Client) InsertEncoded(table string, parts [][]byte) error {
	n := 0
	for _, p := range parts {
		n += len(p)
	}
	if n == 0 {
		return nil
	}
	if !validName(table) {
		return fmt.Errorf("clickhouse: bad table name %q", table)
	}
	body := net.Buffers(parts)
	_, err := c.post(context.Background(), "INSERT INTO "+table+" FORMAT JSONEachRow", &body, true)
	return err
}

// Version is the server's version string, e.g. "18.16.1".
func (c *Client) Version() (string, error) {
	out, err := c.post(context.Background(), "SELECT version()", nil, false)
	return strings.TrimSpace(string(out)), err
}
