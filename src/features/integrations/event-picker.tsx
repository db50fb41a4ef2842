import { eventKinds, teamOnlyEventKinds, type EventKind } from '../../../contract/webhooks.ts';
import { Checkbox } from '../../ui/inputs/checkbox.tsx';
import styles from './integrations.module.css';

const resourceOf = (k: EventKind) => k.split(':')[1]!;
const actionOf = (k: EventKind) => k.split(':')[2]!;
const resources = [...new Set(eventKinds.map(resourceOf))];
const title = (s: string) => s[0]!.toUpperCase() + s.slice(1);

/** Events chosen by resource and action, with "All … events" per resource; team-wide kinds are off for a project-scoped hook. */
export function EventPicker({ value, onChange, scoped, error }: { value: EventKind[]; onChange: (v: EventKind[]) => void; scoped: boolean; error?: string | undefined }) {
  const allowed = (k: EventKind) => !scoped || !teamOnlyEventKinds.includes(k);
  const set = (kinds: EventKind[], on: boolean) => onChange(on ? [...new Set([...value, ...kinds])] : value.filter((k) => !kinds.includes(k)));
  return (
    <fieldset className={styles.events} aria-describedby={error ? 'events-error' : undefined}>
      <legend className={styles.legend}>Events</legend>
      <div className={styles.eventGroups}>
        {resources.map((r) => {
          const kinds = eventKinds.filter((k) => resourceOf(k) === r && allowed(k));
          if (kinds.length === 0) return null;
          const all = kinds.every((k) => value.includes(k));
          return (
            <div key={r} className={styles.eventGroup} role="group" aria-label={`${title(r)} events`}>
              <Checkbox label={kinds.length > 1 ? `All ${r} events` : `${title(r)} ${actionOf(kinds[0]!)}`} value={all} onChange={(on) => set(kinds, on)} />
              {kinds.length > 1 &&
                kinds.map((k) => (
                  <div key={k} className={styles.eventAction}>
                    <Checkbox label={`${title(r)} ${actionOf(k)}`} value={value.includes(k)} onChange={(on) => set([k], on)} />
                  </div>
                ))}
            </div>
          );
        })}
      </div>
      {error && (
        <p id="events-error" className={styles.error}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
