"""What is kept where: every Redis key (``keys``), the typed review and document state
(``state``), the per-review event streams (``events``), due-time sweeps (``schedule``), the
document cache's byte budget (``doccache``), clause scores by document (``scores``) and the
uploaded PDFs (``blobs``).

May import ``shared.core``, ``shared.documents`` and ``shared.clauses``. Must not import the
bus or the runtime (``shared.platform``): a store does not know who calls it.
"""
