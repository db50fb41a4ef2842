/** Regions whose offices print on US Letter; everywhere else prints on A4. */
const LETTER_REGIONS = new Set(['US', 'CA', 'MX', 'PH', 'CL', 'CO', 'VE', 'GT', 'CR', 'PA', 'DO', 'PR', 'SV', 'NI', 'BZ']);

/** The paper a reader in `locale` prints on: `letter` in the Americas' Letter countries and the Philippines, else `a4`. */
export function paperFor(locale: string): 'a4' | 'letter' {
  try {
    const region = new Intl.Locale(locale).maximize().region;
    return region && LETTER_REGIONS.has(region) ? 'letter' : 'a4';
  } catch {
    return 'a4';
  }
}
