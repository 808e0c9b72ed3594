/**
 * The browser loads a language's messages in parts, so a screen fetches only the texts it can show:
 * the core (site chrome, services, forms, errors) on every screen, the staff console's texts with the
 * staff screens, each page's long texts (privacy policy, terms, …) with that page, and a service's
 * agreement documents with its forms. The generator splits the catalogues by this rule
 * (src/generated/messages/parts/); the whole catalogue per language (src/generated/messages/<lang>.json)
 * stays for tests and tools.
 */
export const CORE_PART = 'core';
export const STAFF_PART = 'staff';

/** The part of the catalogue a message key belongs to. */
export function messagePartOf(key: string): string {
  // Canned replies (reply.<id>.*) are staff's texts too: their screens get them from the server, filled.
  if (key.startsWith('staff.') || key.startsWith('reply.')) return STAFF_PART;
  if (isVerbatimMessage(key)) return agreementsPart(key.replace(/\.agreements\..*$/, ''));
  const page = /^page\.([^.]+)\./.exec(key);
  return page ? pagePart(page[1] as string) : CORE_PART;
}

/** The part holding a page's texts (page.<id>.…). */
export const pagePart = (pageId: string) => `page.${pageId}`;

/**
 * The part holding a service's agreement documents (<ns>.agreements.<doc>.title|text, `ns` being the
 * service's message namespace): long legal texts in every language that only that service's forms show.
 */
export const agreementsPart = (ns: string) => `${ns}.agreements`;

/**
 * The parts carry every message as an ICU AST, parsed by the generator (the shipped react-intl has no
 * parser: vite.config.ts). Agreement documents (service.<id>.agreements.<doc>.title|text) are not
 * parsed: they are not ICU messages but texts shown exactly as written, since what is shown is what
 * the generator hashed. Each travels as one literal element holding its text, which react-intl
 * returns as it is.
 */
export const isVerbatimMessage = (key: string): boolean => /^service\.[^.]+\.agreements\.[^.]+\.(title|text)$/.test(key);
