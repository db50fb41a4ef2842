import './combobox.css';
import './field.css';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface ComboOption<T> {
  id: string;
  label: string;
  description?: string;
  value: T;
}
export interface ComboGroup<T> {
  label: string;
  options: ComboOption<T>[];
}

export interface ComboboxProps<T> {
  label: string;
  /** Shown as a visible label unless `hideLabel`. */
  hideLabel?: boolean;
  placeholder?: string;
  query: string;
  onQueryChange: (q: string) => void;
  groups: ComboGroup<T>[];
  onSelect: (value: T) => void;
  loading?: boolean;
  /** What the list says when nothing matches. */
  emptyText?: string;
  /** Focus the input when it appears (opened by the user's action). */
  focusOnMount?: boolean;
  onEscape?: () => void;
  className?: string;
  icon?: ReactNode;
}

/**
 * An editable combobox with a grouped list box (WAI-ARIA 1.2 pattern): typing filters, arrows move the
 * active option, Enter picks it, Escape closes the list (or leaves when it is closed).
 */
export function Combobox<T>({
  label,
  hideLabel,
  placeholder,
  query,
  onQueryChange,
  groups,
  onSelect,
  loading,
  emptyText = 'No matches',
  focusOnMount,
  onEscape,
  className,
  icon,
}: ComboboxProps<T>) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const id = useId();
  const listId = `${id}-list`;
  const inputRef = useRef<HTMLInputElement>(null);
  const flat = groups.flatMap((g) => g.options);
  const activeOption = open ? flat[Math.min(active, flat.length - 1)] : undefined;

  useEffect(() => {
    if (focusOnMount) inputRef.current?.focus();
  }, [focusOnMount]);
  useEffect(() => {
    if (!activeOption) return;
    document.getElementById(`${id}-opt-${activeOption.id}`)?.scrollIntoView({ block: 'nearest' });
  }, [activeOption, id]);

  const pick = (o: ComboOption<T>) => {
    onSelect(o.value);
    setOpen(false);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      if (!open) setOpen(true);
      else setActive((a) => Math.min(flat.length - 1, a + 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((a) => Math.max(0, a - 1));
    } else if (e.key === 'Home' && open) {
      setActive(0);
    } else if (e.key === 'End' && open) {
      setActive(Math.max(0, flat.length - 1));
    } else if (e.key === 'Enter') {
      if (open && activeOption) {
        e.preventDefault();
        pick(activeOption);
      }
    } else if (e.key === 'Escape') {
      if (open) {
        e.preventDefault();
        e.stopPropagation();
        setOpen(false);
      } else onEscape?.();
    }
  };

  let index = -1;
  return (
    <div className={['combobox', className ?? ''].filter(Boolean).join(' ')}>
      <label htmlFor={`${id}-input`} className={hideLabel ? 'visually-hidden' : 'field__label'}>
        {label}
      </label>
      <div className="combobox__control">
        {icon && (
          <span className="combobox__icon" aria-hidden="true">
            {icon}
          </span>
        )}
        <input
          ref={inputRef}
          id={`${id}-input`}
          className="combobox__input"
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeOption ? `${id}-opt-${activeOption.id}` : undefined}
          autoComplete="off"
          spellCheck={false}
          placeholder={placeholder}
          value={query}
          onChange={(e) => {
            onQueryChange(e.target.value);
            setActive(0);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onClick={() => setOpen(true)}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
          onKeyDown={onKeyDown}
        />
        {loading && <span className="combobox__spinner" aria-hidden="true" />}
      </div>
      <div id={listId} role="listbox" aria-label={label} className="combobox__list" hidden={!open}>
        {flat.length === 0 && !loading && <p className="combobox__empty">{emptyText}</p>}
        {flat.length === 0 && loading && <p className="combobox__empty">Searching…</p>}
        {groups
          .filter((g) => g.options.length > 0)
          .map((g, gi) => (
            <div role="group" aria-labelledby={`${id}-g${gi}`} key={g.label} className="combobox__group">
              <div id={`${id}-g${gi}`} className="combobox__group-label" role="presentation">
                {g.label}
              </div>
              {g.options.map((o) => {
                index++;
                const i = index;
                return (
                  // Options are not focused themselves: the input keeps focus and points at the active one (aria-activedescendant).
                  // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/interactive-supports-focus
                  <div
                    key={o.id}
                    id={`${id}-opt-${o.id}`}
                    role="option"
                    aria-selected={o === activeOption}
                    className={`combobox__option${o === activeOption ? ' combobox__option--active' : ''}`}
                    onMouseDown={(e) => e.preventDefault()}
                    onMouseEnter={() => setActive(i)}
                    onClick={() => pick(o)}
                  >
                    <span className="combobox__option-label">{o.label}</span>
                    {o.description && <span className="combobox__option-desc">{o.description}</span>}
                  </div>
                );
              })}
            </div>
          ))}
      </div>
    </div>
  );
}
