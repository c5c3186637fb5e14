"""What clients see: the models of the events a client reads (``client_models``, their pieces in
``client_parts``), and the documents generated from the code (``client_events``: their AsyncAPI
document; ``asyncapi`` with ``proto_schema``: the Kafka topics'; ``gen_proto``: the proto classes).

May import ``shared.core`` and ``shared.store`` (the event log's shape). Must not import the
bus or the runtime.
"""
