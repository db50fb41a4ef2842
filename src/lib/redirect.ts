/**
 * The in-app path to return to after sign-in, or undefined when `value` is not a safe one.
 * Only same-origin absolute paths pass: no `//host`, no scheme, no back-slash tricks,
 * and never the sign-in page itself.
 */
export function safeRedirect(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return undefined;
  if (value === '/sign-in' || value.startsWith('/sign-in?') || value.startsWith('/sign-in/')) return undefined;
  return value;
}
