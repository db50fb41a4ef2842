import { DateRangeInput } from '../../ui/inputs/date-range-input.tsx';
import { FieldShell, useFieldIds } from '../../ui/inputs/field.tsx';
import fieldStyles from '../../ui/inputs/field.module.css';
import styles from './reports.module.css';
import type { ReportSearch } from './search.ts';

export interface FilterChoices {
  clients: { id: number; name: string }[];
  projects: { id: string; name: string; clientId: number | null }[];
  people: { id: number; name: string }[];
}

export interface FilterBarProps {
  search: ReportSearch;
  choices: FilterChoices;
  today: string;
  weekStart: number;
  /** Members read only their own time: no person filter. */
  showPerson: boolean;
  onChange: (next: Partial<ReportSearch>) => void;
}

function Select<T extends string | number>(props: {
  label: string;
  value: T | undefined;
  all: string;
  options: { id: T; name: string }[];
  onChange: (v: T | undefined) => void;
}) {
  const ids = useFieldIds(undefined, undefined);
  const { label, value, all, options, onChange } = props;
  return (
    <FieldShell ids={ids} label={label}>
      <select
        id={ids.id}
        className={fieldStyles.input}
        value={value === undefined ? '' : String(value)}
        onChange={(e) => {
          const picked = options.find((o) => String(o.id) === e.target.value);
          onChange(picked?.id);
        }}
      >
        <option value="">{all}</option>
        {options.map((o) => (
          <option key={o.id} value={String(o.id)}>
            {o.name}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

/** The report's filters; every change goes to the URL (a new history entry, so Back undoes it). */
export function FilterBar({ search, choices, today, weekStart, showPerson, onChange }: FilterBarProps) {
  const projects = search.client === undefined ? choices.projects : choices.projects.filter((p) => p.clientId === search.client);
  return (
    <form className={styles.filters} aria-label="Report filters" onSubmit={(e) => e.preventDefault()}>
      <div className={styles.range}>
        <DateRangeInput
          label="Dates"
          value={search.from && search.to ? { from: search.from, to: search.to } : null}
          onChange={(r) => r && onChange({ from: r.from, to: r.to })}
          today={today}
          weekStart={weekStart}
        />
      </div>
      <Select
        label="Client"
        all="All clients"
        value={search.client}
        options={choices.clients}
        onChange={(client) => onChange({ client, project: undefined })}
      />
      <Select label="Project" all="All projects" value={search.project} options={projects} onChange={(project) => onChange({ project })} />
      {showPerson && (
        <Select label="Person" all="Everyone" value={search.person} options={choices.people} onChange={(person) => onChange({ person })} />
      )}
    </form>
  );
}
