import type { Field } from '../../../contract/fields.ts';
import type { User } from '../../../contract/users.ts';
import { formatDuration } from '../../lib/duration.ts';

export const fieldTypeLabel: Record<Field['type'], string> = {
  text: 'Text',
  number: 'Number',
  select: 'Choice list',
  date: 'Date',
  checkbox: 'Checkbox',
  user: 'Person',
};

/** A custom field value as text: the option's or person's name, a date, Yes/No; undefined when unset. */
export function fieldValueText(field: Field, value: unknown, people: Pick<User, 'id' | 'name'>[]): string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  switch (field.type) {
    case 'select':
      return field.options.find((o) => o.id === value)?.name;
    case 'user':
      return people.find((p) => p.id === value)?.name ?? `User ${String(value)}`;
    case 'checkbox':
      return value === true ? 'Yes' : 'No';
    case 'number': {
      const n = Number(value);
      const text = field.format.decimals !== undefined ? n.toFixed(field.format.decimals) : String(n);
      return field.format.label ? `${text} ${field.format.label}` : text;
    }
    default:
      return String(value);
  }
}

/** Hours and minutes, `12:30 h`. */
export const hoursText = (seconds: number) => `${formatDuration(seconds)} h`;

/** "1 task", "3 tasks". */
export const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
