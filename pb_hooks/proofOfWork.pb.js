/// <reference path="../bin/pocketbase-types.d.ts" />
// The proof of work of every service form (lib/proofOfWork.js): a fresh challenge for the form's
// collection, solved by the browser before it sends, checked by the submit route (lib/submit.js).

// GET /api/formwork/challenge/{collection}
routerAdd('GET', '/api/formwork/challenge/{collection}', (e) => {
  const collection = e.request.pathValue('collection');
  if (!require(`${__hooks}/lib/own.js`).own(require(`${__hooks}/generated/services.js`).services, collection)) throw new NotFoundError('No such form.');
  // Every answer is new: never kept by the browser or a proxy.
  e.response.header().set('Cache-Control', 'no-store');
  return e.json(200, require(`${__hooks}/lib/proofOfWork.js`).challenge(e.app, collection, new Date()));
});
