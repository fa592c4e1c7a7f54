# syntax=docker/dockerfile:1
# Checked without Docker by server/image.test.ts (in `npm test`): it runs the build stage's commands in a
# copy of the tree, assembles what the final stage copies and starts the CMD as an unprivileged user with
# this ENV. Keep to the instructions it knows (FROM, WORKDIR, COPY, RUN, ENV, USER, VOLUME, EXPOSE,
# HEALTHCHECK, CMD): docs/decisions/0045-container-image.md.
FROM node:22-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npx react-router build && npm prune --omit=dev --no-audit --no-fund

FROM node:22-slim
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
WORKDIR /app
RUN groupadd --system app && useradd --system --gid app --home /app app && mkdir -p /data && chown app:app /data
# What the server loads at run time: the build, the packages, and the TypeScript it runs through tsx (its
# own code, the app's server modules, the models, the seed and the translations). Owned by root: the
# app's user writes only to /data.
COPY --from=build /app/package.json /app/tsconfig.json /app/server.ts ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/app ./app
COPY --from=build /app/locales ./locales
COPY --from=build /app/models ./models
COPY --from=build /app/scripts ./scripts
COPY --from=build /app/server ./server
USER app
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# As `npm start` (package.json), without npm in between: node is PID 1 and handles SIGTERM itself.
CMD ["node", "--max-semi-space-size=32", "scripts/start.mjs"]
