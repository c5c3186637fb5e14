"""The locate service."""
