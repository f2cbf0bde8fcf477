# syntax=docker/dockerfile:1
# The claims portal image: the web app (`npm start`) and, with another command, the
# projector worker (`npm run projector`). See docker-compose.yml for the scaled stack.

ARG NODE_IMAGE=node:24-bookworm-slim

# ---- build: all dependencies, then the Astro build into dist/ ----
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# `npm start` rebuilds the site when dist/.source-fingerprint does not match the sources
# (paths, sizes, mtimes; infra/launcher/build-site.ts). Whole-second mtimes survive the image
# layers unchanged, and building through the launcher's own function runs `astro build`
# and writes that fingerprint, so a container starts on this build instead of rebuilding.
RUN find site contracts services projections infra astro.config.mjs aliases.mjs package-lock.json \
      -exec touch -h -d @1700000000 {} + \
 && node --import tsx --input-type=module -e \
      "const { buildSiteIfStale } = await import('./infra/launcher/build-site.ts'); await buildSiteIfStale(process.cwd(), (m) => console.log(m));" \
 && test -f dist/server/entry.mjs && test -f dist/.source-fingerprint

# ---- production dependencies only (tsx and astro are runtime dependencies) ----
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# ---- runtime ----
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=4321 \
    DATA_DIR=/app/.data \
    LOG_FORMAT=json \
    NPM_CONFIG_UPDATE_NOTIFIER=false
WORKDIR /app
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/package.json /app/package-lock.json /app/tsconfig.json /app/aliases.mjs /app/astro.config.mjs ./
COPY --from=build /app/contracts ./contracts
COPY --from=build /app/services ./services
COPY --from=build /app/projections ./projections
COPY --from=build /app/infra ./infra
COPY --from=build /app/site ./site
# The code stays root-owned and read-only to the app. Only what the launcher may write is the
# app user's: the data folder and, should the fingerprint ever read stale, what `astro build`
# writes (dist/, .astro/, node_modules/.astro and .vite caches).
COPY --from=build --chown=node:node /app/dist ./dist
RUN mkdir -p .data .astro node_modules/.astro node_modules/.vite \
 && chown node:node .data .astro node_modules/.astro node_modules/.vite
USER node
EXPOSE 4321
CMD ["npm", "start"]
