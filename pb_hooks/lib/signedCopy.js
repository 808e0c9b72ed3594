/**
 * The applicant's copy of their agreement as signed (issue 32, contract C4): each document in the language
 * read, from the archive by the hash the signature stored (lib/agreementTexts.js), with the signature block
 * (the typed name, when and in which time zone, the document's version and hash), as the agreement e-mail
 * shows it and as one PDF (lib/agreementPdf.js) attached to that e-mail and downloadable by the applicant
 * (their token) and by staff (agreementPdf.pb.js). The same PDF, byte for byte, is made for all three from
 * the stored evidence, never from what the request says.
 */
const config = require(`${__hooks}/generated/services.js`);
const days = require(`${__hooks}/lib/businessDays.js`);
const { agreementPdf } = require(`${__hooks}/lib/agreementPdf.js`);
const { referenceOf } = require(`${__hooks}/lib/reference.js`);
const { printableName } = require(`${__hooks}/lib/signedName.js`);

const pad = (n) => (n < 10 ? '0' : '') + n;

/** "2026-05-04 14:07 America/New_York (UTC-04:00)": an instant in the applicant's zone (lib/businessDays.js). */
function zonedTime(created, zone) {
  const ms = new Date(String(created).replace(' ', 'T')).getTime();
  const offset = days.utcOffsetMinutes(ms, zone);
  const local = new Date(ms + offset * 60000);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return (
    local.getUTCFullYear() + '-' + pad(local.getUTCMonth() + 1) + '-' + pad(local.getUTCDate()) + ' ' + pad(local.getUTCHours()) + ':' + pad(local.getUTCMinutes()) +
    ' ' + zone + ' (UTC' + sign + pad(Math.floor(abs / 60)) + ':' + pad(abs % 60) + ')'
  );
}

const { blocksOf } = require(`${__hooks}/lib/agreementTexts.js`);

function archived(app, hash) {
  try {
    return app.findFirstRecordByData(config.agreementTextCollection, 'hash', hash);
  } catch (_) {
    return null;
  }
}

/**
 * What the signature entries of an application say, by document: { version, hash, language, signed,
 * signedName, signedAt } (signedName '' when not printed, see printableName; signedAt in the applicant's
 * zone). Empty for a record without entries.
 */
function signatureFacts(app, sourceCollection, recordId) {
  let zone = days.DEFAULT_TIME_ZONE;
  try {
    zone = app.findRecordById(sourceCollection, recordId).getString('timeZone') || zone;
  } catch (_) {
    // in the trash: the default zone, said with the time
  }
  const entries = app.findRecordsByFilter(config.signatureCollection, 'sourceCollection = {:c} && record = {:r}', 'created', 0, 0, { c: sourceCollection, r: recordId });
  const facts = {};
  for (const e of entries) {
    const signed = e.getBool('signed');
    facts[e.getString('document')] = {
      version: e.getString('version'),
      hash: e.getString('hash'),
      language: e.getString('language'),
      signed: signed,
      signedName: signed ? printableName(e.getString('signedName')) : '',
      signedAt: signed ? zonedTime(e.getString('created'), zone) : '',
    };
  }
  return facts;
}

/**
 * The documents of an application as signed, in the service's order: { id, title, text, html, blocks,
 * version, hash, signed, signature: { name, signedAt } | null } (name '' when not printed, see
 * printableName). Throws when a document's signature or archived text is missing: no copy goes out with
 * another text than the one signed.
 */
function signedDocuments(app, sourceCollection, recordId) {
  const table = config.services[sourceCollection];
  if (!table || !table.agreements) throw new Error('The list ' + sourceCollection + ' has no agreements.');
  const facts = signatureFacts(app, sourceCollection, recordId);
  return table.agreements.documents.map((doc) => {
    const fact = facts[doc.id];
    if (!fact) throw new Error('The application ' + recordId + ' has no signature entry for the agreement "' + doc.id + '".');
    const row = archived(app, fact.hash);
    if (!row) throw new Error('The signed text ' + fact.hash + ' of the agreement "' + doc.id + '" is not in the archive.');
    return {
      id: doc.id,
      title: row.getString('title'),
      text: row.getString('text'),
      html: row.getString('html'),
      blocks: blocksOf(row),
      version: fact.version,
      hash: fact.hash,
      language: fact.language,
      signed: fact.signed,
      signature: fact.signed ? { name: fact.signedName, signedAt: fact.signedAt } : null,
    };
  });
}

/** The application's reference as its pages show it (lib/reference.js), its id where the list has none. */
const referenceText = (record) => referenceOf(record) || record.id;

/** The signed copy's PDF: { name, bytes } (bytes: an ArrayBuffer). */
function signedPdf(app, sourceCollection, recordId) {
  const record = app.findRecordById(sourceCollection, recordId);
  const documents = signedDocuments(app, sourceCollection, recordId);
  const language = (documents[0] && documents[0].language) || record.getString('locale');
  const reference = referenceText(record);
  return { name: reference + '-agreement.pdf', bytes: agreementPdf(documents, language, reference) };
}

/**
 * A document's current text in a language as a PDF to read before signing (the form's "PDF" link), or
 * null when the service, document or language is unknown. Made once per server process and text.
 */
function unsignedPdf(app, serviceId, documentId, language) {
  const collection = Object.keys(config.services).filter((c) => config.services[c].id === serviceId)[0];
  const table = collection && config.services[collection];
  const doc = table && table.agreements && table.agreements.documents.filter((d) => d.id === documentId)[0];
  const hash = doc && Object.prototype.hasOwnProperty.call(doc.hashes, language) ? doc.hashes[language] : '';
  if (!hash) return null;
  const key = 'formwork.agreementPdf.' + hash;
  const store = app.store();
  if (!store.has(key)) {
    const row = archived(app, hash);
    if (!row) return null;
    const document = { title: row.getString('title'), text: row.getString('text'), blocks: blocksOf(row), version: doc.version, hash: hash };
    store.set(key, { name: serviceId + '-' + documentId + '-' + language + '.pdf', bytes: agreementPdf([document], language, '') });
  }
  return store.get(key);
}

/** Answers a request with a PDF ({ name, bytes }) as a download; `cache`: the Cache-Control value. */
function download(e, pdf, cache) {
  e.response.header().set('Content-Disposition', 'attachment; filename="' + pdf.name.replace(/[^A-Za-z0-9._-]/g, '_') + '"');
  e.response.header().set('Cache-Control', cache);
  return e.blob(200, 'application/pdf', pdf.bytes);
}

module.exports = { download, zonedTime, signatureFacts, signedDocuments, signedPdf, unsignedPdf };
