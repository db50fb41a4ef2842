import './toast.css';
import { useSyncExternalStore } from 'react';

export type ToastTone = 'info' | 'success' | 'error';
interface ToastItem {
  id: number;
  message: string;
  tone: ToastTone;
  undo?: (() => void) | undefined;
}

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((fn) => fn());

/** While the pointer or focus is on the toasts, none leaves (WCAG 2.2.1): its time runs on a second at a time. */
let held = false;
const hold = () => (held = true);
const release = () => (held = false);
const expire = (id: number) => (held ? setTimeout(expire, 1000, id) : dismiss(id));

/**
 * Shows a short message at the bottom of the screen; errors, and completed actions with `undo`, stay
 * longer. Callers decide, never the HTTP client.
 */
export function toast(message: string, tone: ToastTone = 'info', options: { undo?: () => void } = {}) {
  const id = nextId++;
  items = [...items.slice(-2), { id, message, tone, undo: options.undo }];
  emit();
  setTimeout(expire, tone === 'error' || options.undo ? 8000 : 4000, id);
}

function dismiss(id: number) {
  items = items.filter((t) => t.id !== id);
  // The toast under the pointer or focus may be the one that went: with none left, nothing is held.
  if (!items.length) held = false;
  emit();
}

const subscribe = (fn: () => void) => {
  listeners.add(fn);
  return () => listeners.delete(fn);
};

/**
 * Where toasts appear; announced politely (errors assertively). They wait while hovered or focused, so an
 * Undo is never taken away from under the pointer.
 */
export function Toaster() {
  const list = useSyncExternalStore(subscribe, () => items);
  return (
    <div
      className="toaster"
      onPointerEnter={hold}
      onPointerLeave={release}
      onFocus={hold}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) release();
      }}
    >
      <div role="status" aria-live="polite" className="toaster__region">
        {list
          .filter((t) => t.tone !== 'error')
          .map((t) => (
            <ToastView key={t.id} item={t} />
          ))}
      </div>
      <div role="alert" className="toaster__region">
        {list
          .filter((t) => t.tone === 'error')
          .map((t) => (
            <ToastView key={t.id} item={t} />
          ))}
      </div>
    </div>
  );
}

function ToastView({ item }: { item: ToastItem }) {
  return (
    <div className={`toast toast--${item.tone}`}>
      <span className="toast__icon" aria-hidden="true">
        {item.tone === 'error' ? '!' : item.tone === 'success' ? '\u2713' : 'i'}
      </span>
      <span className="toast__text">{item.message}</span>
      {item.undo && (
        <button
          type="button"
          className="toast__undo"
          onClick={() => {
            dismiss(item.id);
            item.undo?.();
          }}
        >
          Undo
        </button>
      )}
      <button type="button" className="toast__close" aria-label="Dismiss" onClick={() => dismiss(item.id)}>
        ×
      </button>
    </div>
  );
}
