// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// Revenue cap parity (issue 32): a browser purchase's `x` is now the value it counted for
// experiments (capped, analytics/apply.go), which a late exposure's backfill reads instead of the
// reported `value`. Purchases stored before kept no counted value: they keep counting in full, as
// the backfill counted them until now.
migrate(
  (app) => {
    app.db().newQuery("UPDATE events SET x = value WHERE type = 'custom' AND value > 0 AND COALESCE(x, 0) = 0").execute();
  },
  () => {
    // x was 0 on custom events before; a reported value is left as the counted one.
  },
);
