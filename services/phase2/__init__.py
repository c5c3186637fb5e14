"""The phase2 service."""
