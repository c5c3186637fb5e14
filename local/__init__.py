"""Running ClauseFlow on one machine without Docker (``make run``): the local stack launcher.

A development tool, not a library: the services never import it; the tests and scripts may.
"""
