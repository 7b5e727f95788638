// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// Goals: every write is checked by the shared rule (src/lib/goals.ts) before it is saved, so a
// refused goal stores nothing and the ingest never meets a goal that cannot match.

onRecordCreateRequest((e) => {
  require(`${__hooks}/lib/goal_check.js`).checkAndSet(e);
  e.next();
}, 'goals');

onRecordUpdateRequest((e) => {
  require(`${__hooks}/lib/goal_check.js`).checkAndSet(e);
  e.next();
}, 'goals');
