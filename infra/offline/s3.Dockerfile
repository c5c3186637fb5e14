# Stand-in for MinIO where no image registry is reachable (scripts/compose-smoke.sh): moto's S3
# server (the one the blob store tests use). It keeps objects in memory: uploaded PDFs do not
# survive a restart of this container (MinIO's do, on the pdfs volume).
FROM python:3.11-slim-bookworm
RUN pip install "moto[server]==5.2.5" \
    && useradd --create-home --uid 10003 moto
USER moto
EXPOSE 9000
CMD ["moto_server", "-H", "0.0.0.0", "-p", "9000"]
