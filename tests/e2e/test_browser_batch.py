"""The batch view in a real browser (Debian's chromium, driven by Playwright) against the real stack:
send the three smallest CUAD dev contracts through the batch form, watch the grid fill, check it
against grid.json, filter it, download it, reopen it from its link, and open a found clause on
the review page at its page. Screenshots land beside test_browser.py's (var/test-artifacts/browser/)."""

from __future__ import annotations

import csv
import re
import shutil
from pathlib import Path

import httpx
import pytest
from playwright.async_api import Page, expect

from .test_batches import DEV
from .test_browser import ARTIFACTS, browser, link, page  # noqa: F401 - the page fixture and what it needs

pytestmark = [
    pytest.mark.stack,
    pytest.mark.skipif(shutil.which("chromium") is None, reason="Debian's chromium is not installed (make test installs it)"),
    pytest.mark.skipif(not DEV.is_dir(), reason="CUAD dev PDFs not beside the project"),
]
CATEGORIES = ["Governing Law", "Anti-Assignment"]
BATCH_S = 180  # the batch lane reviews one contract at a time, on two cores
BAD = ("deviates", "missing")


def smallest_contracts(n: int) -> list[Path]:
    """The n smallest dev contracts by size (.pdf or .PDF)."""
    return sorted((p for p in DEV.iterdir() if p.suffix.lower() == ".pdf"), key=lambda p: (p.stat().st_size, p.name))[:n]


async def rows_shown(pg: Page) -> list[int]:
    """The indexes of the grid's rows on screen."""
    return await pg.locator("#bgrid tbody tr").evaluate_all("trs => trs.filter(t => t.checkVisibility()).map(t => Number(t.dataset.index))")


