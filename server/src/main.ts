import { buildApp } from './app';
import { loadConfig, type Config } from './env';

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}

// Listens at once; migrations and the seed's syncs follow, /health/ready answering 503 until they are done.
const app = await buildApp({ config, deferStartWork: true });

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  // Closing the app closes the database: PGlite must flush before the process exits.
  const timer = setTimeout(() => {
    app.log.error('shutdown timed out');
    process.exit(1);
  }, 10_000);
  timer.unref();
  try {
    await app.close();
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

try {
  await app.listen({ port: config.port, host: config.host });
} catch (err) {
  app.log.error({ err }, 'could not listen');
  await app.close().catch(() => {});
  process.exit(1);
}
const where = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}`;
console.log(
  `Pulzus tenant API listening on ${where} (default tenant "${config.defaultTenant}", ` +
    `${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`}, version ${config.appVersion})`,
);
