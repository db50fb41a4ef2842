import { describe, expect, it } from 'vitest';
import { chooseTheme } from './choose-theme.ts';
import { applyTheme, savedTheme } from './theme.ts';

describe('theme', () => {
  it('follows the system until a choice is made, then remembers it', () => {
    localStorage.clear();
    expect(savedTheme(localStorage)).toBe('system');
    chooseTheme('dark', localStorage);
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(savedTheme(localStorage)).toBe('dark');
    chooseTheme('system', localStorage);
    expect(document.documentElement.dataset.theme).toBeUndefined();
    expect(savedTheme(localStorage)).toBe('system');
  });

  it('ignores a saved value it does not know', () => {
    localStorage.setItem('timekeep.theme', 'purple');
    expect(savedTheme(localStorage)).toBe('system');
    applyTheme('light');
    expect(document.documentElement.dataset.theme).toBe('light');
  });
});
