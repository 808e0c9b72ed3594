/**
 * The provider's events already acted on, by their id (site.json webhookEventCollection, a unique index on
 * eventId): a delivery seen before is acknowledged and nothing more. Ids are kept KEEP_DAYS days, far
 * beyond Stripe's own retries (three days) and the five minutes a signature is accepted, then purged daily.
 */
const config = require(`${__hooks}/generated/services.js`);

const KEEP_DAYS = 30;

const isEventId = (id) => typeof id === 'string' && /^[A-Za-z0-9_]{1,255}$/.test(id);

function seen(app, id) {
  return app.findRecordsByFilter(config.webhookEventCollection, 'eventId = {:id}', '', 1, 0, { id: id }).length > 0;
}

/** Writes the event's id with `txApp`, the transaction of its effect; a second writer of the id fails here. */
function remember(txApp, event, result) {
  const entry = new Record(txApp.findCollectionByNameOrId(config.webhookEventCollection));
  entry.set('eventId', event.id);
  entry.set('type', String(event.type || '').slice(0, 100));
  entry.set('outcome', String(result.handled ? 'handled' : result.reason || 'ignored').slice(0, 200));
  txApp.save(entry);
}

/** Deletes the ids older than KEEP_DAYS; answers how many went. */
function purgeOld(app, now) {
  const cutoff = new Date((now || Date.now()) - KEEP_DAYS * 86400000).toISOString().replace('T', ' ');
  const res = app.db().delete(config.webhookEventCollection, $dbx.exp('created < {:cutoff}', { cutoff: cutoff })).execute();
  return res.rowsAffected();
}

module.exports = { isEventId, seen, remember, purgeOld, KEEP_DAYS };