@pytest.mark.timeout(BATCH_S + 240)
async def test_a_batch_fills_its_grid_and_a_cell_opens_the_review_at_its_page(page, stack, link):  # noqa: F811
    paths = smallest_contracts(3)
    await page.click("#tabs a[data-view=batch]")
    await expect(page.locator("#batchview")).to_be_visible()
    await expect(page.locator("main")).to_be_hidden()

    # The form: three PDFs, two categories, a name; the page follows the batch it made.
    await page.set_input_files("#bfiles", files=[{"name": p.name, "mimeType": "application/pdf", "buffer": p.read_bytes()} for p in paths])
    await expect(page.locator("#bdropmsg")).to_contain_text("3 files")
    await page.fill("#bcats", ", ".join(CATEGORIES))
    await page.fill("#bname", "browser batch")
    await page.click("#bsubmit")
    await expect(page).to_have_url(re.compile(r"\?batch=[0-9a-f]{32}$"))
    bid = page.url.rsplit("=", 1)[1]
    rows = page.locator("#bgrid tbody tr")
    await expect(rows).to_have_count(3)
    await expect(page.locator('#bgrid tbody tr[data-status="done"]')).to_have_count(3, timeout=BATCH_S * 1000)
    await expect(page.locator("#bprogresstext")).to_have_text("3 of 3 done, 0 failed")
    await expect(page.locator("#bstatus")).to_have_text("done")
    await expect(page.locator("#bcancel")).to_be_hidden()
    await expect(page.locator(f'#batches tr[data-id="{bid}"]')).to_contain_text("browser batch")
    await page.mouse.move(0, 0)  # no hover in the picture
    await page.screenshot(path=ARTIFACTS / "batch-grid.png", full_page=True)

    # The grid says what grid.json says: a row per contract, a column per category, each cell.
    grid = httpx.get(f"{stack.base_url}/v1/batches/{bid}/grid.json", headers=stack.headers(), timeout=30).json()
    assert grid["categories"] == CATEGORIES
    assert [r["filename"] for r in grid["rows"]] == [p.name for p in paths]
    await expect(page.locator("#bgrid thead th.cat")).to_have_text(CATEGORIES)
    found = []
    for n, row in enumerate(grid["rows"]):
        tr = rows.nth(n)
        await expect(tr.locator("th.file")).to_have_text(row["filename"])
        for cat in CATEGORIES:
            cell, td = row["cells"][cat], tr.locator(f'td[data-category="{cat}"]')
            if not cell["found"]:
                await expect(td.locator(".dash")).to_have_text("—")
                continue
            found.append((row, cat, cell))
            await expect(td.locator(".pg")).to_have_text(f"p. {cell['page']}")
            await expect(td.locator(".quote")).to_have_attribute("title", cell["quote"])  # the whole quote on hover
            if cell["position"]:
                await expect(td.locator(".pos")).to_have_text(cell["position"])
            else:
                await expect(td.locator(".pos")).to_have_count(0)
    assert found, "Governing Law is found in the smallest dev contracts (CUAD labels it in one)"

    # Filters: one category's column; then only the rows where it is absent; then deviations.
    cat = next((c for c in CATEGORIES if any(not r["cells"][c]["found"] for r in grid["rows"])), CATEGORIES[0])
    await page.select_option("#bcategory", cat)
    await expect(page.locator("#bgrid thead th.cat")).to_have_text([cat])
    await expect(page.locator("#bgrid tbody td.cell")).to_have_count(3)
    await page.check("#babsent")
    absent = [r["index"] for r in grid["rows"] if not r["cells"][cat]["found"]]
    assert await rows_shown(page) == absent
    await expect(page.locator("#bcount")).to_have_text(f"showing {len(absent)} of 3 contracts")
    await page.uncheck("#babsent")
    assert await rows_shown(page) == [0, 1, 2]
    await page.select_option("#bcategory", "")
    await page.check("#bdeviates")
    deviating = [r["index"] for r in grid["rows"] if any(r["cells"][c]["position"] in BAD for c in CATEGORIES)]
    assert await rows_shown(page) == deviating
    await page.uncheck("#bdeviates")
    await expect(page.locator("#bgrid thead th.cat")).to_have_text(CATEGORIES)

    # The CSV download (the key goes in a header: fetched, then saved from a blob).
    async with page.expect_download() as info:
        await page.click("#bcsv")
    download = await info.value
    with open(await download.path(), newline="", encoding="utf-8") as f:
        table = list(csv.reader(f))
    assert download.suggested_filename == f"batch-{bid[:8]}-grid.csv"
    assert table[0][:2] == ["index", "file"] and [r[1] for r in table[1:]] == [p.name for p in paths]

    # A found cell opens its review with the PDF at the clause's page (the furthest page found).
    row, cat, cell = max(found, key=lambda f: f[2]["page"])
    rid = row["request_id"]
    await page.locator(f'#bgrid tr[data-index="{row["index"]}"] td[data-category="{cat}"] a.cellink').click()
    await expect(page).to_have_url(re.compile(rf"\?review={rid}&page={cell['page']}$"))
    await expect(page.locator("main")).to_be_visible()
    await expect(page.locator("#batchview")).to_be_hidden()
    await expect(page.locator("#rid")).to_have_text(f"review {rid}")
    await expect(page.locator("#rfile")).to_have_text(row["filename"])
    await expect(page.locator("#final .final")).to_be_visible(timeout=30_000)
    await expect(page.locator("#viewer")).to_have_attribute("data-page", str(cell["page"]))
    shown = page.locator(f"#pdf-page-{cell['page']}")
    await expect(shown).to_have_class("pdfpage current")
    await expect(shown).to_be_in_viewport()
    # A batch's contract had no locate, no draft and no LLM: the page says so, not "waiting".
    await expect(page.locator("#stage-analyse")).to_contain_text("no LLM (batch)")
    await expect(page.locator("#stage-locate")).to_be_hidden()
    await expect(page.locator("#stage-draft")).to_be_hidden()
    await page.screenshot(path=ARTIFACTS / "batch-cell-review.png")

    # Back returns to the batch; its link opens it in a fresh load too.
    await page.go_back()
    await expect(page.locator("#batchview")).to_be_visible()
    await expect(page.locator('#bgrid tbody tr[data-status="done"]')).to_have_count(3)
    await page.goto(f"{link.url}/?batch={bid}")
    await expect(page.locator('#bgrid tbody tr[data-status="done"]')).to_have_count(3)
    await expect(page.locator("#btitle")).to_have_text("browser batch")


async def test_a_refused_batch_says_why(page, stack):  # noqa: F811
    await page.click("#tabs a[data-view=batch]")
    await page.set_input_files("#bfiles", files=[{"name": "a.pdf", "mimeType": "application/pdf", "buffer": smallest_contracts(1)[0].read_bytes()}])
    await page.fill("#bcats", "Governing Law, No Such Clause")
    await page.click("#bsubmit")
    await expect(page.locator("#bformnote .error")).to_contain_text("unknown clause categories: No Such Clause")
    await expect(page).to_have_url(re.compile(r"\?batch=$"))
