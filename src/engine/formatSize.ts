/** "10 MB" in the reader's language, for upload limits. */
export function formatSize(bytes: number, locale: string): string {
  const mb = bytes / (1024 * 1024);
  return new Intl.NumberFormat(locale, { style: 'unit', unit: mb >= 1 ? 'megabyte' : 'kilobyte', maximumFractionDigits: 1 }).format(mb >= 1 ? mb : bytes / 1024);
}
