import './toast.css';
import { useSyncExternalStore } from 'react';
import { currentToasts, dismiss, hold, release, subscribe, type ToastItem } from './toast.tsx';

/**
 * Where toasts appear; announced politely (errors assertively). They wait while hovered or focused, so an
 * Undo is never taken away from under the pointer.
 */
export default function Toaster() {
  const list = useSyncExternalStore(subscribe, currentToasts);
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
