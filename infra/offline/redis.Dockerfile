# Stand-in for redis:7-alpine where no image registry is reachable (scripts/compose-smoke.sh):
# Debian's redis-server and redis-cli, as user redis, its data in /data (the redis-data volume).
# Like the official image's entrypoint, a server started with arguments but no configuration file
# turns protected mode off (the compose network, not the loopback, is where its clients are).
FROM clauseflow-offline/debian:bookworm
RUN apt-get update \
    && apt-get install -y --no-install-recommends redis-server \
    && rm -rf /var/lib/apt/lists/* \
    && mkdir -p /data && chown redis:redis /data \
    && printf '#!/bin/sh\nif [ "$1" = redis-server ]; then set -- "$@" --protected-mode no; fi\nexec "$@"\n' > /usr/local/bin/redis-entrypoint \
    && chmod 0755 /usr/local/bin/redis-entrypoint
USER redis
WORKDIR /data
EXPOSE 6379
ENTRYPOINT ["/usr/local/bin/redis-entrypoint"]
CMD ["redis-server"]
