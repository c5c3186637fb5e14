// The batch view (?batch=<id>): send many contracts with the same clause categories, follow the
// batch, read its grid (a row per contract, a column per category), filter it, download it, and
// open a cell's clause on the review page at its page.
//
// A contract is a PDF or a Word .docx (the edge converts it), alone or in a zip.
//
// Progress is polled (GET /v1/batches/{id}) rather than streamed: EventSource cannot send the API
// key header, and the batch lane reviews one contract at a time, so a poll every 1.5 s misses
// nothing a person would see. Quotes, file names and errors are contract or user text: they reach
// the page through h(), as text nodes and attribute values, never as markup.

import { $, api, go, h, saveAs, views } from "./app.js";

const POLL_MS = 1500;
const QUIET_POLLS = 40;  // a cancelled batch whose last reviews never end: stop asking after a minute
const QUOTE_CHARS = 160;
const BAD = new Set(["deviates", "missing"]);  // positions the "deviates only" filter keeps
const enc = encodeURIComponent;

/** The open batch: its id, last state and grid, and the poll that follows it. */
let shown = null;

views.set("batch", { el: $("#batchview"), open: openBatch });

// --- the upload form ----------------------------------------------------------------------------
let files = [];

function chooseFiles(list) {
  files = [...list].filter((f) => /\.(pdf|docx|zip)$/i.test(f.name));  // a folder holds other files too
  const size = files.reduce((n, f) => n + f.size, 0);
  $("#bdrop").classList.toggle("chosen", files.length > 0);
  $("#bdropmsg").textContent = files.length
    ? `${files.length} file${files.length === 1 ? "" : "s"} (${Math.ceil(size / 1024)} KB): ${files.slice(0, 3).map((f) => f.name).join(", ")}${files.length > 3 ? ", …" : ""}`
    : "Drop contract PDFs, Word .docx files or a zip of them here, or choose files";
}

function formNote(text, isError = false) {
  $("#bformnote").replaceChildren(text ? h("span", { class: isError ? "error" : "note" }, text) : "");
}

$("#bfiles").addEventListener("change", (e) => chooseFiles(e.target.files));
$("#bfolder").addEventListener("change", (e) => chooseFiles(e.target.files));
for (const ev of ["dragenter", "dragover"]) $("#bdrop").addEventListener(ev, (e) => { e.preventDefault(); $("#bdrop").classList.add("over"); });
for (const ev of ["dragleave", "drop"]) $("#bdrop").addEventListener(ev, () => $("#bdrop").classList.remove("over"));
$("#bdrop").addEventListener("drop", (e) => { e.preventDefault(); chooseFiles(e.dataTransfer.files); });

$("#batchform").addEventListener("submit", async (e) => {
  e.preventDefault();
  if (!files.length) return formNote("Choose contract PDFs or Word .docx files, a zip or a folder first.", true);
  const form = new FormData();
  for (const f of files) form.append("files", f, f.webkitRelativePath || f.name);  // a folder's files keep their paths
  if ($("#bcats").value.trim()) form.append("categories", $("#bcats").value.trim());
  if ($("#bname").value.trim()) form.append("name", $("#bname").value.trim());
  $("#bsubmit").disabled = true;
  formNote(`Uploading ${files.length} file${files.length === 1 ? "" : "s"}…`);
  try {
    const body = await api("/v1/batches", { method: "POST", body: form });
    formNote("");
    $("#batchform").reset();
    chooseFiles([]);
    go(`?batch=${enc(body.batch_id)}`);
  } catch (exc) {
    formNote(`Not accepted: ${exc.message}`, true);
  } finally {
    $("#bsubmit").disabled = false;
  }
});

// --- one batch: progress by polling ---------------------------------------------------------------
async function openBatch(id) {
  stop();
  loadRecent();
  $("#batch").hidden = !id;
  if (!id) return;
  shown = { id, state: null, grid: null, ended: -1, quiet: 0, timer: 0 };
  $("#btitle").textContent = "Batch";
  $("#bmeta").textContent = "";
  $("#bid").textContent = `batch ${id}`;
  $("#bgrid thead").replaceChildren();
  $("#bgrid tbody").replaceChildren();
  $("#bcategory").replaceChildren(h("option", { value: "" }, "All categories"));
  $("#babsent").checked = $("#bdeviates").checked = false;
  note("Loading…");
  await poll(shown);
}

function stop() {
  if (shown) clearTimeout(shown.timer);
  shown = null;
}

function note(text, isError = false) {
  $("#bnote").replaceChildren(text ? h("span", { class: isError ? "error" : "note" }, text) : "");
}

