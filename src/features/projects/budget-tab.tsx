import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import type { Role } from '../../../contract/users.ts';
import { useApi } from '../../api/context.ts';
import { BudgetBar } from '../budgets/budget-bar.tsx';
import burnStyles from '../budgets/burn.module.css';
import { burn } from '../budgets/forecast.ts';
import { amountFormatter, forecastText } from '../budgets/forecast-text.ts';
import { longDay } from '../budgets/format.ts';
import styles from '../budgets/screens.module.css';
import { access } from './access.ts';
import { budgetUsageQueryOptions, projectQueryOptions, useProjectBudget, type BudgetUsage, type Project } from './api.ts';

const BurnChart = lazy(() => import('../budgets/burn-chart.tsx'));
const BudgetEditor = lazy(() => import('../budgets/budget-editor.tsx'));

/** The Budget tab: progress, the burn chart with its forecast, and (admins) the budget editor. */
export function BudgetTab({ projectId, role }: { projectId: string; role: Role }) {
  const api = useApi();
  const { data: project } = useSuspenseQuery(projectQueryOptions(api, projectId));
  const can = access(role);
  const budget = useProjectBudget(projectId);
  return (
    <>
      <section className={styles.card} aria-labelledby="budget-progress">
        <h2 id="budget-progress">Budget</h2>
        {project.budget || can.budgetMoney ? (
          <BudgetBar budget={project.budget} showMoney={can.budgetMoney} />
        ) : (
          <p className={styles.muted}>This project’s budget is not shown to members.</p>
        )}
        {project.budget && <Burn project={project} showMoney={can.budgetMoney} />}
      </section>
      {can.manageBilling && (
        <section className={styles.card} aria-labelledby="budget-edit">
          <h2 id="budget-edit">{project.budget ? 'Change the budget' : 'Set a budget'}</h2>
          <Suspense fallback={<p className={styles.muted}>Loading the editor…</p>}>
            <BudgetEditor
              key={JSON.stringify(project.budget ?? null)}
              budget={project.budget}
              ownerName={project.name}
              forProject
              save={budget.save}
              remove={budget.remove}
            />
          </Suspense>
        </section>
      )}
    </>
  );
}

function Burn({ project, showMoney }: { project: Project; showMoney: boolean }) {
  const api = useApi();
  // Saving the budget invalidates every project query, this one included.
  const usage = useQuery(budgetUsageQueryOptions(api, project.id));
  if (usage.status === 'pending') return <p className={styles.muted}>Loading the burn chart…</p>;
  if (usage.status === 'error') return <p className={styles.muted}>The burn chart could not be loaded.</p>;
  return <BurnView usage={usage.data} showMoney={showMoney || usage.data.type === 'time'} />;
}

function BurnView({ usage, showMoney }: { usage: BudgetUsage; showMoney: boolean }) {
  const summary = burn(usage);
  const fmt = amountFormatter(usage.type, usage.budget, showMoney);
  const text = forecastText(summary, { from: usage.from, to: usage.to, today: usage.today, budget: usage.budget, fees: usage.fees, fmt });
  const period = usage.from
    ? `${longDay(usage.from, usage.today)} to ${usage.to ? longDay(usage.to, usage.today) : 'today'}`
    : 'This period';
  const totals = usage.days.reduce<number[]>((acc, d) => [...acc, (acc.at(-1) ?? usage.fees) + d.used], []);
  return (
    <figure className={burnStyles.burn} aria-labelledby="burn-title">
      <figcaption className={burnStyles.burn}>
        <span id="burn-title" className={styles.sub}>
          Burn, {period}
        </span>
        <p className={`${burnStyles.headline} ${summary.forecast.kind === 'over' ? burnStyles.over : ''}`} data-testid="forecast">
          {text.headline}
        </p>
        {text.assumptions && <p className={burnStyles.assumptions}>{text.assumptions}</p>}
      </figcaption>
      {summary.points.length > 0 && (
        <>
          <Suspense fallback={<div className={burnStyles.plot} />}>
            <BurnChart
              points={summary.points}
              budget={usage.budget}
              today={usage.today}
              format={fmt}
              divisor={!showMoney ? usage.budget / 100 || 1 : usage.type === 'time' ? 3600 : 100}
              unit={!showMoney ? '%' : usage.type === 'time' ? 'h' : '$'}
            />
          </Suspense>
          <details className={burnStyles.figures}>
            <summary>Figures by day</summary>
            <table>
              <caption className="visually-hidden">Use by day</caption>
              <thead>
                <tr>
                  <th scope="col">Day</th>
                  <th scope="col">Used</th>
                  <th scope="col">Total</th>
                </tr>
              </thead>
              <tbody>
                {usage.days.map((d, i) => {
                  return (
                    <tr key={d.date}>
                      <td>{longDay(d.date, usage.today)}</td>
                      <td>{fmt(d.used)}</td>
                      <td>{fmt(totals[i]!)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </details>
        </>
      )}
    </figure>
  );
}
