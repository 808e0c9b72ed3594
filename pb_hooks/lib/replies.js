/**
 * Replies staff write to an applicant from an application's page: the canned ones (site.json replies,
 * texts common i18n reply.<id>.title|body, emitted into generated/mail.js) filled for one application,
 * and the checks a reply's text goes through. The e-mail itself is lib/outbox.js replyMail; the route
 * that sends it and keeps it in the notes is pb_hooks/work.pb.js.
 */
const mail = require(`${__hooks}/generated/mail.js`);
const { own } = require(`${__hooks}/lib/own.js`);

/** The longest reply (the notes' body column holds the same). */
const MAX_TEXT = 5000;

/**
 * A reply's text with its {arguments} filled. An empty argument takes the comma and spaces before it
 * along ("Hello {name}," → "Hello," when the form asks no name), so no template needs a second wording.
 */
function fill(text, values) {
  return String(text).replace(/(,?[ \t]*)\{(\w+)\}/g, (all, before, name) => {
    if (!Object.prototype.hasOwnProperty.call(values, name)) return all;
    const value = String(values[name] || '');
    return value ? before + value : '';
  });
}

/** An address as staff are shown it before they send: the first letter and the domain ("a****@example.com"). */
function maskAddress(address) {
  const at = String(address).lastIndexOf('@');
  if (at < 1) return '';
  const local = String(address).slice(0, at);
  return local[0] + '****' + String(address).slice(at);
}

/** A language the site speaks, else its default. */
const languageOf = (language) => (own(mail.days, language) ? language : mail.defaultLanguage);

/**
 * The canned replies for one application: what staff pick (`title`, in `staffLanguage`) and the text it
 * fills in (`body`, in the applicant's `language`, with their name, the reference and the service).
 */
function cannedReplies(values, staffLanguage, language) {
  const replies = mail.replies || {};
  return Object.keys(replies).map((id) => {
    const texts = replies[id];
    const forStaff = own(texts, languageOf(staffLanguage)) || texts[mail.defaultLanguage];
    const forApplicant = own(texts, languageOf(language)) || texts[mail.defaultLanguage];
    return { id: id, title: forStaff.title, body: fill(forApplicant.body, values) };
  });
}

/**
 * A reply's text as sent, or a refusal `{ code, message }`: trimmed, neither empty nor longer than
 * MAX_TEXT; `template`, when given, one of the canned replies.
 */
function checkReply(body) {
  const text = String((body && body.text) || '').replace(/\r\n?/g, '\n').trim();
  const template = String((body && body.template) || '');
  if (!text) return { refusal: { code: 'required', message: 'Write the reply first.' } };
  if (text.length > MAX_TEXT) return { refusal: { code: 'max', message: 'At most ' + MAX_TEXT + ' characters.' } };
  if (template && !own(mail.replies || {}, template)) return { refusal: { code: 'template', message: 'No such canned reply.' } };
  return { text: text, template: template };
}

module.exports = { fill, maskAddress, cannedReplies, checkReply, MAX_TEXT };
