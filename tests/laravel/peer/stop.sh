#!/usr/bin/env bash
# Ends the server start.sh started: its process group (the server and its workers).
cd "$(dirname "$0")"
[ -f server.pid ] || exit 0
pid=$(cat server.pid)
rm -f server.pid
kill -0 "$pid" 2>/dev/null || exit 0
kill -TERM -- "-$pid" 2>/dev/null || kill -TERM "$pid"
for _ in $(seq 1 50); do
  kill -0 -- "-$pid" 2>/dev/null || exit 0
  sleep 0.1
done
kill -KILL -- "-$pid" 2>/dev/null
exit 0
