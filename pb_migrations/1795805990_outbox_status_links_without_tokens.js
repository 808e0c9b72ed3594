/// <reference path="../pb_data/types.d.ts" />
// Written by hand, not generated: it changes data, not a collection. E-mails written before issue 29.3
// kept the applicant's status link with its token (/application/<service>/<token>) in the outbox, which
// every staff member reads; whoever held the token could cancel the applicant's contract. The stored
// copies now hold the link as new e-mails do, the token in the fragment as a marker that the sender
// replaces with the record's token only in what it hands to SMTP (pb_hooks/lib/outbox.js
// withApplicantToken), so a resend of an old e-mail still carries a working link.
migrate(
  (app) => {
    const MARKER = '{application-token}'; // pb_hooks/lib/agreements.js TOKEN_MARKER
    const link = /\/application\/([A-Za-z0-9_-]+)\/[A-Za-z0-9]{40}/g;
    const scrub = (value) => String(value).replace(link, (_, service) => '/application/' + service + '#' + MARKER);
    let outbox;
    try {
      outbox = app.findCollectionByNameOrId('outbox');
    } catch (err) {
      return; // nothing was ever written
    }
    const rows = app.findRecordsByFilter(outbox.id, "html ~ '/application/' || text ~ '/application/' || context ~ '/application/'", '', 0, 0);
    for (const row of rows) {
      row.set('html', scrub(row.getString('html')));
      row.set('text', scrub(row.getString('text')));
      const context = row.getString('context');
      if (context && context !== 'null') row.set('context', JSON.parse(scrub(context)));
      app.saveNoValidate(row);
    }
  },
  () => {
    // Nothing: the tokens are not put back where staff can read them.
  },
);
