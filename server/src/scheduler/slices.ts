/**
 * Long work on the API's one thread in slices: `pause()` gives the event loop a turn once
 * `sliceMs` of work has passed since the last turn, so other shops' requests are answered in
 * between instead of waiting for the whole job.
 */
export function slices(sliceMs = 2): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < sliceMs) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    since = performance.now();
  };
}
