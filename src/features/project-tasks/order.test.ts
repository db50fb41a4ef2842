import { describe, expect, it } from 'vitest';
import type { Section, Task } from '../../../contract/tasks.ts';
import { groupTasks, moveKey, moveTaskBy, moveTaskTo, reorder } from './order.ts';

const section = (id: number, name: string, position: number): Section => ({ id, name, position, project: 'ev:1', status: 'open' });
const task = (n: number, section: number | null, position: number) =>
  ({ id: `ev:${n}`, name: `T${n}`, section, position }) as unknown as Task;
const names = (groups: ReturnType<typeof groupTasks>) => groups.map((g) => [g.section?.name ?? '-', g.tasks.map((t) => t.name)]);

const sections = [section(1, 'A', 0), section(2, 'B', 1)];
const tasks = [task(1, 1, 0), task(2, 1, 1), task(3, 2, 0), task(4, null, 0)];

describe('groupTasks', () => {
  it('puts loose tasks first, then sections in order, tasks by position', () => {
    expect(names(groupTasks(sections, tasks))).toEqual([
      ['-', ['T4']],
      ['A', ['T1', 'T2']],
      ['B', ['T3']],
    ]);
    expect(names(groupTasks(sections, tasks.filter((t) => t.section !== null)))).toEqual([
      ['A', ['T1', 'T2']],
      ['B', ['T3']],
    ]);
  });
  it('treats tasks of an unknown (deleted) section as loose', () => {
    expect(names(groupTasks([sections[1]!], [task(1, 1, 0), task(3, 2, 0)]))).toEqual([
      ['-', ['T1']],
      ['B', ['T3']],
    ]);
  });
});

describe('moving tasks', () => {
  const groups = groupTasks(sections, tasks);
  it('steps within a group', () => {
    const m = moveTaskBy(groups, 'ev:1', 1)!;
    expect(m).toMatchObject({ section: 1, order: ['ev:2', 'ev:1'], index: 1, groupName: 'A' });
    expect(names(groupTasks(sections, m.next))).toEqual([
      ['-', ['T4']],
      ['A', ['T2', 'T1']],
      ['B', ['T3']],
    ]);
  });
  it('steps across group edges, and not past the first or last group', () => {
    expect(moveTaskBy(groups, 'ev:2', 1)).toMatchObject({ section: 2, order: ['ev:2', 'ev:3'], index: 0, groupName: 'B' });
    expect(moveTaskBy(groups, 'ev:1', -1)).toMatchObject({ section: null, order: ['ev:4', 'ev:1'], index: 1, groupName: 'No section' });
    expect(moveTaskBy(groups, 'ev:4', -1)).toBeUndefined();
    expect(moveTaskBy(groups, 'ev:3', 1)).toBeUndefined();
  });
  it('drops at a place in any group, and says when nothing moves', () => {
    expect(moveTaskTo(groups, 'ev:4', 2, 1)).toMatchObject({ section: 2, order: ['ev:3', 'ev:4'] });
    expect(moveTaskTo(groups, 'ev:1', 1, 0)).toBeUndefined();
    expect(moveTaskTo(groups, 'ev:1', 1, 9)).toMatchObject({ order: ['ev:2', 'ev:1'] });
  });
});

describe('reorder and moveKey', () => {
  it('moves one item, clamped', () => {
    expect(reorder([1, 2, 3], 0, 2)).toEqual([2, 3, 1]);
    expect(reorder([1, 2, 3], 2, -5)).toEqual([3, 1, 2]);
    const same = [1, 2];
    expect(reorder(same, 1, 1)).toBe(same);
  });
  it('reads Alt+Arrow only', () => {
    expect(moveKey({ key: 'ArrowUp', altKey: true })).toBe(-1);
    expect(moveKey({ key: 'ArrowDown', altKey: true })).toBe(1);
    expect(moveKey({ key: 'ArrowDown', altKey: false })).toBeUndefined();
  });
});
