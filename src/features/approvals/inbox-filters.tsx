import type { ApprovalStatus } from '../../../contract/timesheets.ts';
import { SelectField } from '../../ui/form/select-field.tsx';
import { weekParam } from '../../lib/week-labels.ts';
import styles from './review.module.css';
import { statusLabels, type InboxSearch } from './search.ts';

export interface InboxFiltersProps {
  search: InboxSearch;
  onChange: (next: InboxSearch) => void;
  people: readonly { id: number; name: string }[];
  /** Weeks offered, newest first, with their labels. */
  weeks: readonly { id: number; label: string }[];
  /** On a phone the filters fold under one line that says what is filtered. */
  folded?: boolean;
}

/** One filter: the kit's select, rewriting the URL on change. */
function Select({ label, value, onChange, options }: { label: string; value: string; onChange: (v: string) => void; options: [string, string][] }) {
  return (
    <SelectField
      label={label}
      className={styles.filter}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      options={options.map(([v, text]) => ({ value: v, label: text }))}
    />
  );
}

/** Status, person and week: each change rewrites the URL, so a filtered inbox is a link. */
export function InboxFilters({ search, onChange, people, weeks, folded = false }: InboxFiltersProps) {
  const statuses = Object.entries(statusLabels) as [ApprovalStatus, string][];
  const fields = (
    <div className={styles.filters} role="group" aria-label="Filter the inbox">
      <Select
        label="Status"
        value={search.status ?? ''}
        onChange={(v) => onChange({ ...search, status: (v || undefined) as ApprovalStatus | undefined, open: undefined })}
        options={[['', 'Waiting and decided'], ...statuses]}
      />
      <Select
        label="Person"
        value={search.person === undefined ? '' : String(search.person)}
        onChange={(v) => onChange({ ...search, person: v ? Number(v) : undefined, open: undefined })}
        options={[['', 'Everyone'], ...people.map((p): [string, string] => [String(p.id), p.name])]}
      />
      <Select
        label="Week"
        value={search.week === undefined ? '' : weekParam(search.week)}
        onChange={(v) => onChange({ ...search, week: v ? Number(v) : undefined, open: undefined })}
        options={[['', 'Any week'], ...weeks.map((w): [string, string] => [weekParam(w.id), w.label])]}
      />
    </div>
  );
  if (!folded) return fields;
  const active = [
    search.status && statusLabels[search.status],
    search.person !== undefined && people.find((p) => p.id === search.person)?.name,
    search.week !== undefined && weeks.find((w) => w.id === search.week)?.label,
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <details className={styles.folded}>
      <summary>Filters: {active || 'all weeks'}</summary>
      {fields}
    </details>
  );
}
