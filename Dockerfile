# syntax=docker/dockerfile:1
# The shop in one image (docs/operations.md). Built with every dependency, run with only the
# production ones: Node 24 runs the server's TypeScript itself (type stripping), so the runtime
# needs no compiler, only the built web app in build/ and the server's sources.

ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
# `npm ci` would be the strict choice, but it refuses this lockfile: the registry mirror it was
# written against lacks other platforms' optional binaries (Biome, Tailwind's oxide), so their
# entries are missing. `npm install` takes every locked version all the same and fills the gap.
RUN npm install --no-audit --no-fund
COPY tsconfig.json vite.config.ts react-router.config.ts ./
COPY app ./app
COPY public ./public
COPY server ./server
COPY shared ./shared
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM ${NODE_IMAGE} AS runtime
# pg_dump and pg_restore for `npm run backup` / `restore`, of the PostgreSQL server's major
# version (an older pg_dump refuses a newer server): from PostgreSQL's own apt repository, whose
# key ships in Debian's postgresql-common. Keep PG_MAJOR equal to the server's (compose.yaml).
ARG PG_MAJOR=17
RUN apt-get update \
  && apt-get install -y --no-install-recommends ca-certificates postgresql-common \
  && /usr/share/postgresql-common/pgdg/apt.postgresql.org.sh -y \
  && apt-get install -y --no-install-recommends "postgresql-client-${PG_MAJOR}" \
  && rm -rf /var/lib/apt/lists/*

ENV NODE_ENV=production \
  HOST=0.0.0.0 \
  PORT=3000 \
  DATA_DIR=/data
WORKDIR /app
# Owned by root and read-only to the shop's user: the process cannot rewrite its own code.
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY package.json ./
COPY server ./server
COPY shared ./shared
COPY scripts/create-admin.ts scripts/backup.ts scripts/restore.ts scripts/cli-args.ts ./scripts/
# DATA_DIR belongs to the unprivileged `node` user of the base image; a new named volume takes
# this owner from the image.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# No curl in the slim image: Node's fetch asks /readyz, which checks the database and the disk's free space too.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# start.ts closes the server and the database on SIGTERM (`docker stop`). The flags and the MALLOC_ settings
# are the ones `npm start` uses (server/runtime-flags.ts).
ENV MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072
CMD ["node", "--max-semi-space-size=16", "--heap-growing-percent=100", "server/start.ts"]
