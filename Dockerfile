# One image per app: docker build --build-arg APP=<app> -t berth/<app> .
# All apps share one build; APP only picks the entry point, so layers are reused across apps.
FROM node:24-bookworm-slim AS build
WORKDIR /app
# .npmrc is copied with the manifests because npm ci must honour its settings.
COPY package.json package-lock.json .npmrc ./
RUN npm ci
COPY . .
RUN npx tsc -p tsconfig.build.json && node tools/build/link-libs.js

FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --omit=dev && npm cache clean --force

FROM node:24-bookworm-slim
ARG APP
# Fail the build early instead of shipping an image whose CMD points at nothing.
RUN test -n "$APP" || (echo "build with --build-arg APP=<app>" >&2; exit 1)
# glibc hands memory of 1 MB or more back to the system when freed (scrypt's 16 MB buffers otherwise stay in
# malloc's arenas and the resident size climbs by 100 MB or more; `npm run bench:malloc`).
ENV NODE_ENV=production BERTH_BIND_ADDRESS=0.0.0.0 BERTH_APP=${APP} MALLOC_MMAP_THRESHOLD_=1048576
WORKDIR /app
COPY --from=deps --chown=node:node /app/node_modules ./node_modules
COPY --from=deps --chown=node:node /app/package.json ./package.json
# dist/node_modules holds the @berth/* lib links, so dist/ is copied whole.
COPY --from=build --chown=node:node /app/dist ./dist
# The app's Node flags (e.g. the gateway's young-generation size) come from the one app table.
COPY --from=build --chown=node:node /app/tools/stack/apps.json ./apps.json
RUN test -f "dist/apps/${APP}/src/main.js"
USER node
# The gateway listens on BERTH_PORT, internal apps on PORT (set by compose / the Deployment).
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||process.env.BERTH_PORT||8080)+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# exec so node is PID 1 and receives SIGTERM for graceful shutdown.
CMD ["sh", "-c", "exec node $(node -p \"(require('./apps.json').find((a) => a.name === process.env.BERTH_APP).nodeFlags || []).join(' ')\") dist/apps/${BERTH_APP}/src/main.js"]
