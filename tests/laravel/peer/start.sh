#!/usr/bin/env bash
# Starts the peer in the background under PHP's built-in server and returns once Laravel answers.
# The first start in a folder makes what a run needs there: .env with a fresh APP_KEY, the seeded
# SQLite database, the storage folders. The suite runs it in a copy, so this folder stays as it is.
#   LARAVEL_PEER_HOST (127.0.0.1)  LARAVEL_PEER_PORT (4121)  PHP_CLI_SERVER_WORKERS (4)
#   LARAVEL_PEER_ASSETS: the project's demo media (server/assets), whose tracks the database seeds;
#   found by itself when the peer runs in the repository, to be named for a copy elsewhere.
set -euo pipefail
cd "$(dirname "$0")"
host=${LARAVEL_PEER_HOST:-127.0.0.1}
port=${LARAVEL_PEER_PORT:-4121}

missing() { echo "the Laravel peer needs $1 (apt-get install php-cli php-laravel-framework php-sqlite3)" >&2; exit 1; }
command -v php >/dev/null || missing php
[ -f /usr/share/php/Illuminate/autoload.php ] || missing php-laravel-framework
php -r 'exit(extension_loaded("pdo_sqlite") ? 0 : 1);' || missing php-sqlite3

if [ -f server.pid ] && kill -0 "$(cat server.pid)" 2>/dev/null; then
  echo "the Laravel peer is already running (pid $(cat server.pid))" >&2; exit 1
fi

mkdir -p bootstrap/cache storage/app storage/framework/sessions storage/framework/views storage/logs
if [ ! -f .env ]; then
  key=$(php -r 'echo base64_encode(random_bytes(32));')
  printf 'APP_KEY=base64:%s\nAPP_URL=http://%s:%s\n' "$key" "$host" "$port" > .env
fi
if [ ! -s database/database.sqlite ]; then
  assets=${LARAVEL_PEER_ASSETS:-../../../server/assets}
  if [ ! -f "$assets/manifest.json" ]; then
    echo "the Laravel peer seeds the demo media: LARAVEL_PEER_ASSETS must name server/assets (not found: $assets)" >&2; exit 1
  fi
  : > database/database.sqlite
  if ! LARAVEL_PEER_ASSETS=$(cd "$assets" && pwd) php database/install.php; then
    rm -f database/database.sqlite; exit 1
  fi
fi

# Its own process group: with PHP_CLI_SERVER_WORKERS, php -S forks workers that a kill of the
# parent alone would leave running; stop.sh ends the group.
PHP_CLI_SERVER_WORKERS=${PHP_CLI_SERVER_WORKERS:-4} \
  setsid php -S "$host:$port" -t public public/index.php >> storage/logs/server.log 2>&1 < /dev/null &
pid=$!
echo "$pid" > server.pid

# Up means Laravel answered (its version header, on the 404 of a path without a route and so
# without a session), not merely that the port is open.
up() {
  php -d default_socket_timeout=2 -r '$h = @get_headers($argv[1]); exit($h && preg_grep("/^x-app-version:/i", $h) ? 0 : 1);' \
    "http://$host:$port/"
}
for _ in $(seq 1 100); do
  if up; then
    echo "the Laravel peer answers on http://$host:$port (pid $pid)"; exit 0
  fi
  if ! kill -0 "$pid" 2>/dev/null; then
    echo "php -S ended (is port $port taken?):" >&2; tail -5 storage/logs/server.log >&2; rm -f server.pid; exit 1
  fi
  sleep 0.2
done
echo "the Laravel peer does not answer on http://$host:$port after 20 s (storage/logs/)" >&2; exit 1
