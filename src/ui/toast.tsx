import { lazy, Suspense } from 'react';

export type ToastTone = 'info' | 'success' | 'error';
export interface ToastItem {
  id: number;
  message: string;
  tone: ToastTone;
  undo?: (() => void) | undefined;
}

let items: ToastItem[] = [];
/** The toasts on screen now, newest last. */
export const currentToasts = () => items;
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((fn) => fn());

/** While the pointer or focus is on the toasts, none leaves (WCAG 2.2.1): its time runs on a second at a time. */
let held = false;
export const hold = () => (held = true);
export const release = () => (held = false);
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

export function dismiss(id: number) {
  items = items.filter((t) => t.id !== id);
  // The toast under the pointer or focus may be the one that went: with none left, nothing is held.
  if (!items.length) held = false;
  emit();
}

export const subscribe = (fn: () => void) => {
  listeners.add(fn);
  return () => listeners.delete(fn);
};

// The toasts' look and regions load just after the first screen is drawn: nothing shows a toast before then,
// and one raised meanwhile waits in the list above until they arrive.
const View = lazy(() => import('./toaster-view.tsx'));

/** Where toasts appear (see toaster-view.tsx). */
export function Toaster() {
  return (
    <Suspense fallback={null}>
      <View />
    </Suspense>
  );
}
