/**
 * A stand-in for the browser's XMLHttpRequest in unit tests: records what was sent and lets the test
 * play the network (progress, answer, failure). Never used by the app itself.
 */
export class FakeXhr {
  static all: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  /** The multipart form sent, if the body was one. */
  body: FormData | null = null;
  /** Whatever was sent as the body. */
  sent: FormData | Blob | null = null;
  status = 0;
  statusText = '';
  responseText = '';
  aborted = false;
  responseHeaders: Record<string, string> = {};
  upload: { onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor() {
    FakeXhr.all.push(this);
  }
  static last(): FakeXhr {
    const xhr = FakeXhr.all.at(-1);
    if (!xhr) throw new Error('No upload was started');
    return xhr;
  }
  static create = () => new FakeXhr() as unknown as XMLHttpRequest;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getResponseHeader(name: string) {
    return this.responseHeaders[name] ?? null;
  }
  send(body: FormData | Blob) {
    this.sent = body;
    this.body = body instanceof FormData ? body : null;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }

  progress(loaded: number, total: number, lengthComputable = true) {
    this.upload.onprogress?.({ loaded, total, lengthComputable });
  }
  answer(status: number, json: unknown, headers: Record<string, string> = {}) {
    this.status = status;
    this.statusText = status === 201 ? 'Created' : '';
    this.responseText = JSON.stringify(json);
    this.responseHeaders = headers;
    this.onload?.();
  }
  fail() {
    this.onerror?.();
  }
}