/** One look at the batch; the grid is fetched again only when a contract has ended since. */
async function poll(b) {
  if (b !== shown) return;
  if ($("#batchview").hidden) return stop();  // the reader left; coming back opens the batch anew
  try {
    const s = await api(`/v1/batches/${enc(b.id)}`);
    if (b !== shown) return;
    b.state = s;
    progress(s);
    const ended = s.done + s.failed;
    b.quiet = ended === b.ended ? b.quiet + 1 : 0;
    if (ended !== b.ended || !b.grid) {
      const grid = await api(`/v1/batches/${enc(b.id)}/grid.json`);
      if (b !== shown) return;
      b.ended = ended;
      b.grid = grid;
      categoryOptions(grid.categories);
      renderGrid();
      note("");
    }
    if (s.status === "done" || (s.status === "cancelled" && (ended >= s.total || b.quiet > QUIET_POLLS))) {
      loadRecent();
      return;
    }
  } catch (exc) {
    note(`The batch cannot be read: ${exc.message}`, true);
    if (exc.status === 404 || exc.status === 401) return;  // retrying will not help
  }
  b.timer = setTimeout(() => poll(b), POLL_MS);
}

function progress(s) {
  const ended = s.done + s.failed;
  $("#btitle").textContent = s.name || "Batch";
  $("#bmeta").textContent = `${new Date(s.created_at * 1000).toLocaleString()} · ${s.categories.length} categor${s.categories.length === 1 ? "y" : "ies"} ·`;
  $("#bprogress").max = Math.max(1, s.total);
  $("#bprogress").value = ended;
  $("#bprogresstext").textContent = `${s.done} of ${s.total} done, ${s.failed} failed`;
  $("#bstatus").textContent = s.status === "running" ? `running ${ended}/${s.total}` : s.status;
  $("#bstatus").className = `badge ${s.status}`;
  $("#bcancel").hidden = s.status !== "running";
}

$("#bcancel").addEventListener("click", async () => {
  if (!shown) return;
  $("#bcancel").disabled = true;
  try {
    progress(await api(`/v1/batches/${enc(shown.id)}`, { method: "DELETE" }));
  } catch (exc) {
    note(`Cancel failed: ${exc.message}`, true);
  } finally {
    $("#bcancel").disabled = false;
  }
});

// --- the grid -------------------------------------------------------------------------------------
function categoryOptions(categories) {
  const select = $("#bcategory");
  const chosen = select.value;
  if (select.options.length === categories.length + 1) return;  // already this batch's
  select.replaceChildren(h("option", { value: "" }, "All categories"), ...categories.map((c) => h("option", { value: c }, c)));
  select.value = categories.includes(chosen) ? chosen : "";
}

/** The categories shown: the one chosen, else all of them. */
function shownCategories() {
  const chosen = $("#bcategory").value;
  return chosen ? [chosen] : shown.grid.categories;
}

/** Whether a row passes the filters, over the categories shown. Rows not done have no cells, so
 * neither filter keeps them. */
function kept(row, cats) {
  const absentOnly = $("#babsent").checked;
  const deviatesOnly = $("#bdeviates").checked;
  if (!absentOnly && !deviatesOnly) return true;
  if (row.status !== "done") return false;
  if (absentOnly && !cats.some((c) => row.cells[c] && !row.cells[c].found)) return false;
  if (deviatesOnly && !cats.some((c) => BAD.has(row.cells[c]?.position))) return false;
  return true;
}

function renderGrid() {
  if (!shown?.grid) return;
  const { rows } = shown.grid;
  const cats = shownCategories();
  $("#bgrid thead").replaceChildren(h("tr", {}, h("th", { class: "file" }, "Contract"), h("th", {}, "Status"),
    cats.map((c) => h("th", { class: "cat", scope: "col", dataset: { category: c } }, c))));
  let visible = 0;
  $("#bgrid tbody").replaceChildren(...rows.map((r) => {
    const keep = kept(r, cats);
    visible += keep;
    return h("tr", { class: r.status, hidden: !keep, dataset: { index: r.index, rid: r.request_id, status: r.status } },
      h("th", { class: "file", scope: "row" }, h("a", { href: reviewHref(r.request_id), onclick: follow }, r.filename || `contract ${r.index + 1}`)),
      h("td", {}, h("span", { class: `badge ${r.status}` }, r.status)),
      r.status === "done" ? cats.map((c) => cell(r, c))
        : h("td", { class: r.status === "failed" ? "rowerror error" : "rowpending note", colspan: cats.length },
          r.status === "failed" ? errorText(r.error) : "not reviewed yet"));
  }));
  $("#bcount").textContent = `showing ${visible} of ${rows.length} contract${rows.length === 1 ? "" : "s"}`;
}

