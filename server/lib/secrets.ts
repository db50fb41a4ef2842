import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Encryption at rest and keyed hashing, from one master secret. */
export class Secrets {
  private readonly encKey: Buffer;
  private readonly hashKey: Buffer;

  constructor(master: string) {
    this.encKey = crypto.createHash('sha256').update(`enc:${master}`).digest();
    this.hashKey = crypto.createHash('sha256').update(`mac:${master}`).digest();
  }

  /** The master secret from `SECRET`, or from `<dataDir>/secret`, created on first start. */
  static load(secret: string | undefined, dataDir: string): Secrets {
    if (secret) return new Secrets(secret);
    const file = path.join(dataDir, 'secret');
    fs.mkdirSync(dataDir, { recursive: true });
    try {
      fs.writeFileSync(file, crypto.randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    return new Secrets(fs.readFileSync(file, 'utf8').trim());
  }

  encrypt(plain: string): string {
    const iv = crypto.randomBytes(12);
    const c = crypto.createCipheriv('aes-256-gcm', this.encKey, iv);
    const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
    return ['v1', iv.toString('base64url'), c.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
  }

  decrypt(sealed: string): string {
    const [v, iv, tag, body] = sealed.split('.');
    if (v !== 'v1' || !iv || !tag || body === undefined) throw new Error('Unknown sealed format');
    const d = crypto.createDecipheriv('aes-256-gcm', this.encKey, Buffer.from(iv, 'base64url'));
    d.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([d.update(Buffer.from(body, 'base64url')), d.final()]).toString('utf8');
  }

  /** HMAC-SHA256, hex: look-up value for secrets such as API keys. */
  hash(value: string): string {
    return crypto.createHmac('sha256', this.hashKey).update(value).digest('hex');
  }
}

/** A new API key: 40 random bytes, URL-safe. */
export const newApiKey = () => `tk_${crypto.randomBytes(30).toString('base64url')}`;
