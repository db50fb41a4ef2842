import { useEffect, type RefObject } from 'react';

/**
 * Opens a `<details>` while the page is printed (or shown as print media) and folds it back after, as the
 * reader left it: a closed disclosure prints nothing of its content, whatever the print stylesheet says.
 */
export function useOpenInPrint(ref: RefObject<HTMLDetailsElement | null>) {
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let before: boolean | null = null;
    const open = () => {
      if (before !== null) return;
      before = el.open;
      el.open = true;
    };
    const restore = () => {
      if (before === null) return;
      el.open = before;
      before = null;
    };
    const media = window.matchMedia('print');
    const onMedia = () => (media.matches ? open() : restore());
    window.addEventListener('beforeprint', open);
    window.addEventListener('afterprint', restore);
    media.addEventListener('change', onMedia);
    if (media.matches) open();
    return () => {
      window.removeEventListener('beforeprint', open);
      window.removeEventListener('afterprint', restore);
      media.removeEventListener('change', onMedia);
    };
  }, [ref]);
}