function reviewHref(rid, page) {
  return `/?review=${enc(rid)}${page ? `&page=${page}` : ""}`;
}

/** A plain click opens the review in this page; a click for a new tab is the browser's. */
function follow(e) {
  if (e.button || e.ctrlKey || e.metaKey || e.shiftKey) return;
  e.preventDefault();
  go(e.currentTarget.getAttribute("href"));
}

/** One category of one contract: found (page, position, quote; a link to the review there), or
 * absent ("—", with the playbook's "missing" where a rule requires the clause). */
function cell(row, category) {
  const c = row.cells[category];
  const pos = c?.position ? h("span", { class: `pos ${c.position}`, title: c.rule || "" }, c.position) : null;
  if (!c || !c.found) {
    return h("td", { class: `cell absent ${c?.position || ""}`, dataset: { category } },
      h("span", { class: "dash", title: `No ${category} clause found` }, "—"),
      c?.likely ? [" ", h("span", { class: "check", title: "Contracts like this usually have such a clause, and the model may have missed it" }, "check")] : null,
      c?.disclaimed ? [" ", h("a", { class: "says-none", href: reviewHref(row.request_id, c.disclaimed.page), onclick: follow, title: c.disclaimed.quote }, `says none (p. ${c.disclaimed.page})`)] : null,
      c?.instead?.length ? [" ", h("a", { class: "instead", href: reviewHref(row.request_id, c.instead[0].page), onclick: follow, title: c.instead.map((x) => `p. ${x.page}: ${x.quote}`).join("\n") }, `${c.instead_tag} (p. ${c.instead[0].page})`)] : null,
      pos ? [" ", pos] : null);
  }
  const quote = c.quote.length > QUOTE_CHARS ? `${c.quote.slice(0, QUOTE_CHARS).trimEnd()}…` : c.quote;
  return h("td", { class: `cell found ${c.position || ""}`, dataset: { category, page: c.page ?? "" } },
    h("a", { class: "cellink", href: reviewHref(row.request_id, c.page), onclick: follow },
      h("span", { class: "pg" }, c.page ? `p. ${c.page}` : "found"), pos,
      c.tier === "weak" ? h("span", { class: "weak", title: `A weak match for ${category} (${Math.round(c.confidence * 100)}%): check it` }, "weak") : null,
      c.clauses > 1 ? h("span", { class: "more", title: `${c.clauses} clauses, on pages ${c.pages.join(", ")}` }, `+${c.clauses - 1} more`) : null,
      h("span", { class: "quote", title: c.quote }, quote),
      c.terms.length ? h("span", { class: "terms" }, c.terms.join("; ")) : null));
}

function errorText(error) {
  if (!error) return "failed";
  return error.message ? `${error.message}${error.code ? ` (${error.code})` : ""}` : error.code || "failed";
}

for (const id of ["#bcategory", "#babsent", "#bdeviates"]) $(id).addEventListener("change", renderGrid);

// --- downloads: the key goes in a header, so fetch, then save a blob -------------------------------
async function save(kind, type) {
  if (!shown) return;
  saveAs(await api(`/v1/batches/${enc(shown.id)}/grid.${kind}`), type, `batch-${shown.id.slice(0, 8)}-grid.${kind}`);
}

$("#bcsv").addEventListener("click", () => save("csv", "text/csv").catch((exc) => note(exc.message, true)));
$("#bxlsx").addEventListener("click", () => save("xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet").catch((exc) => note(exc.message, true)));

// --- recent batches -------------------------------------------------------------------------------
async function loadRecent() {
  try {
    const { batches } = await api("/v1/batches");
    $("#batches tbody").replaceChildren(...batches.map((b) => h("tr", {
      class: b.batch_id === shown?.id ? "open" : "",
      dataset: { id: b.batch_id },
      onclick: () => go(`?batch=${enc(b.batch_id)}`),
    }, h("td", {}, b.created_at ? new Date(b.created_at * 1000).toLocaleString() : ""), h("td", {}, b.name || h("span", { class: "note" }, "(no name)")),
      h("td", {}, h("span", { class: `badge ${b.status}` }, b.status)), h("td", { class: "num" }, b.done), h("td", { class: "num" }, b.failed), h("td", { class: "num" }, b.total))));
    $("#batchesnote").textContent = batches.length ? "Click a batch to open its grid." : "No batches yet with this key.";
  } catch (exc) {
    $("#batchesnote").textContent = `Batches unavailable: ${exc.message}`;
  }
}

$("#key").addEventListener("change", () => { if (!$("#batchview").hidden) loadRecent(); });
