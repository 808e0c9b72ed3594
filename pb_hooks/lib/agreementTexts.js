/**
 * The archive of agreement texts (site.json agreementTextCollection): every text the server presents,
 * kept by the hash a signature names. The server adds the current texts when it starts (or, when the
 * serve command's own migrations created the collection after bootstrap, with the first signed
 * submission, before it is saved), and never changes or deletes one. So what an applicant signed stays
 * readable after the schema's text changes, and an e-mail carrying the documents as signed names them by
 * hash (a few bytes in the submission's transaction, not ~12 KB of text) and is rendered from here when
 * the outbox job sends it, however many deploys later (docs/performance.md, section 2).
 */
const config = require(`${__hooks}/generated/services.js`);
const mail = require(`${__hooks}/generated/mail.js`);

/** A text's HTML and PDF blocks, rendered from its markdown by the generator (generator/agreementMarkup.ts). */
function markupOf(hash) {
  const markup = require(`${__hooks}/generated/agreementMarkup.js`)[hash];
  if (!markup) throw new Error(`agreements: no markup of the text ${hash} in generated/agreementMarkup.js; run npm run generate`);
  return markup;
}

/** The texts this build presents: { hash, document, version, language, title, text, html, blocks } per document and language. */
function currentTexts() {
  const out = [];
  for (const name of Object.keys(config.services)) {
    const service = config.services[name];
    if (!service.agreements) continue;
    const texts = (mail.services[name] || {}).texts || {};
    for (const doc of service.agreements.documents) {
      for (const language of Object.keys(doc.hashes)) {
        const shown = ((texts[language] || {}).agreements || []).filter((a) => a.id === doc.id)[0];
        if (!shown) throw new Error(`agreements: no ${language} text of "${doc.id}" (${name}) in generated/mail.js; run npm run generate`);
        const markup = markupOf(doc.hashes[language]);
        out.push({ hash: doc.hashes[language], document: doc.id, version: doc.version, language: language, title: shown.title, text: shown.text, html: markup.html, blocks: markup.blocks });
      }
    }
  }
  return out;
}

/** The archived text with this hash, or null. */
function find(app, hash) {
  try {
    return app.findFirstRecordByData(config.agreementTextCollection, 'hash', hash);
  } catch (_) {
    return null;
  }
}

/**
 * Adds the current texts the archive lacks; returns how many. Each text is checked against its hash first
 * (the hash the browser sends back and the signature stores): a text that does not match is never archived
 * under it, and the server does not start.
 */
function archiveCurrent(app) {
  const collection = app.findCollectionByNameOrId(config.agreementTextCollection);
  let added = 0;
  for (const t of currentTexts()) {
    // The text as hashed where it was made: generator/agreements.ts shownText.
    if ($security.sha256(t.title + '\n\n' + t.text) !== t.hash) {
      throw new Error(`agreements: the ${t.language} text of "${t.document}" does not match its hash; run npm run generate`);
    }
    const existing = find(app, t.hash);
    if (existing) {
      // One text, one row (two services may present the same document). A row archived before the
      // rendering was kept gets it now: the same text's HTML and blocks, its text and hash unchanged.
      if (!existing.getString('html')) {
        existing.set('html', t.html);
        existing.set('blocks', t.blocks);
        app.save(existing);
      }
      continue;
    }
    const row = new Record(collection, t);
    try {
      app.save(row);
      added++;
    } catch (err) {
      if (!find(app, t.hash)) throw err; // else a concurrent first submission archived it (the hash is unique)
    }
  }
  return added;
}

const ARCHIVED = 'formwork.agreementTexts.archived';

/** Archives the current texts once per process; `false` when the archive's collection does not exist yet. */
function ensureArchived(app) {
  if (app.store().has(ARCHIVED)) return true;
  try {
    app.findCachedCollectionByNameOrId(config.agreementTextCollection);
  } catch (_) {
    return false; // `pocketbase migrate` bootstraps too, before the migration that creates it
  }
  const added = archiveCurrent(app);
  if (added) app.logger().info('agreements: archived new texts', 'count', added);
  app.store().set(ARCHIVED, true);
  return true;
}

/**
 * An e-mail's documents ({ id, hash }) with their archived title and text. A document written with its
 * text (an e-mail queued before the archive existed) is kept as it is; a hash the archive lacks is an
 * error, so the e-mail waits (and is retried) rather than go out with another text than the one signed.
 */
function withTexts(app, documents) {
  return documents.map((d) => {
    if (d.text !== undefined) return d;
    const row = find(app, d.hash);
    if (!row) throw new Error(`The signed text ${d.hash} of the agreement "${d.id}" is not in the archive.`);
    const blocks = blocksOf(row);
    // The plain-text part reads as the HTML does: no "##" or "**" of the markdown the hash is taken over.
    return { id: d.id, title: row.getString('title'), text: blocks ? plainText(blocks) : row.getString('text'), html: row.getString('html') };
  });
}

/** An archived text's blocks (a JSON column), or null on a row archived before they were kept. */
function blocksOf(row) {
  const raw = row.getString('blocks');
  return raw && raw !== 'null' ? JSON.parse(raw) : null;
}

/** Blocks (generator/agreementMarkup.ts) as plain text: subheadings and paragraphs as lines, list items after "- ". */
function plainText(blocks) {
  const line = (runs) => runs.map((r) => r.t).join('');
  return blocks.map((b) => (b.k === 'ul' ? b.items.map((item) => '- ' + line(item)).join('\n') : line(b.runs))).join('\n\n');
}

module.exports = { currentTexts, archiveCurrent, ensureArchived, withTexts, blocksOf };
