/** The editor's tabs, in their order; the open one is kept in the address (?tab=texts). */
export const EDITOR_TABS = ['fields', 'steps', 'texts', 'settings'] as const;
export type EditorTab = (typeof EDITOR_TABS)[number];

/** The tab an address asks for; the Fields tab when it names none (or none there is). */
export const tabOf = (asked: string | null): EditorTab => ((EDITOR_TABS as readonly string[]).includes(asked ?? '') ? (asked as EditorTab) : 'fields');
