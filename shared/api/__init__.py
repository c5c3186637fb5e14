"""What clients see: the models of the events a client reads (``client_events``), and the
documents generated from the code (``asyncapi``, ``gen_proto``: AsyncAPI, the proto classes).

May import ``shared.core`` and ``shared.store`` (the event log's shape). Must not import the
bus or the runtime.
"""
