/** Links that hand a phone number, an e-mail address or a postal address to the visitor's apps. */

/** tel: links keep digits and a leading +, so "+1 (415) 555-0100" dials. */
export const telHref = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, '')}`;

export const mailtoHref = (email: string): string => `mailto:${email}`;

/** A maps search for the address: opens the maps app on a phone, a map in a desktop browser. */
export const mapsHref = (address: string): string => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
