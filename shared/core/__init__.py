"""What every part needs and nothing else provides: settings, errors, topic names, metrics,
tracing, logs and the cost ledger's units.

Imports nothing of ClauseFlow but ``shared.messages``. Must not import Kafka, Redis or any other
``shared`` package: everything else builds on this one.
"""
