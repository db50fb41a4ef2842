import { describe, expect, it } from 'vitest';
import { authorizationUrl, Browser, formFields, registerClient, useTestServer, type Env } from '../test/oauth-support.ts';

// An app anyone registered is not trusted to receive visitors (RFC 9700 §4.11.2): a request of its that fails is
// shown on this server's page, with the way back as a link; only the product's own web app is sent back at once.

let env: Env;
useTestServer((e) => (env = e));

const EVIL = 'https://evil.example/landing';
const WEB_CALLBACK = 'http://127.0.0.1:5173/oauth/callback';

/** Each kind of error found in an authorization request once the app and its redirect URI are known. */
const ERRORS: { kind: string; error: string; change: Record<string, string | null> }[] = [
  { kind: 'another response type', error: 'unsupported_response_type', change: { response_type: 'x' } },
  { kind: 'no response type', error: 'unsupported_response_type', change: { response_type: null } },
  { kind: 'no PKCE', error: 'invalid_request', change: { code_challenge: null, code_challenge_method: null } },
  { kind: 'the plain PKCE method', error: 'invalid_request', change: { code_challenge_method: 'plain' } },
  { kind: 'a malformed code challenge', error: 'invalid_request', change: { code_challenge: 'short' } },
  { kind: 'a state over 1,024 characters', error: 'invalid_request', change: { state: 's'.repeat(1025) } },
  { kind: 'a resource not served here', error: 'invalid_target', change: { resource: 'https://evil.example/' } },
];

async function badRequest(redirectUri: string, name: string, change: Record<string, string | null>) {
  const { client } = await registerClient(env, redirectUri, name);
  const { url } = await authorizationUrl(env, client, redirectUri);
  for (const [k, v] of Object.entries(change)) {
    if (v === null) url.searchParams.delete(k);
    else url.searchParams.set(k, v);
  }
  return { client, url };
}

/** The href of the page's "Return to …" link, unescaped. */
const backLink = (html: string) => {
  const href = /<a href="([^"]+)" rel="noreferrer">Return to /.exec(html)?.[1];
  return href ? new URL(href.replace(/&amp;/g, '&')) : null;
};

describe('a failed authorization request of an app nobody vetted', () => {
  for (const { kind, error, change } of ERRORS) {
    it(`with ${kind} is shown on our page naming the app and where it goes, with a link back, never redirected`, async () => {
      const { url } = await badRequest(EVIL, 'Shady Helper', change);
      const res = await fetch(url, { redirect: 'manual' });
      expect(res.status).toBe(400);
      expect(res.headers.get('location')).toBeNull();
      const html = await res.text();
      expect(html).toContain('Shady Helper');
      expect(html).toContain('<code>evil.example</code>');
      expect(html).toContain('Unverified app');
      const link = backLink(html);
      expect(link?.origin + link!.pathname).toBe(EVIL);
      expect(link?.searchParams.get('error')).toBe(error);
      expect(link?.searchParams.get('iss')).toBe(env.base);
    });
  }

  it('is shown on a page too when the sign-in form is sent with a changed request', async () => {
    const { client, url } = await badRequest(EVIL, 'Shady Helper', {});
    const browser = new Browser();
    const page = await browser.fetch(url.toString());
    expect(page.status).toBe(200);
    const fields = formFields(await page.text(), '/oauth/signin');
    for (const action of ['/oauth/signin', '/oauth/authorize']) {
      const res = await browser.post(`${env.base}${action}`, {
        ...fields,
        client_id: client.client_id,
        response_type: 'token',
        email: 'a@b.example',
        password: 'x',
      });
      expect(res.status, action).toBe(400);
      expect(res.headers.get('location'), action).toBeNull();
      expect(backLink(await res.text())?.searchParams.get('error'), action).toBe('unsupported_response_type');
    }
  });
});

describe('a failed authorization request of the web app (first-party)', () => {
  for (const { kind, error, change } of ERRORS) {
    it(`with ${kind} goes straight back to it with the error`, async () => {
      const { url } = await badRequest(WEB_CALLBACK, 'Timekeep web app', change);
      const res = await fetch(url, { redirect: 'manual' });
      expect(res.status).toBe(302);
      const location = new URL(res.headers.get('location')!);
      expect(location.origin + location.pathname).toBe(WEB_CALLBACK);
      expect(location.searchParams.get('error')).toBe(error);
    });
  }
});
