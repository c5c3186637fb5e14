"""Helpers for tests and benchmarks: generated contracts and real servers on free ports."""
