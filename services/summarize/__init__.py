"""The summarize service."""
