// The loudness worker's entry: registers the TypeScript loader in this thread, then runs the worker.
import { register } from 'tsx/esm/api';

register();
await import('./loudness-worker.ts');
