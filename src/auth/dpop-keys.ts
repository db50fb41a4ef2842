/**
 * Where DPoP key pairs live between reloads: IndexedDB, which stores a CryptoKey as the browser's own
 * object, so a non-extractable private key stays non-extractable and never exists as bytes in script.
 */
export interface DpopKeyStore {
  get(id: string): Promise<CryptoKeyPair | null>;
  put(id: string, keyPair: CryptoKeyPair): Promise<void>;
  delete(id: string): Promise<void>;
}

const DB_NAME = 'timekeep-auth';
const STORE = 'dpop-keys';

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('Could not open IndexedDB'));
  });
}

async function run<T>(mode: IDBTransactionMode, op: (store: IDBObjectStore) => IDBRequest): Promise<T> {
  const db = await openDb();
  try {
    return await new Promise<T>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const req = op(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(req.result as T);
      tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
      tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
    });
  } finally {
    db.close();
  }
}

const isKeyPair = (v: unknown): v is CryptoKeyPair =>
  typeof v === 'object' &&
  v !== null &&
  (v as CryptoKeyPair).privateKey instanceof CryptoKey &&
  (v as CryptoKeyPair).publicKey instanceof CryptoKey;

export const indexedDbKeyStore: DpopKeyStore = {
  get: async (id) => {
    const value = await run<unknown>('readonly', (s) => s.get(id));
    return isKeyPair(value) ? value : null;
  },
  put: async (id, keyPair) => {
    await run('readwrite', (s) => s.put(keyPair, id));
  },
  delete: async (id) => {
    await run('readwrite', (s) => s.delete(id));
  },
};

/** Keeps pairs in memory only (tests, and browsers without IndexedDB such as some private modes). */
export function memoryKeyStore(): DpopKeyStore {
  const pairs = new Map<string, CryptoKeyPair>();
  return {
    get: async (id) => pairs.get(id) ?? null,
    put: async (id, keyPair) => void pairs.set(id, keyPair),
    delete: async (id) => void pairs.delete(id),
  };
}
