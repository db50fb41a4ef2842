import type { ReactNode } from 'react';
import { Button } from '../button.tsx';
import { TextField } from '../text-field.tsx';

/** Whether `name` holds every word of `query`, in any order and any case (an empty query matches all). */
export function matchesWords(name: string, query: string | undefined): boolean {
  const words = (query ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const haystack = name.toLowerCase();
  return words.every((w) => haystack.includes(w));
}

/** A list's search box: what it holds goes to the URL's `q`, empty as absent. */
export function SearchBox({
  placeholder,
  value,
  onChange,
}: {
  placeholder: string;
  value: string | undefined;
  onChange: (q: string | undefined) => void;
}) {
  return (
    <TextField
      label="Search"
      type="search"
      placeholder={placeholder}
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value || undefined)}
    />
  );
}

/** Clear filters, shown beside the filters while any is set. */
export function ClearFilters({ shown, onClear }: { shown: boolean; onClear: () => void }) {
  if (!shown) return null;
  return (
    <Button variant="ghost" onClick={onClear}>
      Clear filters
    </Button>
  );
}

/**
 * A list's empty state: with filters set, "No … matches these filters." and a way out; without, `otherwise`
 * (what the list is for, and how to add the first row).
 */
export function EmptyList({
  filtered,
  noun,
  onClear,
  otherwise,
}: {
  filtered: boolean;
  noun: string;
  onClear: () => void;
  otherwise: ReactNode;
}) {
  if (!filtered) return <>{otherwise}</>;
  return (
    <>
      <p>No {noun} matches these filters.</p>
      <Button onClick={onClear}>Clear filters</Button>
    </>
  );
}
