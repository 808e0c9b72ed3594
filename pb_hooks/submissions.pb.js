/// <reference path="../bin/pocketbase-types.d.ts" />
// POST /api/formwork/submit/{collection}: every application is stored through this route (lib/submit.js).
// One route per service, so each has its own body cap (generator/transform/bodyLimits.ts): PocketBase's
// $apis.bodyLimit refuses a longer body by its Content-Length before it is read.
{
  const submitServices = require(`${__hooks}/generated/services.js`).services;
  const submitRoute = require(`${__hooks}/lib/submit.js`).ROUTE;
  for (const name of Object.keys(submitServices)) {
    const caps = submitServices[name].bodyLimits;
    routerAdd('POST', submitRoute + name, (e) => require(`${__hooks}/lib/submit.js`).submit(e), $apis.bodyLimit(caps.text + caps.files));
  }
}
