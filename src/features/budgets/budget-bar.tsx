import type { ClientBudget } from '../../../contract/budgets.ts';
import styles from './budget-bar.module.css';
import { budgetAmount, budgetState, periodLabels, periodWords } from './format.ts';

export interface BudgetBarProps {
  budget: (Pick<ClientBudget, 'type' | 'budget' | 'progress' | 'threshold' | 'period'> & { used?: number }) | undefined;
  /** False for those who may not see money: a money or costs budget then shows its percent only. */
  showMoney: boolean;
  /** In a table cell: one line of figures. */
  compact?: boolean;
}

/**
 * A budget as a progress bar: the threshold as a tick, the used and remaining amounts in words, and over
 * budget said in words (and hatched), never by colour alone.
 */
export function BudgetBar({ budget, showMoney, compact }: BudgetBarProps) {
  if (!budget) return <span className={styles.none}>No budget</span>;
  const s = budgetState(budget);
  const amounts = budget.type === 'time' || showMoney;
  const state = s.over ? 'Over budget' : s.warning ? 'Past threshold' : null;
  const pct = `${Math.round(s.progress)} %`;
  const cls = [styles.bar, s.over ? styles.over : '', s.warning ? styles.warning : ''].filter(Boolean).join(' ');
  const label = amounts
    ? `${periodLabels[budget.period]} ${budget.type} budget: ${budgetAmount(budget.type, s.used)} of ${budgetAmount(budget.type, budget.budget)} used ${periodWords[budget.period]}`
    : `${periodLabels[budget.period]} budget: ${pct} used ${periodWords[budget.period]}`;
  return (
    <div className={cls}>
      <div
        className={styles.track}
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.min(100, Math.max(0, s.progress))}
        aria-valuetext={`${pct}${state ? `, ${state.toLowerCase()}` : ''}`}
      >
        <span className={styles.fill} style={{ width: `${Math.min(100, s.progress)}%` }} />
        {budget.threshold !== null && (
          <span className={styles.tick} style={{ left: `${budget.threshold}%` }} title={`Threshold ${budget.threshold} %`} />
        )}
      </div>
      <div className={styles.figures}>
        {state && (
          <span className={styles.state}>
            {s.over ? '⚠ ' : ''}
            {state}
          </span>
        )}
        <span>{pct}</span>
        {amounts && (
          <span>
            {budgetAmount(budget.type, s.used)} of {budgetAmount(budget.type, budget.budget)}
          </span>
        )}
        {amounts && !compact && (
          <span>
            {s.remaining >= 0 ? `${budgetAmount(budget.type, s.remaining)} left` : `${budgetAmount(budget.type, -s.remaining)} over`}
          </span>
        )}
        <span>{periodLabels[budget.period]}</span>
        {!compact && budget.threshold !== null && <span>Alert at {budget.threshold} %</span>}
      </div>
    </div>
  );
}
