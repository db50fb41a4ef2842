type Find = () => Element | null | undefined;

/**
 * After something is created: keyboard focus moves to it once it is drawn (`find`), so it never falls to the
 * page body when the form that made it goes away. When it is not drawn within a second and a half (filtered
 * out of the list, say), focus goes to `fallback`, the heading it appears under. An element that takes no
 * focus of its own gets `tabindex="-1"`. Focus is held until it stays put (a closing dialog hands focus back
 * to its opener on its way out).
 */
export function focusNew(find: Find, fallback?: Find) {
  const start = Date.now();
  let held = 0;
  const tick = () => {
    const waited = Date.now() - start;
    const el = (find() ?? (waited > 1500 ? fallback?.() : null)) as HTMLElement | null | undefined;
    if (el && document.activeElement === el) {
      if (++held > 2) return;
    } else if (el) {
      held = 0;
      if (el.tabIndex < 0 && !el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1');
      el.focus();
    }
    if (waited < 5000) setTimeout(tick, 50);
  };
  tick();
}

/** The first element of `selector` whose text includes `text`. */
export const withText = (selector: string, text: string) => () =>
  [...document.querySelectorAll(selector)].find((el) => el.textContent?.includes(text));
