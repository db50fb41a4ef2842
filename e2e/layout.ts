import { expect, type Page } from '@playwright/test';

/**
 * What a person sees cut off on the page as it is now, in words (empty when nothing is):
 * - the page scrolls sideways;
 * - a table opens scrolled (its first column cut at the left), or starts left of its card;
 * - a table runs past its card without a scroll box of its own inside the card;
 * - a button is clipped by a cell, card or any other box that hides what overflows it, or sits out of sight to
 *   the side of a scroll box (a row's actions show without scrolling sideways).
 */
export async function clippedTables(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) problems.push(`the page scrolls sideways by ${root.scrollWidth - root.clientWidth} px`);
    const main = document.querySelector('main') ?? document.body;
    const slack = 0.5;
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width > 1 && r.height > 1 && getComputedStyle(el).visibility !== 'hidden';
    };
    const scrolls = (el: Element) => ['auto', 'scroll'].includes(getComputedStyle(el).overflowX);
    const clips = (el: Element) => {
      const s = getComputedStyle(el);
      return s.overflowX !== 'visible' || s.overflowY !== 'visible';
    };
    const nameOf = (el: Element) =>
      (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60) || el.tagName.toLowerCase();
    const cardOf = (el: Element) => el.closest('.card') ?? main;

    for (const table of main.querySelectorAll('table')) {
      if (!visible(table)) continue;
      const name = table.getAttribute('aria-label') ?? nameOf(table.closest('section') ?? table);
      const card = cardOf(table);
      const cardBox = card.getBoundingClientRect();
      let box: Element | null = table.parentElement;
      while (box && box !== card && !scrolls(box)) box = box.parentElement;
      const scroller = box && box !== card && scrolls(box) ? box : null;
      if (scroller && scroller.scrollLeft > 0) problems.push(`table "${name}" opens scrolled by ${Math.round(scroller.scrollLeft)} px`);
      const first = table.rows[0]?.cells[0];
      if (first) {
        const left = first.getBoundingClientRect().left;
        if (left < cardBox.left - slack)
          problems.push(`table "${name}": its first column starts ${Math.round(cardBox.left - left)} px left of its card`);
        if (scroller && left < scroller.getBoundingClientRect().left - slack)
          problems.push(`table "${name}": its first column is cut at the left of its scroll box`);
      }
      const outer = (scroller ?? table).getBoundingClientRect();
      if (outer.right > cardBox.right + slack)
        problems.push(`table "${name}" runs ${Math.round(outer.right - cardBox.right)} px past the right edge of its card`);
    }

    for (const button of main.querySelectorAll('button, a.button, [role="button"]')) {
      if (!visible(button) || button.closest('.visually-hidden, [aria-hidden="true"]')) continue;
      const r = button.getBoundingClientRect();
      for (let a = button.parentElement; a && a !== root; a = a.parentElement) {
        if (!clips(a)) continue;
        const b = a.getBoundingClientRect();
        if (scrolls(a)) {
          // A column's sort button scrolls with its column: a wide report's later columns are read by scrolling.
          if (button.closest('thead')) break;
          // A row's buttons show without scrolling sideways; rows below may scroll into view.
          const left = b.left + a.clientLeft;
          const right = left + a.clientWidth;
          if (r.left < left - slack || r.right > right + slack) {
            const seen = Math.max(0, Math.min(r.right, right) - Math.max(r.left, left));
            problems.push(
              `button "${nameOf(button)}" shows ${Math.round(seen)} of its ${Math.round(r.width)} px (scrolled out of its box)`,
            );
            break;
          }
          continue;
        }
        const shown = Math.max(0, Math.min(r.right, b.right) - Math.max(r.left, b.left));
        if (r.left < b.left - slack || r.right > b.right + slack || r.top < b.top - slack || r.bottom > b.bottom + slack) {
          problems.push(
            `button "${nameOf(button)}" shows ${Math.round(shown)} of its ${Math.round(r.width)} px (clipped by a ${a.tagName.toLowerCase()})`,
          );
          break;
        }
      }
    }
    return problems;
  });
}

/** Fails naming every table or button cut off on the page as it is now (see `clippedTables`). */
export async function expectNoClippedTables(page: Page) {
  // Layout settles after fonts and late data: poll until nothing is cut off, then report what still is.
  await expect.poll(() => clippedTables(page), { timeout: 5_000 }).toEqual([]);
}
