"""Kafka topic names, in one place. A prefix lets tests and stacks share one broker."""

from __future__ import annotations

REQUESTED = "review.requested"
SUMMARIZED = "review.summarized"
LOCATED = "review.located"
CANCEL = "review.cancel"
FOLLOWUP = "review.followup"
# The batch lane (services/edge/batches.py): a batch's contracts go through summarize and analyze
# on topics of their own, read by consumer groups of their own with few slots, so an interactive
# review never queues behind a batch. Same messages as review.requested and review.summarized.
BATCH_REQUESTED = "batch.requested"
BATCH_SUMMARIZED = "batch.summarized"

ALL = (REQUESTED, SUMMARIZED, LOCATED, CANCEL, FOLLOWUP, BATCH_REQUESTED, BATCH_SUMMARIZED)
# Who consumes what (the consumer-group names; each has a dead-letter topic): services/*/app.py.
CONSUMERS = (
    (REQUESTED, "summarize"), (SUMMARIZED, "locate"), (LOCATED, "phase2"), (LOCATED, "analyze"),
    (FOLLOWUP, "analyze-followup"), (CANCEL, "analyze-cancel"), (SUMMARIZED, "analyze-fallback"),
    (BATCH_REQUESTED, "summarize-batch"), (BATCH_SUMMARIZED, "analyze-batch"),
)


def name(topic: str, prefix: str = "") -> str:
    """The topic's name on the broker."""
    return f"{prefix}{topic}"


def dead_letter(topic: str, consumer: str, prefix: str = "") -> str:
    """The dead-letter topic of one consumer of one topic."""
    return f"{prefix}{topic}.{consumer}.dlq"
