/**
 * DPoP proofs (RFC 9449) made with WebCrypto alone, so every API request can carry one without pulling
 * an OAuth library into the first screen. ES256: the signature WebCrypto returns (r ‖ s) is already the
 * JWS form.
 */

const encoder = new TextEncoder();

export function base64url(bytes: ArrayBuffer | Uint8Array): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let binary = '';
  for (const b of view) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

const base64urlJson = (value: unknown) => base64url(encoder.encode(JSON.stringify(value)));

/** `htu`: the request URL without its query and fragment (RFC 9449 §4.2). */
export function proofTargetUri(url: string): string {
  const u = new URL(url);
  return `${u.protocol}//${u.host}${u.pathname}`;
}

/** The `ath` claim: base64url of the SHA-256 of the access token. */
export async function accessTokenHash(accessToken: string): Promise<string> {
  return base64url(await crypto.subtle.digest('SHA-256', encoder.encode(accessToken)));
}

/** A fresh ES256 key pair whose private half can never be read out (only used to sign, in this browser). */
export function generateDpopKeyPair(): Promise<CryptoKeyPair> {
  return crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify']);
}

const publicJwks = new WeakMap<CryptoKey, Promise<JsonWebKey>>();

/** The public key as the minimal JWK the proof header carries. */
function publicJwk(key: CryptoKey): Promise<JsonWebKey> {
  let jwk = publicJwks.get(key);
  if (!jwk) {
    jwk = crypto.subtle.exportKey('jwk', key).then(({ kty, crv, x, y }) => ({ kty, crv, x, y }));
    publicJwks.set(key, jwk);
  }
  return jwk;
}

export interface ProofInput {
  /** HTTP method, upper case. */
  htm: string;
  /** The request URL; query and fragment are dropped. */
  htu: string;
  /** The access token the request carries, bound with `ath`. */
  accessToken?: string | undefined;
  /** The server's latest `DPoP-Nonce`, when it sent one. */
  nonce?: string | undefined;
  /** Milliseconds since the epoch (tests pass a fixed clock). */
  now?: number;
}

/** Signs one DPoP proof for one request. */
export async function createDpopProof(keyPair: CryptoKeyPair, input: ProofInput): Promise<string> {
  const header = { typ: 'dpop+jwt', alg: 'ES256', jwk: await publicJwk(keyPair.publicKey) };
  const payload: Record<string, string | number> = {
    jti: base64url(crypto.getRandomValues(new Uint8Array(18))),
    htm: input.htm.toUpperCase(),
    htu: proofTargetUri(input.htu),
    iat: Math.floor((input.now ?? Date.now()) / 1000),
  };
  if (input.accessToken !== undefined) payload.ath = await accessTokenHash(input.accessToken);
  if (input.nonce !== undefined) payload.nonce = input.nonce;
  const signingInput = `${base64urlJson(header)}.${base64urlJson(payload)}`;
  const signature = await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, keyPair.privateKey, encoder.encode(signingInput));
  return `${signingInput}.${base64url(signature)}`;
}
