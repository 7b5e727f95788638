// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// The environment, not a past admin edit, decides the sign-in limit: applied at start for stored
// settings, and again whenever settings reload (e.g. when the migration first writes the rules).
onBootstrap((e) => {
  e.next();
  require(`${__hooks}/lib/auth_rate_limit.js`)(e.app);
});

onSettingsReload((e) => {
  e.next();
  require(`${__hooks}/lib/auth_rate_limit.js`)(e.app);
});
