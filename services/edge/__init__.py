"""The edge service."""
