#!/usr/bin/env bash
# Makes sure a PostgreSQL server answers on 127.0.0.1:5432 with trust auth for user postgres.
# Used by CI and by anyone running the tests against a real server on a Debian machine:
#   - already running: nothing to do;
#   - installed but stopped: start the cluster;
#   - absent: install it from Debian packages, allow trust auth on loopback, start it.
set -euo pipefail

HOST=${PGHOST_CHECK:-127.0.0.1}
PORT=${PGPORT_CHECK:-5432}

ready() { pg_isready -q -h "$HOST" -p "$PORT" 2>/dev/null; }

if command -v pg_isready >/dev/null && ready; then
  echo "postgres: already running on $HOST:$PORT"
  exit 0
fi

if ! ls /etc/postgresql/*/main >/dev/null 2>&1; then
  echo "postgres: not installed, installing from Debian packages"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq postgresql >/dev/null
  version=$(ls /etc/postgresql | sort -V | tail -n 1)
  hba=/etc/postgresql/$version/main/pg_hba.conf
  # Loopback only, as on our development machines.
  sed -i -E 's/^(local|host)(\s+all\s+all\s+.*)\s(peer|scram-sha-256|md5)$/\1\2 trust/' "$hba"
  sed -i -E 's/^(local\s+all\s+postgres\s+)peer$/\1trust/' "$hba"
fi

version=$(ls /etc/postgresql | sort -V | tail -n 1)
echo "postgres: starting cluster $version/main"
pg_ctlcluster --skip-systemctl-redirect "$version" main start || true

for _ in $(seq 1 30); do
  if ready; then
    psql -h "$HOST" -p "$PORT" -U postgres -tAc "SELECT 1 FROM pg_database WHERE datname = 'test'" | grep -q 1 ||
      psql -h "$HOST" -p "$PORT" -U postgres -c 'CREATE DATABASE test' >/dev/null
    echo "postgres: ready on $HOST:$PORT"
    exit 0
  fi
  sleep 1
done
echo "postgres: did not become ready on $HOST:$PORT" >&2
exit 1
