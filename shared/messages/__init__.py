"""Generated protobuf messages (from proto/; regenerate with `make proto`, never hand-edit)."""

from shared.messages.clauseflow.v1.messages_pb2 import (  # noqa: F401
    DeadLetter,
    Envelope,
    LocatedPage,
    PageSummary,
    ReviewCancel,
    ReviewFollowup,
    ReviewLocated,
    ReviewRequested,
    ReviewSummarized,
    StageTiming,
    UnaskedPart,
)
