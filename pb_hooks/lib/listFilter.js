/**
 * The view of a staff list (search text, submitted between two instants, status, assignee, sort) as a
 * PocketBase filter with named parameters and a sort. The browser builds the same expression for the
 * list it shows (src/features/staff/listQuery.ts), so an export holds exactly the records of the list on
 * screen, in its order.
 */
const config = require(`${__hooks}/generated/services.js`);

const INSTANT = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;
const MAX_QUERY = require(`${__hooks}/generated/contract.js`).listFilter.maxQuery;
/** A staff record id (PocketBase's 15 characters), as the assignee column stores it. */
const STAFF_ID = /^[a-z0-9]{15}$/;
const SORT = /^-?[A-Za-z][A-Za-z0-9_]{0,63}$/;
/** The orders bookmarked before the list sorted by column. */
const LEGACY_SORT = { newest: '-created', oldest: 'created' };
/** Columns every list sorts by (indexed, generator/transform/collections.ts). */
const BUILT_IN_SORTS = ['reference', 'created', 'status', 'assignee', 'paymentStatus', 'variant'];

/** The service's statuses (its own workflow's, else the site's); the first is a new record's. */
function statusesOf(service) {
  return service.workflow && Array.isArray(service.workflow.statuses) ? service.workflow.statuses : config.statuses;
}

/**
 * { q, from, to, status, assignee } from query parameters → { filter, params }; bad values →
 * BadRequestError. `me`: the reader's staff id, for assignee=mine.
 */
function listFilter(service, query, me) {
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
    const statuses = statusesOf(service);
    if (statuses.indexOf(status) < 0) throw new BadRequestError('Unknown status.');
    params.status = status;
    // Records from before the workflow have no status yet: they count as the first one.
    parts.push(status === statuses[0] ? "(status = {:status} || status = '')" : 'status = {:status}');
  }
  const assignee = String(query.assignee || '');
  if (assignee) {
    const id = assignee === 'mine' ? String(me || '') : assignee === 'unassigned' ? '' : assignee;
    if (assignee !== 'unassigned' && !STAFF_ID.test(id)) throw new BadRequestError('Unknown assignee.');
    params.assignee = id;
    parts.push('assignee = {:assignee}');
  }
  return { filter: parts.join(' && '), params };
}

/**
 * The PocketBase sort of a list: the chosen one (`<field>` or `-<field>`, or the older newest / oldest)
 * when its field is one the list sorts by, else the list's own; a sort on another field than the
 * submission time ends with it, newest first, then the id, so ties keep one order (as listQuery.ts sortOf).
 */
function sortOf(service, sort) {
  const chosen = Object.prototype.hasOwnProperty.call(LEGACY_SORT, sort) ? LEGACY_SORT[sort] : String(sort || '');
  if (!SORT.test(chosen)) return byId(service.sort);
  const field = chosen.replace(/^-/, '');
  // A card field sorts too (an export reads every row anyway); a masked or several-valued one does not.
  const fields = service.card.filter((f) => !f.columns && f.display !== 'masked' && f.display !== 'files').map((f) => f.name);
  if (BUILT_IN_SORTS.indexOf(field) < 0 && fields.indexOf(field) < 0) return byId(service.sort);
  if (field === 'paymentStatus' && !service.payments) return byId(service.sort);
  return byId(field === 'created' ? chosen : chosen + ',-created');
}

/** The id last, in the direction of the key before it, as the table sorts (listQuery.ts): ties keep one order. */
function byId(sort) {
  if (/(^|,)-?id$/.test(sort)) return sort;
  const last = sort.split(',').pop() || '';
  return sort + (last.charAt(0) === '-' ? ',-id' : ',id');
}

module.exports = { listFilter, sortOf, statusesOf };
