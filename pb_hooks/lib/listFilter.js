/**
 * The filter of a staff list (search text, submitted between two instants, status) as a PocketBase
 * filter with named parameters. The browser builds the same expression for the list it shows
 * (src/features/staff/listQuery.ts), so an export holds exactly the records of the filtered list.
 */
const config = require(`${__hooks}/generated/services.js`);

const INSTANT = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;
const MAX_QUERY = require(`${__hooks}/generated/contract.js`).listFilter.maxQuery;

/** { q, from, to, status } from query parameters → { filter, params }; bad values → BadRequestError. */
function listFilter(service, query) {
  const parts = [];
  const params = {};
  const q = String(query.q || '').trim().slice(0, MAX_QUERY);
  if (q && service.search.length > 0) {
    params.q = q;
    parts.push('(' + service.search.map((f) => f + ' ~ {:q}').join(' || ') + ')');
  }
  const instant = (name) => {
    const value = String(query[name] || '');
    if (!value) return '';
    if (!INSTANT.test(value)) throw new BadRequestError('Invalid date: ' + name + '.');
    return value.replace('T', ' ');
  };
  const from = instant('from');
  const to = instant('to');
  if (from) {
    params.from = from;
    parts.push('created >= {:from}');
  }
  if (to) {
    params.to = to;
    parts.push('created < {:to}');
  }
  const status = String(query.status || '');
  if (status) {
    if (config.statuses.indexOf(status) < 0) throw new BadRequestError('Unknown status.');
    params.status = status;
    // Records from before the workflow have no status yet: they count as the first one.
    parts.push(status === config.statuses[0] ? "(status = {:status} || status = '')" : 'status = {:status}');
  }
  return { filter: parts.join(' && '), params };
}

module.exports = { listFilter };
