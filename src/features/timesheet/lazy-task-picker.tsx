import '../../ui/combobox.css';
import { loadLater, useLater } from '../../lib/load-later.ts';
import type { TaskPickerProps } from './task-picker.tsx';

const picker = loadLater(() => import('./task-picker.tsx'));

/** Loads the task search (combobox, search and project names) when it is first opened, not with the grid. */
export function LazyTaskPicker(props: TaskPickerProps) {
  const code = useLater(picker, true);
  return code ? (
    <code.TaskPicker {...props} />
  ) : (
    <div className="combobox">
      <span className="combobox__control combobox__control--loading" role="status">
        Loading task search…
      </span>
    </div>
  );
}

/** Fetches the task search's code ahead of use, once the grid is on screen. */
export const preloadTaskPicker = picker.load;
