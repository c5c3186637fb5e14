from shared.core.settings import CommonSettings


class Settings(CommonSettings):
    """phase2: the draft, built without a large model."""

    metrics_port: int = 0
    draft_expires_s: int = 90          # a draft with no final this long after it is withdrawn
    withdraw_interval_s: float = 1.0   # how often expired drafts are looked for
    max_evidence: int = 12
