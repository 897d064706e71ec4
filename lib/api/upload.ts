import { noteAppVersion } from './app-version';
import { apiHeaders, parseBody, settle } from './fetcher';

export interface UploadOptions {
  /** Called as the body leaves the browser: the fraction sent, 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * POSTs a multipart form through the BFF with real upload progress. `fetch` cannot report how much
 * of a request body has been sent, XMLHttpRequest's `upload.onprogress` can. Answers and errors are
 * apiFetch's: the value on 2xx, an BrowserApiError with the per-field `errors` otherwise; an abort rejects
 * with an AbortError.
 */
export function uploadForm<T = unknown>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  const { onProgress, signal } = options;
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('Upload aborted', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.withCredentials = true;
    apiHeaders().forEach((value, name) => xhr.setRequestHeader(name, value));

    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(1, event.loaded / event.total));
    };
    xhr.onload = () => {
      done();
      noteAppVersion(xhr.getResponseHeader('x-app-version'));
      try {
        resolve(settle<T>(xhr.status, xhr.statusText, parseBody(xhr.status, xhr.responseText)));
      } catch (error) {
        reject(error);
      }
    };
    xhr.onerror = () => {
      done();
      reject(new TypeError('Network error during upload'));
    };
    xhr.onabort = () => {
      done();
      reject(new DOMException('Upload aborted', 'AbortError'));
    };
    xhr.send(form);
  });
}
