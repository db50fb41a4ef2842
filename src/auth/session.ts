import { normalizeBaseUrl } from '../lib/base-url.ts';
import { parseStoredCredential, restoreCredential, type SessionCredential, type StoredCredential } from './credentials.ts';

const SESSION_KEY = 'timekeep.session';
const SERVER_KEY = 'timekeep.server';
/** Set when the server ended the last session, so the sign-in screen says why, after a reload too. */
const ENDED_KEY = 'timekeep.ended';

/**
 * Read before the session is built: the saved session's credential kind ('oauth', 'apiKey'), or null when none
 * is saved (or what is saved cannot be read).
 */
export function savedSessionKind(storage: Storage): unknown {
  try {
    const raw = storage.getItem(SESSION_KEY);
    return raw === null ? null : ((JSON.parse(raw) as { credential?: { kind?: unknown } }).credential?.kind ?? '');
  } catch {
    return null;
  }
}

interface SignedIn {
  baseUrl: string;
  credential: SessionCredential;
}

/** Who is signed in, to which server. Saved in `storage` so a reload stays signed in. */
export class Session {
  private current: SignedIn | null;

  constructor(
    private readonly storage: Storage,
    readonly defaultBaseUrl: string,
  ) {
    this.current = this.restore();
    this.current?.credential.attach?.(this.hooks());
  }

  get isSignedIn(): boolean {
    return this.current !== null;
  }

  /** The last session ended because the server refused its credential. */
  get expired(): boolean {
    return this.storage.getItem(ENDED_KEY) !== null;
  }

  get credential(): SessionCredential | null {
    return this.current?.credential ?? null;
  }

  /** The server chosen on the sign-in screen instead of the default, if any. */
  get serverOverride(): string | null {
    const saved = this.storage.getItem(SERVER_KEY);
    return saved ? normalizeBaseUrl(saved) : null;
  }

  /** The API the app talks to: the signed-in one, else the chosen one, else the default. */
  get baseUrl(): string {
    return this.current?.baseUrl ?? this.serverOverride ?? this.defaultBaseUrl;
  }

  signIn(credential: SessionCredential, baseUrl: string): void {
    if (baseUrl === this.defaultBaseUrl) this.storage.removeItem(SERVER_KEY);
    else this.storage.setItem(SERVER_KEY, baseUrl);
    this.current = { baseUrl, credential };
    this.storage.removeItem(ENDED_KEY);
    this.save();
    credential.attach?.(this.hooks());
  }

  async signOut(expired = false): Promise<void> {
    const was = this.current;
    this.current = null;
    // (Signing in cleared it: a session that was not ended by the server leaves none.)
    if (expired) this.storage.setItem(ENDED_KEY, '1');
    this.storage.removeItem(SESSION_KEY);
    await was?.credential.revoke?.().catch((e: unknown) => console.warn('Could not revoke the credential', e));
  }

  private save() {
    if (!this.current) return;
    const { baseUrl, credential } = this.current;
    this.storage.setItem(SESSION_KEY, JSON.stringify({ baseUrl, credential: credential.persist() }));
  }

  /** Lets a credential save its new form and see changes other tabs made to it (all tabs share the storage). */
  private hooks() {
    const credential = this.current?.credential;
    return {
      save: () => {
        if (this.current?.credential === credential) this.save();
      },
      latest: (): StoredCredential | null => {
        if (this.current?.credential !== credential) return null;
        try {
          const raw = this.storage.getItem(SESSION_KEY);
          return raw ? parseStoredCredential((JSON.parse(raw) as { credential?: unknown }).credential) : null;
        } catch {
          return null;
        }
      },
    };
  }

  private restore(): SignedIn | null {
    try {
      const raw = this.storage.getItem(SESSION_KEY);
      if (!raw) return null;
      const saved = JSON.parse(raw) as { baseUrl?: unknown; credential?: unknown };
      const baseUrl = typeof saved.baseUrl === 'string' ? normalizeBaseUrl(saved.baseUrl) : null;
      const credential = restoreCredential(saved.credential);
      return baseUrl && credential ? { baseUrl, credential } : null;
    } catch {
      return null;
    }
  }
}
