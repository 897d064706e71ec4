/** A fetch stand-in for unit tests: jsdom has no Response, and no test may reach the network. */
export interface FakeAnswer {
  status?: number;
  body?: unknown;
  version?: string;
}

export interface FakeCall {
  url: string;
  init: RequestInit;
}

export function installFakeFetch(answer: (call: FakeCall) => FakeAnswer | Promise<FakeAnswer>) {
  const calls: FakeCall[] = [];
  const fake = jest.fn(async (url: string, init: RequestInit = {}) => {
    const call = { url, init };
    calls.push(call);
    const { status = 200, body = null, version } = await answer(call);
    const headers = new Headers();
    if (version) headers.set('x-app-version', version);
    const text = body === null ? '' : typeof body === 'string' ? body : JSON.stringify(body);
    return {
      ok: status >= 200 && status < 300,
      status,
      statusText: String(status),
      headers,
      text: async () => text,
    };
  });
  (globalThis as { fetch?: unknown }).fetch = fake;
  return { calls, fake };
}
