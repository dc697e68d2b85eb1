# One image for every app: podman build -t berth . (or docker build -t berth .)
# The app is chosen when a container starts, by the environment variable BERTH_APP
# (application-registry, subscription, tenant-options, sms-adapter, microservice-orchestrator, gateway),
# so all six share every layer.
# BASE is a Debian image with Node 24; `npm run test:deploy` builds on one it makes locally.
ARG BASE=node:24-bookworm-slim

FROM ${BASE} AS build
WORKDIR /app
# .npmrc is copied with the manifests because npm ci must honour its settings.
COPY package.json package-lock.json .npmrc ./
RUN npm ci
COPY . .
RUN npx tsc -p tsconfig.build.json && node tools/build/link-libs.js

FROM ${BASE} AS deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --omit=dev && npm cache clean --force

FROM ${BASE}
# glibc hands memory of 1 MB or more back to the system when freed (scrypt's 16 MB buffers otherwise stay in
# malloc's arenas and the resident size climbs by 100 MB or more; `npm run bench:malloc`).
ENV NODE_ENV=production BERTH_BIND_ADDRESS=0.0.0.0 MALLOC_MMAP_THRESHOLD_=1048576
WORKDIR /app
COPY --from=deps --chown=node:node /app/node_modules ./node_modules
COPY --from=deps --chown=node:node /app/package.json ./package.json
# dist/node_modules holds the @berth/* lib links, so dist/ is copied whole.
COPY --from=build --chown=node:node /app/dist ./dist
# The app's Node flags (e.g. the gateway's young-generation size) come from the one app table.
COPY --from=build --chown=node:node /app/tools/stack/apps.json ./apps.json
USER node
# The gateway listens on BERTH_PORT, internal apps on PORT (set by compose / the Deployment).
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||process.env.BERTH_PORT||8080)+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# Looks BERTH_APP up in the app table (exits 64 naming the apps when it names none), then runs it
# with exec so node is PID 1 and receives SIGTERM for graceful shutdown.
CMD ["sh", "-c", "set -e; flags=$(node -e \"const apps = require('./apps.json'); const app = apps.find((a) => a.name === process.env.BERTH_APP); if (!app) { console.error('BERTH_APP must be one of: ' + apps.map((a) => a.name).join(', ')); process.exit(64); } console.log((app.nodeFlags || []).join(' '))\"); exec node $flags dist/apps/${BERTH_APP}/src/main.js"]
