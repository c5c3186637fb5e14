# Stand-in for prom/prometheus where no image registry is reachable (scripts/compose-smoke.sh):
# Debian's prometheus package (2.42, not 3.5), reading the same mounted configuration.
FROM clauseflow-offline/debian:bookworm
RUN apt-get update \
    && apt-get install -y --no-install-recommends prometheus \
    && rm -rf /var/lib/apt/lists/*
USER prometheus
EXPOSE 9090
ENTRYPOINT ["/usr/bin/prometheus"]
CMD ["--config.file=/etc/prometheus/prometheus.yml", "--storage.tsdb.path=/var/lib/prometheus/metrics2"]
