"""The tenant's playbook: ``GET /v1/playbook`` (the one in force, the default until the tenant
sets its own) and ``PUT /v1/playbook`` (a new version; a playbook that does not validate is a 422
naming the rule and the field). Reviews started after a PUT are checked against it."""

from __future__ import annotations

import json

from fastapi import APIRouter, Depends, Request
from pydantic import ValidationError

from shared.clauses import playbook
from shared.core.errors import BadPlaybook, InputError
from shared.store.playbooks import Playbooks

from .auth import require_tenant
from .deps import EdgeContext, get_ctx

router = APIRouter()


@router.get("/v1/playbook")
async def get_playbook(tenant: str = Depends(require_tenant), ctx: EdgeContext = Depends(get_ctx)) -> dict:
    book = await Playbooks(ctx.redis).current(tenant)
    return {**book.model_dump(exclude_none=True), "source": "default" if book.version == playbook.default().version else "tenant"}


@router.put("/v1/playbook")
async def put_playbook(request: Request, tenant: str = Depends(require_tenant), ctx: EdgeContext = Depends(get_ctx)) -> dict:
    try:
        body = json.loads(await request.body())
    except ValueError as e:
        raise InputError(f"the body is not JSON: {e}", code="bad_request") from e
    if not isinstance(body, dict):
        raise InputError("the body is a JSON object: {name, rules}", code="bad_request")
    body.pop("version", None)  # the store numbers versions; a GET's body can be sent back edited
    body.pop("source", None)
    try:
        given = playbook.PlaybookIn.model_validate(body)
    except ValidationError as e:
        raise BadPlaybook("; ".join(_where(err) for err in e.errors())) from e
    book = await Playbooks(ctx.redis).replace(tenant, given.name, given.rules)
    return {**book.model_dump(exclude_none=True), "source": "tenant"}


def _where(err: dict) -> str:
    """"rules[2].conditions[0].at_least: Input should be a valid number" from pydantic's error."""
    path = "".join(f"[{x}]" if isinstance(x, int) else f".{x}" for x in err["loc"]).lstrip(".")
    return f"{path}: {err['msg']}" if path else err["msg"]
