/**
 * Units of unit-based expense categories in running text: a category's unit is typed once, often as a
 * heading ("Miles", "Nights", "km"), and read as "$0.67 per mile", "1 night", "12.5 miles". Pure.
 */

/** An abbreviation or symbol ("km", "kWh", "USD", "m²"): written as typed, never inflected. */
const isAbbreviation = (word: string) => !/[aeiouy]/i.test(word) || (word.length > 1 && word === word.toUpperCase()) || word.endsWith('.');

/** A capitalised word ("Miles") reads in lower case mid-sentence; "kWh" or "GB" keep their case. */
const inText = (word: string) => (/^[A-Z][a-z]+$/.test(word) ? word.toLowerCase() : word);

/** Applies `change` to the last word of `unit` ("Nights in hotel" inflects "hotel"; "Miles" inflects "Miles"). */
function onLastWord(unit: string, change: (word: string) => string) {
  const words = unit.trim().split(/\s+/).map(inText);
  const last = words.length - 1;
  if (!isAbbreviation(words[last]!)) words[last] = change(words[last]!);
  return words.join(' ');
}

/** "Miles" → "mile", "Nights" → "night", "Boxes" → "box", "Entries" → "entry", "km" → "km". */
export function singularUnit(unit: string): string {
  return onLastWord(unit, (w) => {
    if (/[^aeiou]ies$/i.test(w)) return `${w.slice(0, -3)}y`;
    if (/(ss|sh|ch|x|z)es$/i.test(w)) return w.slice(0, -2);
    if (/[^s]s$/i.test(w) && w.length > 3) return w.slice(0, -1);
    return w;
  });
}

/** "mile" → "miles", "Night" → "nights", "box" → "boxes", "entry" → "entries", "km" → "km", "Miles" → "miles". */
export function pluralUnit(unit: string): string {
  const one = singularUnit(unit);
  return onLastWord(one, (w) => {
    if (/[^aeiou]y$/i.test(w)) return `${w.slice(0, -1)}ies`;
    if (/(s|sh|ch|x|z)$/i.test(w)) return `${w}es`;
    return `${w}s`;
  });
}

/** `1 mile`, `12.5 miles`, `0 miles`; `3 units` when the category names none. */
export function unitCount(quantity: number, unit: string | null | undefined, locale?: string): string {
  const n = new Intl.NumberFormat(locale, { maximumFractionDigits: 4 }).format(quantity);
  const name = unit?.trim() || 'units';
  return `${n} ${quantity === 1 ? singularUnit(name) : pluralUnit(name)}`;
}

/** `$0.67 per mile`; `$0.67 each` when the category names no unit. `price` is already formatted. */
export function perUnit(price: string, unit: string | null | undefined): string {
  const name = unit?.trim();
  return name ? `${price} per ${singularUnit(name)}` : `${price} each`;
}
