import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Role } from '../../../contract/users.ts';
import { useApi } from '../../api/context.ts';
import { roleLabel } from '../../lib/format.ts';
import { Button } from '../../ui/button.tsx';
import { SelectField } from '../../ui/form/select-field.tsx';
import { toast } from '../../ui/toast.tsx';
import styles from '../budgets/screens.module.css';
import { teamQueryOptions } from '../team/api.ts';
import { canManageProject } from './access.ts';
import { projectQueryOptions, useUpdateProject } from './api.ts';
import teamStyles from './team-tab.module.css';

/** The people on a project: who may log time on it (and see it when it is private); managers add and remove. */
export function TeamTab({ projectId, role }: { projectId: string; role: Role }) {
  const api = useApi();
  const { data: project } = useSuspenseQuery(projectQueryOptions(api, projectId));
  const { data: team } = useSuspenseQuery(teamQueryOptions(api));
  const update = useUpdateProject(projectId);
  const manage = canManageProject(role, project);
  const [adding, setAdding] = useState('');
  const on = team.filter((u) => project.users.includes(u.id));
  const off = team.filter((u) => !project.users.includes(u.id) && u.status !== 'removed');

  const setUsers = async (users: number[], message: string, undo: number[]) => {
    try {
      await update.mutateAsync({ users });
      toast(message, 'success', { undo: () => void update.mutateAsync({ users: undo }) });
    } catch (e) {
      toast(e instanceof Error ? e.message : 'Not saved.', 'error');
    }
  };

  return (
    <section className={styles.card} aria-labelledby="project-team">
      <h2 id="project-team">Team ({on.length})</h2>
      <p className={styles.muted}>
        {project.privacy
          ? 'This project is private: only these people see it and log time on it.'
          : 'People on the project find it first when they log time; every member can see it, as it is not private.'}
      </p>
      {on.length === 0 ? (
        <p className={styles.muted}>Nobody is on this project yet.</p>
      ) : (
        <ul className={teamStyles.people}>
          {on.map((u) => (
            <li key={u.id}>
              <span>
                <span className={teamStyles.name}>{u.name}</span> <span className={styles.sub}>{roleLabel(u.role)}</span>
              </span>
              {manage && (
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Remove ${u.name} from ${project.name}`}
                  onClick={() =>
                    void setUsers(
                      project.users.filter((id) => id !== u.id),
                      `${u.name} is off ${project.name}.`,
                      project.users,
                    )
                  }
                >
                  Remove
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {manage && off.length > 0 && (
        <form
          className={teamStyles.add}
          onSubmit={(e) => {
            e.preventDefault();
            const id = Number(adding);
            const user = team.find((u) => u.id === id);
            if (!user) return;
            setAdding('');
            void setUsers([...project.users, id], `${user.name} is on ${project.name}.`, project.users);
          }}
        >
          <SelectField
            label="Add a person"
            options={[{ value: '', label: 'Choose a person' }, ...off.map((u) => ({ value: String(u.id), label: u.name }))]}
            value={adding}
            onChange={(e) => setAdding(e.target.value)}
          />
          <Button type="submit" disabled={!adding} busy={update.isPending}>
            Add
          </Button>
        </form>
      )}
    </section>
  );
}
