"""What the ClauseFlow services share, in layers that only point down.

- ``shared.messages``   the wire format: protobuf classes generated from ``proto/`` (``make proto``).
- ``shared.core``       what every part needs: settings, errors, topic names, metrics, tracing, logs, cost.
- ``shared.documents``  reading contracts: PDF text, the sandbox, OCR, page furniture, CJK, clause units.
- ``shared.clauses``    understanding clauses: the catalogue, the clause model, findings, terms, risk, routing.
- ``shared.store``      what is kept where: the Redis keyspace and state, the event log, caches, blobs.
- ``shared.api``        what clients see: the client event models, the AsyncAPI and proto documents.
- ``shared.platform``   how a service runs: the Kafka bus, the runtime around a handler, health.
- ``shared.testing``    helpers for tests and benchmarks only; no service imports it.

A module imports only from its own layer and the layers listed above it; nothing here imports
``services`` or ``local``. ``tests/unit/test_layers.py`` checks this over the import graph.
"""
