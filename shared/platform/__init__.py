"""How a service runs: the Kafka bus (``bus``: topics and the producer; ``consumer``: the
consumer loop and its offsets), topic creation (``topics_init``), the runtime around a handler
(``runtime``: consume, begin, publish, fail into an ``error`` event) and health endpoints
(``health``).

The top of ``shared``: may import every other package of it except ``shared.testing``.
"""
