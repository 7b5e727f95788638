// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// Storage (issue 32): a client source is 16 hex characters (64 bits of the keyed hash) instead of
// 32 (collect/client_source.go). The new hash is the old one's first half, so stored sources are
// cut to it: a client keeps one source across the upgrade (the health evaluation counts distinct
// sources per day, revenue caps are kept per source).
migrate(
  (app) => {
    app.db().newQuery('UPDATE events SET client = substr(client, 1, 16) WHERE length(client) = 32').execute();
  },
  () => {
    // The cut half cannot be restored; 16-character sources are valid before this migration too.
  },
);
