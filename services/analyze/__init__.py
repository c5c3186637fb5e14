"""The analyze service."""
