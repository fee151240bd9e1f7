/**
 * A stand-in for XMLHttpRequest, which the api client uses for an upload that reports its
 * progress (`onUploadProgress`): records each request, reports 25 % then 100 % and answers with
 * `respond()` on the next task — or fails (`'network'`), or waits to be aborted (`'pending'`).
 */
import { vi } from 'vitest';

export interface SentUpload {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: FormData;
}

export type UploadReply = { status: number; body?: unknown } | 'network' | 'pending';

export interface FakeUploads {
  requests: SentUpload[];
  /** Read at each send; a test may change it. */
  respond: () => UploadReply;
}

export function stubUploads(respond: () => UploadReply = () => ({ status: 201, body: {} })): FakeUploads {
  const uploads: FakeUploads = { requests: [], respond };
  class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    #request = { method: '', url: '', headers: {} as Record<string, string> };
    open(method: string, url: string) { this.#request = { ...this.#request, method, url }; }
    setRequestHeader(name: string, value: string) { this.#request.headers[name] = value; }
    abort() { this.onabort?.(); }
    send(body: FormData) {
      uploads.requests.push({ ...this.#request, body });
      const reply = uploads.respond();
      if (reply === 'pending') return;
      setTimeout(() => {
        if (reply === 'network') return this.onerror?.();
        this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 4 });
        this.upload.onprogress?.({ lengthComputable: true, loaded: 4, total: 4 });
        this.status = reply.status;
        this.responseText = reply.body === undefined ? '' : JSON.stringify(reply.body);
        this.onload?.();
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return uploads;
}
