# Stand-in for node:20-bookworm-slim where no image registry is reachable (scripts/compose-smoke.sh
# builds it). Debian bookworm packages Node.js 18 and npm 9, not 20: enough for the one thing
# infra/Dockerfile does with it (`npm ci` of PDF.js from the committed lockfile). Trusts the build
# machine's CA bundle.
FROM clauseflow-offline/debian:bookworm
COPY ca-certificates.crt /usr/local/share/ca-certificates/build-host.crt
RUN apt-get update \
    && apt-get install -y --no-install-recommends nodejs npm ca-certificates \
    && update-ca-certificates \
    && rm -rf /var/lib/apt/lists/*
ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt \
    npm_config_cafile=/etc/ssl/certs/ca-certificates.crt
CMD ["node"]
