# syntax=docker/dockerfile:1
#
# Relais in a container: `docker build -t relais .`, then `docker run -p 5000:5000 relais` (embedded PostgreSQL in
# /app/data) or, as compose.yaml does it, with DATABASE_URL, S3_* and SMTP_URL pointing at shared services so that
# any number of containers can run side by side (README "Several machines (Docker)", docs/scaling.md).

# Build: every dependency (the build needs Vite, TypeScript, tsx), then the production build, then only the runtime
# dependencies are kept.
FROM node:20-bookworm-slim AS build
WORKDIR /app
ENV npm_config_fund=false \
    npm_config_audit=false \
    npm_config_update_notifier=false \
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
# The lock file alone first: the dependency layer is rebuilt only when it changes.
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build && npm prune --omit=dev

# Runtime: Node 20 and what `node dist/server/main.js` reads — the build (server, web app, prerendered pages,
# communes), the migrations (applied at start under an advisory lock), package.json (its "imports" map #core/* to
# dist/) and the runtime dependencies. No browser, no compiler.
FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=5000 \
    DATA_DIR=/app/data
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/drizzle ./drizzle
# Not root: nothing here needs it, and the embedded PostgreSQL (used when DATABASE_URL is unset), which PostgreSQL
# will not run as root, then simply runs as this user instead of a `postgres` user created at start (db/embedded.ts).
# DATA_DIR is this user's: embedded database, mail outbox, uploads when no bucket is configured.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 5000
# /api/health answers 200 when the database answers, 503 otherwise (node's own fetch: the slim image has no curl).
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||5000)+'/api/health').then((r)=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Node is the main process: the SIGTERM of `docker stop` reaches Relais, which finishes its requests (25 s at most)
# and closes the database cleanly.
STOPSIGNAL SIGTERM
CMD ["node", "dist/server/main.js"]
