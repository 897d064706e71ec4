import { isAppVersionChanged, resetAppVersion, subscribeAppVersion } from '@/lib/api/app-version';
import { BrowserApiError, DeadlineError, apiFetch, errorsFrom, firstError } from '@/lib/api/fetcher';
import { setSocketId } from '@/lib/api/socket-id';
import { installFakeFetch } from '../fake-fetch';

beforeEach(() => {
  resetAppVersion();
  setSocketId(null);
});

describe('apiFetch', () => {
  it('calls the same origin with cookies and JSON, and no socket id until realtime sets one', async () => {
    const { calls } = installFakeFetch(() => ({ body: { ok: true } }));
    await expect(apiFetch('/api/me')).resolves.toEqual({ ok: true });
    const { url, init } = calls[0]!;
    const headers = new Headers(init.headers);
    expect(url).toBe('/api/me');
    expect(init.credentials).toBe('same-origin');
    expect(headers.get('accept')).toBe('application/json');
    expect(headers.has('x-socket-id')).toBe(false);
  });

  it('sends X-Socket-ID once the realtime connection has one', async () => {
    const { calls } = installFakeFetch(() => ({ body: null, status: 204 }));
    setSocketId('1234.5678');
    await apiFetch('/auth/logout', { method: 'POST' });
    expect(new Headers(calls[0]!.init.headers).get('x-socket-id')).toBe('1234.5678');
  });

  it('sends objects as JSON bodies', async () => {
    const { calls } = installFakeFetch(() => ({ status: 204 }));
    await apiFetch('/auth/login', { method: 'POST', body: { email: 'a@b.hu', password: 'x', remember: true } });
    const { init } = calls[0]!;
    expect(init.method).toBe('POST');
    expect(new Headers(init.headers).get('content-type')).toBe('application/json');
    expect(JSON.parse(String(init.body))).toEqual({ email: 'a@b.hu', password: 'x', remember: true });
  });

  it('unwraps a Laravel {data} resource but keeps paginators whole', async () => {
    installFakeFetch(({ url }) =>
      url === '/one' ? { body: { data: { id: 1 } } } : { body: { data: [], current_page: 1 } },
    );
    await expect(apiFetch('/one')).resolves.toEqual({ id: 1 });
    await expect(apiFetch('/page')).resolves.toEqual({ data: [], current_page: 1 });
  });

  it('returns a bare JSON string as is (reset status)', async () => {
    installFakeFetch(() => ({ body: '"passwords.reset"' }));
    await expect(apiFetch('/api/reset-password/t')).resolves.toBe('passwords.reset');
  });

  it('throws an BrowserApiError with status, message and Laravel field errors', async () => {
    installFakeFetch(() => ({
      status: 422,
      body: { message: 'Hibás e-mail cím vagy jelszó.', errors: { email: ['Hibás e-mail cím vagy jelszó.'] } },
    }));
    const error = await apiFetch('/auth/login', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BrowserApiError);
    expect((error as BrowserApiError).status).toBe(422);
    expect((error as BrowserApiError).message).toBe('Hibás e-mail cím vagy jelszó.');
    expect(firstError((error as BrowserApiError).errors, 'email')).toBe('Hibás e-mail cím vagy jelszó.');
    expect(firstError((error as BrowserApiError).errors, 'password')).toBeUndefined();
  });

  it('turns a failure without field errors into a general message', () => {
    expect(errorsFrom(new BrowserApiError(500, 'x'), 'Hiba')).toEqual({ _general: ['Hiba'] });
    expect(errorsFrom(new TypeError('offline'), 'Hiba')).toEqual({ _general: ['Hiba'] });
    expect(errorsFrom(new BrowserApiError(422, 'x', { email: ['Rossz'] }), 'Hiba')).toEqual({ email: ['Rossz'] });
  });
});

describe('version watching', () => {
  it('remembers the first version and raises the change on a different one, once', async () => {
    let version = '1.0.0';
    installFakeFetch(() => ({ body: {}, version }));
    const listener = jest.fn();
    const unsubscribe = subscribeAppVersion(listener);

    await apiFetch('/api/me');
    await apiFetch('/api/customer');
    expect(isAppVersionChanged()).toBe(false);

    version = '1.1.0';
    await apiFetch('/api/me');
    expect(isAppVersionChanged()).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1);

    version = '1.2.0';
    await apiFetch('/api/me');
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it('watches error responses too', async () => {
    let status = 200;
    let version = 'a';
    installFakeFetch(() => ({ status, body: { message: 'x' }, version }));
    await apiFetch('/api/me');
    status = 401;
    version = 'b';
    await expect(apiFetch('/api/me')).rejects.toBeInstanceOf(BrowserApiError);
    expect(isAppVersionChanged()).toBe(true);
  });

  it('ignores responses without the header', async () => {
    let version: string | undefined = 'a';
    installFakeFetch(() => ({ body: {}, version }));
    await apiFetch('/api/me');
    version = undefined;
    await apiFetch('/api/me');
    expect(isAppVersionChanged()).toBe(false);
  });
});

describe('a call with a deadline', () => {
  afterEach(() => jest.useRealTimers());

  it('rejects with a DeadlineError when no answer comes in time, and aborts the request', async () => {
    jest.useFakeTimers();
    const { calls } = installFakeFetch(() => new Promise(() => {}));
    const call = apiFetch('/api/players/1/next?auto=1', { deadlineMs: 5_000 });
    const settled = call.then(
      () => 'answered',
      (error: unknown) => error,
    );
    await jest.advanceTimersByTimeAsync(4_900);
    expect(calls[0]!.init.signal?.aborted).toBe(false);
    await jest.advanceTimersByTimeAsync(200);
    expect(await settled).toBeInstanceOf(DeadlineError);
    expect(calls[0]!.init.signal?.aborted).toBe(true);
  });

  it('answers as any call when the answer comes in time', async () => {
    installFakeFetch(() => ({ body: { id: 1 } }));
    await expect(apiFetch('/api/players', { deadlineMs: 5_000 })).resolves.toEqual({ id: 1 });
    installFakeFetch(() => ({ status: 500, body: { message: 'x' } }));
    await expect(apiFetch('/api/players', { deadlineMs: 5_000 })).rejects.toBeInstanceOf(BrowserApiError);
  });
});
