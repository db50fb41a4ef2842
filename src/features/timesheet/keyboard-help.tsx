import './timesheet.css';
const keys = [
  ['Arrows, Tab', 'Move between cells'],
  ['Enter', 'Save and move down'],
  ['Escape', 'Undo typing in the cell'],
  ['Delete', 'Clear the cell'],
  ['Ctrl+Z', 'Undo the last change'],
  ['Shift+Arrows', 'Select cells to copy'],
  ['Ctrl+C / Ctrl+V', 'Copy and paste with a spreadsheet'],
  ['Shift+Enter', 'Comment on the cell'],
] as const;

/** The grid's keys and the ways to type a duration, shown when "Keyboard" is opened. */
export default function KeyboardHelpPanel() {
  return (
    <div className="kbd-help__panel">
      <dl>
        {keys.map(([k, v]) => (
          <div key={k} className="kbd-help__row">
            <dt>
              <kbd>{k}</kbd>
            </dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      <p className="kbd-help__note">Type 1:30, 1.5, 1h30, 90m or 2+0.5. A number alone is hours.</p>
    </div>
  );
}
