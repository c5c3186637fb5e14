from shared.settings import CommonSettings


class Settings(CommonSettings):
    """phase2: the draft, built without a large model."""

    metrics_port: int = 0
    draft_expires_s: int = 90
    max_evidence: int = 12
