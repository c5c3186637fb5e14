from shared.settings import CommonSettings


class Settings(CommonSettings):
    """summarize: page text and one-line summaries."""

    metrics_port: int = 0
    summary_chars: int = 160
