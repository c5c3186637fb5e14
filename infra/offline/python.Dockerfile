# Stand-in for python:3.11-slim-bookworm where no image registry is reachable (scripts/compose-smoke.sh
# builds it; never used where the real image can be pulled). Debian's Python 3.11 in a virtual
# environment at /usr/local, so that the paths the real image has hold: /usr/local/bin/python and
# pip, packages installed by pip into /usr/local/lib/python3.11/site-packages. It trusts the
# build machine's CA bundle (pip's own bundle would not know a proxy's certificate).
FROM clauseflow-offline/debian:bookworm
COPY ca-certificates.crt /usr/local/share/ca-certificates/build-host.crt
RUN apt-get update \
    && apt-get install -y --no-install-recommends python3.11 python3.11-venv ca-certificates \
    && update-ca-certificates \
    && python3.11 -m venv /usr/local \
    && rm -rf /var/lib/apt/lists/*
ENV LANG=C.UTF-8 \
    PATH=/usr/local/bin:/usr/local/sbin:/usr/sbin:/usr/bin:/sbin:/bin \
    PIP_CERT=/etc/ssl/certs/ca-certificates.crt \
    REQUESTS_CA_BUNDLE=/etc/ssl/certs/ca-certificates.crt \
    SSL_CERT_FILE=/etc/ssl/certs/ca-certificates.crt
CMD ["python3"]
