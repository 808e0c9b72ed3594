/**
 * The typed name of a signature as an applicant's copy prints it (the agreement e-mail, its PDF), or ''
 * (the copy then says the typed name is kept in our records). Plain CommonJS with no requires: the tests
 * load it in Node too.
 *
 * The copy goes to the address the visitor gave, and an applicant's e-mail carries nothing a visitor typed
 * (generator/mail.ts VISITOR_TEXT), so that the site cannot be made to mail a stranger a message of
 * someone else's making. A name is let through only under a strict rule that leaves no room for a message:
 * at most 80 characters, Latin or Cyrillic letters (the PDF font's, generator/emit/pdf.ts RANGES), spaces
 * and ' ʻ ʼ ’ - . , only, starting with a letter, and no dot between two letters (nothing like "example.com").
 */
const LETTER = 'A-Za-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u017F\u0400-\u045F\u0492\u0493\u049A\u049B\u04B2\u04B3';
const STRICT_NAME = new RegExp('^[' + LETTER + '][' + LETTER + "\\u02BB\\u02BC\\u2019' .,-]{0,79}$");
const DOTTED = new RegExp('[' + LETTER + ']\\.[' + LETTER + ']');

function printableName(typed) {
  const name = String(typed || '')
    .trim()
    .replace(/\s+/g, ' ');
  return STRICT_NAME.test(name) && !DOTTED.test(name) ? name : '';
}

module.exports = { printableName };
