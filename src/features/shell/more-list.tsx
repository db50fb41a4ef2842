import { Link } from '@tanstack/react-router';
import { useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';
import type { NavScreen } from './app-shell.tsx';
import type { Badges } from './more-menu.tsx';

interface MoreListProps {
  id: string;
  items: readonly NavScreen[];
  badges: Badges;
  /** Arrow Down on the button opened the list: its first link takes focus. */
  focusFirst: boolean;
  /** The button and the list: a press or focus outside them closes the list. */
  rootRef: RefObject<HTMLElement | null>;
  onClose: (returnFocus: boolean) => void;
}

/** The open list under More: the screens that did not fit, arrows to move, Escape to close. */
export default function MoreList({ id, items, badges, focusFirst, rootRef, onClose }: MoreListProps) {
  const listRef = useRef<HTMLUListElement>(null);
  const links = () => Array.from(listRef.current?.querySelectorAll<HTMLElement>('a') ?? []);

  // Arrow Down lands on the first screen, and stays on it while the list changes under it (the bar settling
  // after a resize, a part of the header arriving late) until the user moves.
  const stayFirst = useRef(focusFirst);
  useEffect(() => {
    const first = links()[0];
    if (stayFirst.current && first && document.activeElement !== first) first.focus();
  }, [items]);

  useEffect(() => {
    const outside = (e: Event) => {
      if (e.target instanceof Node && !rootRef.current?.contains(e.target)) onClose(false);
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('focusin', outside);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('focusin', outside);
    };
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  const onKeyDown = (e: KeyboardEvent) => {
    const list = links();
    const at = list.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      e.preventDefault();
      stayFirst.current = false;
      list[(to + list.length) % list.length]?.focus();
    };
    if (e.key === 'ArrowDown') move(at + 1);
    else if (e.key === 'ArrowUp') move(at - 1);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(list.length - 1);
    else if (e.key === 'Escape') {
      e.preventDefault();
      onClose(true);
    }
  };

  return (
    <ul id={id} ref={listRef} className="more-menu__list">
      {items.map((s) => (
        <li key={s.to}>
          <Link
            to={s.to}
            className="more-menu__link"
            activeProps={{ 'aria-current': 'page' }}
            onKeyDown={onKeyDown}
            onClick={() => onClose(false)}
          >
            {s.label}
            {badges?.[s.to]?.()}
          </Link>
        </li>
      ))}
    </ul>
  );
}
