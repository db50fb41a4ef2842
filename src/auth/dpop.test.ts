import { decodeProtectedHeader, EmbeddedJWK, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { createDpopProof, generateDpopKeyPair, proofTargetUri } from './dpop.ts';

/** base64url(SHA-256(s)), computed apart from the code under test. */
const sha256b64url = async (s: string) =>
  Buffer.from(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(s))).toString('base64url');

describe('DPoP proofs', () => {
  it('are ES256 JWTs signed by the embedded public key, with htm, htu without query or fragment, iat, jti and ath', async () => {
    const keyPair = await generateDpopKeyPair();
    const now = Date.parse('2026-11-22T12:00:00Z');
    const token = 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiI3In0.sig-of-the-access-token';
    const proof = await createDpopProof(keyPair, {
      htm: 'put',
      htu: 'https://api.example.test/time/42?week=2647&x=1#frag',
      accessToken: token,
      now,
    });

    const header = decodeProtectedHeader(proof);
    expect(header.typ).toBe('dpop+jwt');
    expect(header.alg).toBe('ES256');
    expect(Object.keys(header.jwk!).sort()).toEqual(['crv', 'kty', 'x', 'y']);
    expect(header.jwk).not.toHaveProperty('d');

    const { payload } = await jwtVerify(proof, EmbeddedJWK, { typ: 'dpop+jwt', algorithms: ['ES256'], currentDate: new Date(now) });
    expect(payload.htm).toBe('PUT');
    expect(payload.htu).toBe('https://api.example.test/time/42');
    expect(payload.iat).toBe(now / 1000);
    expect(payload.ath).toBe(await sha256b64url(token));
    expect(typeof payload.jti).toBe('string');
    expect((payload.jti as string).length).toBeGreaterThanOrEqual(16);
    expect(payload).not.toHaveProperty('nonce');
  });

  it('never repeat a jti, carry the server nonce when given, and omit ath without a token', async () => {
    const keyPair = await generateDpopKeyPair();
    const a = await createDpopProof(keyPair, { htm: 'POST', htu: 'https://as.example.test/oauth/token', nonce: 'n-123' });
    const b = await createDpopProof(keyPair, { htm: 'POST', htu: 'https://as.example.test/oauth/token' });
    const pa = (await jwtVerify(a, EmbeddedJWK)).payload;
    const pb = (await jwtVerify(b, EmbeddedJWK)).payload;
    expect(pa.jti).not.toBe(pb.jti);
    expect(pa.nonce).toBe('n-123');
    expect(pa).not.toHaveProperty('ath');
  });

  it('are refused when tampered with', async () => {
    const keyPair = await generateDpopKeyPair();
    const proof = await createDpopProof(keyPair, { htm: 'GET', htu: 'https://api.example.test/users/me', accessToken: 't' });
    const [h, p, s] = proof.split('.');
    const forged = JSON.parse(Buffer.from(p!, 'base64url').toString()) as Record<string, unknown>;
    forged.htu = 'https://evil.example.test/users/me';
    const tampered = `${h}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${s}`;
    await expect(jwtVerify(tampered, EmbeddedJWK)).rejects.toThrow();
  });

  it('come from a key pair whose private half cannot be exported', async () => {
    const { privateKey, publicKey } = await generateDpopKeyPair();
    expect(privateKey.extractable).toBe(false);
    expect(privateKey.usages).toEqual(['sign']);
    await expect(crypto.subtle.exportKey('jwk', privateKey)).rejects.toThrow();
    expect(publicKey.extractable).toBe(true);
  });

  it('name the target without query and fragment', () => {
    expect(proofTargetUri('http://127.0.0.1:8787/tasks/search?query=a#b')).toBe('http://127.0.0.1:8787/tasks/search');
    expect(proofTargetUri('https://api.example.test')).toBe('https://api.example.test/');
  });
});
