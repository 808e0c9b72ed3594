/// <reference path="../pb_data/types.d.ts" />
// A submission's body is refused before anything reads it when it is larger than any form of its service
// could send (issue 29, finding 4). PocketBase's own cap for a record create is 32 MB plus the file
// fields' limits, and a text field near that size kept the server's JS busy for ~40 s. The caps come from
// the schema (generator/transform/bodyLimits.ts): a body without files may hold the fields' text; one with
// files that plus the largest sum of the form's file limits. The text part of a body with files is
// checked once PocketBase has parsed it, before any JS reads a value (lib/bodyLimits.js).
//
// The one middleware on every request: all it does for anything but a POST is hand it on.
routerUse((e) => {
  if (e.request.method !== 'POST') return e.next();
  const limits = require(`${__hooks}/lib/bodyLimits.js`).limitsOfCreate(e.request.url.path);
  if (limits) require(`${__hooks}/lib/bodyLimits.js`).refuseOversized(e.request, limits);
  return e.next();
});
