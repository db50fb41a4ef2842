import type { User } from '../../../contract/users.ts';
import s from './member-picker.module.css';

export interface MemberPickerProps {
  members: readonly Pick<User, 'id' | 'name' | 'status'>[];
  meId: number;
  value: number;
  onChange: (userId: number) => void;
}

/** Whose timecards are shown: the viewer's own or a team member's (not removed). */
export function MemberPicker({ members, meId, value, onChange }: MemberPickerProps) {
  const listed = members.filter((m) => m.id !== meId && m.status !== 'removed').sort((a, b) => a.name.localeCompare(b.name));
  return (
    <label className={s.picker}>
      <span className={s.label}>Team member</span>
      <select className={s.select} value={value} onChange={(e) => onChange(Number(e.target.value))}>
        <option value={meId}>You</option>
        {listed.map((m) => (
          <option key={m.id} value={m.id}>
            {m.name}
          </option>
        ))}
      </select>
    </label>
  );
}
