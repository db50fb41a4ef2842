import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { ApplyImportBody, ImportView } from '../../../contract/imports.ts';
import type { User } from '../../../contract/users.ts';
import { useApi } from '../../api/context.ts';
import { describeError } from '../../api/errors.ts';
import * as imports from '../../api/operations/imports.ts';
import { formatDuration } from '../../lib/duration.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { SelectField } from '../../ui/form/select-field.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { importsKey, sourceLabels } from './api.ts';
import styles from './import.module.css';

type Choice = { to: string; email: string };
const INVITE = 'invite';

/** Each person's decision as the apply body wants it, or null while someone is undecided. */
export function decisionsOf(view: ImportView, choices: Record<string, Choice>): ApplyImportBody | null {
  const people: ApplyImportBody['people'] = [];
  for (const person of view.preview.people) {
    const choice = choices[person.key];
    if (!choice?.to) return null;
    if (choice.to === INVITE) {
      const email = person.email ?? choice.email.trim();
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return null;
      people.push(person.email ? { key: person.key, invite: true } : { key: person.key, invite: true, email });
    } else people.push({ key: person.key, userId: Number(choice.to) });
  }
  return { people };
}

const initialChoices = (view: ImportView): Record<string, Choice> =>
  Object.fromEntries(view.preview.people.map((p) => [p.key, { to: p.match ? String(p.match.userId) : '', email: '' }]));

/** One import: what it would do (or did), who each person of the file is, and Apply. */
export function ImportPreview({
  view,
  team,
  onChanged,
}: {
  view: ImportView;
  team: readonly User[];
  onChanged: (next: ImportView) => void;
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [choices, setChoices] = useState(() => initialChoices(view));
  const body = decisionsOf(view, choices);
  const apply = useMutation({
    mutationFn: (b: ApplyImportBody) => api.call(imports.applyImport, { params: { import_id: view.id }, body: b }),
    onSuccess: async (next) => {
      onChanged(next);
      await queryClient.invalidateQueries();
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: importsKey }),
  });
  const p = view.preview;
  const c = p.counts;
  const members = team.filter((u) => u.status !== 'removed');
  const previewed = view.status === 'previewed';

  return (
    <Card title={`${view.fileName} (${sourceLabels[view.source]})`} className={styles.preview}>
      {view.status === 'applied' && view.created && (
        <Alert tone="success" title="Imported">
          <p>
            Added {formatDuration(view.created.seconds)} in {view.created.rows} {view.created.rows === 1 ? 'row' : 'rows'} (
            {view.created.records} time {view.created.records === 1 ? 'record' : 'records'}); created {view.created.clients} clients,{' '}
            {view.created.projects} projects, {view.created.tasks} tasks and invited {view.created.users}{' '}
            {view.created.users === 1 ? 'person' : 'people'}.
          </p>
          <p className={styles.links}>
            <Link to="/timesheet">Open the Timesheet</Link>
            <Link to="/reports">Open Reports</Link>
          </p>
        </Alert>
      )}
      {view.status === 'undone' && <Alert tone="info">This import was undone.</Alert>}

      <dl className={styles.counts} aria-label="What the import does">
        <Count label="Clients" value={`${c.clients.new} new, ${c.clients.matched} matched`} />
        <Count label="Projects" value={`${c.projects.new} new, ${c.projects.matched} matched`} />
        <Count label="Tasks" value={`${c.tasks.new} new, ${c.tasks.matched} matched`} />
        <Count label="People" value={`${c.people.new} new, ${c.people.matched} matched`} />
        <Count label="New time rows" value={String(c.time.new)} />
        <Count label="Already imported" value={String(c.time.skippedDuplicate)} />
        <Count label="In locked weeks" value={String(c.time.skippedLocked)} />
        <Count label="Unreadable" value={String(c.time.unreadable)} />
        <Count label="Time to add" value={formatDuration(p.totalSeconds)} />
      </dl>

      <h3 className={styles.subtitle}>People</h3>
      <div className={styles.scroll}>
        <table className={styles.table} aria-label="People of the file">
          <thead>
            <tr>
              <th scope="col">In the file</th>
              <th scope="col" className={styles.num}>
                Time
              </th>
              <th scope="col">In the team</th>
            </tr>
          </thead>
          <tbody>
            {p.people.map((person) => {
              const choice = choices[person.key] ?? { to: '', email: '' };
              const set = (change: Partial<Choice>) => setChoices((all) => ({ ...all, [person.key]: { ...choice, ...change } }));
              return (
                <tr key={person.key}>
                  <td>
                    <span className={styles.person}>{person.name}</span>
                    {person.email && <span className={styles.muted}>{person.email}</span>}
                  </td>
                  <td className={styles.num}>{formatDuration(person.seconds)}</td>
                  <td>
                    {previewed ? (
                      <div className={styles.choice}>
                        <SelectField
                          label={`${person.name} in the team`}
                          value={choice.to}
                          onChange={(e) => set({ to: e.target.value })}
                          options={[
                            { value: '', label: 'Choose\u2026' },
                            ...members.map((u) => ({
                              value: String(u.id),
                              label: `${u.name}${person.match?.userId === u.id ? ` (matched by ${person.match.by})` : ''}`,
                            })),
                            { value: INVITE, label: 'Invite as a new member' },
                          ]}
                        />
                        {choice.to === INVITE && !person.email && (
                          <TextField
                            label={`Email for ${person.name}`}
                            type="email"
                            autoComplete="off"
                            value={choice.email}
                            onChange={(e) => set({ email: e.target.value })}
                          />
                        )}
                      </div>
                    ) : (
                      (person.match?.name ?? '\u2014')
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>

      <h3 className={styles.subtitle}>Projects</h3>
      <div className={styles.scroll}>
        <table className={styles.table} aria-label="Time per project">
          <thead>
            <tr>
              <th scope="col">Project</th>
              <th scope="col">Client</th>
              <th scope="col" className={styles.num}>
                Time
              </th>
            </tr>
          </thead>
          <tbody>
            {p.projects.map((project) => (
              <tr key={`${project.client}\u0000${project.name}`}>
                <td>
                  {project.name} <span className={styles.muted}>{project.matched ? 'existing' : 'new'}</span>
                </td>
                <td>{project.client}</td>
                <td className={styles.num}>{formatDuration(project.seconds)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      {p.errors.length > 0 && (
        <details className={styles.details}>
          <summary>Unreadable rows ({c.time.unreadable})</summary>
          <ul>
            {p.errors.map((e) => (
              <li key={e.line}>
                Line {e.line}: {e.message}
              </li>
            ))}
          </ul>
        </details>
      )}
      {p.locked.length > 0 && (
        <details className={styles.details}>
          <summary>Rows in locked weeks ({c.time.skippedLocked})</summary>
          <ul>
            {p.locked.map((l) => (
              <li key={l.line}>
                Line {l.line}, {l.date}, {l.person}: {l.reason}
              </li>
            ))}
          </ul>
        </details>
      )}

      {apply.isError && (
        <Alert tone="error" title="The import was not applied">
          {describeError(apply.error)}
        </Alert>
      )}
      {previewed && (
        <div className={styles.footer}>
          {!body && <p className={styles.muted}>Choose who each person of the file is to apply the import.</p>}
          <Button variant="primary" disabled={!body} busy={apply.isPending} onClick={() => body && apply.mutate(body)}>
            Apply import
          </Button>
        </div>
      )}
    </Card>
  );
}

function Count({ label, value }: { label: string; value: string }) {
  return (
    <div className={styles.count}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
