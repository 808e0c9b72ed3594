/// <reference path="../bin/pocketbase-types.d.ts" />
// A staff member who forgot their password asks PocketBase for a reset (requestPasswordReset on the staff
// collection; it answers the same whether or not the address has an account) and sets a new one with the
// token (confirmPasswordReset). Here: the e-mail that carries the token, in the staff member's language
// (the account's `language`, else the site's), from schemas/mail/staff-password-reset/, linking to the
// site's own page for it (/staff/reset-password#<token>: a fragment never reaches a server's logs).
onMailerRecordPasswordResetSend((e) => {
  const mail = require(`${__hooks}/generated/mail.js`);
  const { publicUrl } = require(`${__hooks}/lib/env.js`);
  const { own } = require(`${__hooks}/lib/own.js`);
  const language = own(mail.days, e.record.getString('language')) ? e.record.getString('language') : mail.defaultLanguage;
  const template = mail.templates['staff-password-reset'][language];
  const ctx = {
    resetUrl: publicUrl() + '/staff/reset-password#' + encodeURIComponent(String(e.meta.token)),
    company: mail.company,
  };
  e.message.subject = template.subject(ctx).replace(/\s+/g, ' ').trim();
  e.message.html = template.html(ctx);
  e.message.text = template.text(ctx);
  e.next();
}, require(`${__hooks}/generated/services.js`).staffCollection);
