import styles from './integrations.module.css';

const snippet = `import crypto from 'node:crypto';

// secret: the X-Hook-Secret of the handshake; body: the raw request body
function isFromTimekeep(secret, body, signatureHeader) {
  const expected = 'sha256=' + crypto.createHmac('sha256', secret).update(body).digest('hex');
  return signatureHeader.length === expected.length &&
    crypto.timingSafeEqual(Buffer.from(signatureHeader), Buffer.from(expected));
}`;

/** How a receiver checks that a delivery came from Timekeep: the X-Hook-Signature HMAC, in a short snippet. */
export function SigningNote() {
  return (
    <details className={styles.details}>
      <summary>How to verify a delivery</summary>
      <p>
        Every delivery carries <code>X-Hook-Signature: sha256=…</code>, the HMAC-SHA256 of the raw body with the secret. Drop repeats by{' '}
        <code>X-Hook-Delivery</code>.
      </p>
      <pre className={styles.code}>
        {snippet}
      </pre>
    </details>
  );
}
