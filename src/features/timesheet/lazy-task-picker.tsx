import '../../ui/combobox.css';
import { lazy, Suspense } from 'react';
import type { TaskPickerProps } from './task-picker.tsx';

const TaskPicker = lazy(() => import('./task-picker.tsx').then((m) => ({ default: m.TaskPicker })));

/** Loads the task search (combobox, search and project names) when it is first opened, not with the grid. */
export function LazyTaskPicker(props: TaskPickerProps) {
  return (
    <Suspense
      fallback={
        <div className="combobox">
          <span className="combobox__control combobox__control--loading" role="status">
            Loading task search\u2026
          </span>
        </div>
      }
    >
      <TaskPicker {...props} />
    </Suspense>
  );
}

/** Fetches the task search's code ahead of use, once the grid is on screen. */
export const preloadTaskPicker = () => void import('./task-picker.tsx');
