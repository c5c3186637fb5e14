import uvicorn

from shared.core.logs import setup

from .app import build_app
from .settings import Settings

settings = Settings()
setup("edge", settings)
uvicorn.run(build_app(settings), host=settings.host, port=settings.port, log_config=None, timeout_graceful_shutdown=3)
