/** How a staff card shows a stored value (admin.ui.json "display"), as plain functions. */

/** The last `n` characters of a long file name or link, as the original lists showed them. */
export const tail = (text: string, n?: number): string => (n && text.length > n ? `…${text.slice(-n)}` : text);

/** Only the last four characters of a sensitive value (SSN) are ever on screen. */
export const maskLast4 = (text: string): string => (text ? `•••••${text.slice(-4)}` : text);
