"""Review a contract from the terminal: upload it, print the draft, stream the answer, print
the checked findings.

    .venv/bin/python -m services.cli contract.pdf "Mark every liability clause and explain the risk"

The API key comes from --key, else CLAUSEFLOW_API_KEY, else the development key `make run`
keeps in var/keys/dev.key. Exits 0 on a final, 1 on an error or cancel, 2 on a refused upload.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

import httpx
from httpx_sse import connect_sse

DEV_KEY = Path(__file__).resolve().parent.parent / "var" / "keys" / "dev.key"


def api_key(given: str | None) -> str:
    key = given or os.environ.get("CLAUSEFLOW_API_KEY")
    if key:
        return key
    if DEV_KEY.exists():
        return DEV_KEY.read_text().strip()
    sys.exit("no API key: pass --key, set CLAUSEFLOW_API_KEY, or start `make run` once (it makes var/keys/dev.key)")


def show(kind: str, data: dict, out) -> None:
    if kind == "draft":
        out.write("\n== draft (quoted from the PDF; the analysis follows) ==\n")
        for q in data.get("evidence", []):
            out.write(f"  {q['category']}, p. {q['page']}: \"{q['quote'][:200]}\"\n")
    elif kind == "draft_expired":
        out.write("\n(the draft was withdrawn: still analysing)\n")
    elif kind == "delta":
        if data.get("reset"):
            out.write("\n(the answer starts over)\n")
        out.write(data["text"])
    elif kind == "final":
        out.write(f"\n\n== final ({data.get('model')}) ==\n")
        for f in data.get("findings", []):
            out.write(f"  {f['category']}, p. {f['page']}: \"{f['quote'][:200]}\"\n    {f.get('risk', '')}\n")
        for a in data.get("absent", []):
            out.write(f"  no {a['category']} clause in {a['searched_pages']} pages searched\n")
        out.write(f"\n{data.get('answer', '')}\n")
        out.write(f"({len(data.get('citations', []))} citations checked, {data.get('citations_rejected', 0)} rejected)\n")
    elif kind in ("error", "cancelled"):
        out.write(f"\n{kind}: {json.dumps(data)}\n")
    out.flush()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m services.cli", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("pdf", type=Path)
    ap.add_argument("question")
    ap.add_argument("--url", default=os.environ.get("CLAUSEFLOW_URL", "http://127.0.0.1:8000"))
    ap.add_argument("--key")
    args = ap.parse_args(argv)
    headers = {"Authorization": f"Bearer {api_key(args.key)}"}
    with httpx.Client(base_url=args.url.rstrip("/"), headers=headers, timeout=httpx.Timeout(60, read=120)) as client:
        r = client.post("/v1/reviews", files={"file": (args.pdf.name, args.pdf.read_bytes(), "application/pdf")}, data={"question": args.question})
        if r.status_code != 202:
            sys.stderr.write(f"refused ({r.status_code}): {r.text}\n")
            return 2
        rid = r.json()["request_id"]
        sys.stdout.write(f"review {rid} accepted ({r.json()['page_count']} pages)\n")
        with connect_sse(client, "GET", f"/v1/reviews/{rid}/events") as source:
            for sse in source.iter_sse():
                if not sse.data:
                    continue
                show(sse.event, json.loads(sse.data), sys.stdout)
                if sse.event in ("final", "error", "cancelled"):
                    return 0 if sse.event == "final" else 1
    return 1


if __name__ == "__main__":
    sys.exit(main())
