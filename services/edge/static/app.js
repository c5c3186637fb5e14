// The review page: upload a contract (a PDF or a Word .docx), follow its review's events (draft,
// commentary, final), show the PDF beside the findings, cancel, ask follow-ups, reopen earlier
// reviews. batch.js adds the batch view on the helpers this module exports.
//
// A Word file is reviewed as the PDF the server converted it to (the `converted` event), so the
// viewer shows that PDF, never the file chosen: page numbers and quotes are the converted PDF's.
//
// Everything from a contract or a question reaches the page as text nodes (h() below), never as
// markup; the Content-Security-Policy forbids inline scripts and styles besides.

export const $ = (sel, root = document) => root.querySelector(sel);

/** An element with attributes and children; strings become text nodes (escaped by construction). */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") el.className = v;
    else if (k === "dataset") Object.assign(el.dataset, v);
    else if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : String(c));
  }
  return el;
}

// For tests and debugging: every event this page rendered, in order ({id, type}).
window.clauseflow = { rendered: [] };

// --- the API key ------------------------------------------------------------------------------
// `make run` prints this page's URL with #key=...: the fragment never leaves the browser; the
// key is kept in this browser's localStorage and sent as a Bearer header.
const KEY = "clauseflow-key";
{
  const fromUrl = new URLSearchParams(location.hash.slice(1)).get("key");
  if (fromUrl) {
    localStorage.setItem(KEY, fromUrl);
    history.replaceState(null, "", location.pathname + location.search);
  }
}
const apiKey = () => localStorage.getItem(KEY) || "";
function showKeyState() {
  $("#key").value = apiKey();
  $("#keystate").textContent = apiKey() ? "API key: set" : "API key: missing";
  $("#keybox").open = !apiKey();
}
$("#key").addEventListener("change", () => { localStorage.setItem(KEY, $("#key").value.trim()); showKeyState(); loadHistory(); });

class ApiError extends Error {
  constructor(status, code, message) { super(message); this.status = status; this.code = code; }
}

/** A call to the edge with the key; an error body {"error": {code, message}} becomes an ApiError. */
export async function api(path, { method = "GET", body, json } = {}) {
  const headers = { Authorization: `Bearer ${apiKey()}` };
  if (json !== undefined) { headers["Content-Type"] = "application/json"; body = JSON.stringify(json); }
  let r;
  try { r = await fetch(path, { method, body, headers }); } catch (exc) { throw new ApiError(0, "network", `the edge cannot be reached (${exc.message})`); }
  const type = r.headers.get("content-type") || "";
  const data = type.includes("json") ? await r.json().catch(() => null) : await r.arrayBuffer();
  if (!r.ok) {
    if (r.status === 401) $("#keybox").open = true;
    throw new ApiError(r.status, data?.error?.code, data?.error?.message || `${r.status} ${r.statusText}`);
  }
  return data;
}

/** Save bytes fetched with the key as a file: a plain link cannot send the key's header. */
export function saveAs(data, type, name) {
  const a = h("a", { href: URL.createObjectURL(new Blob([data], { type })), download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 60_000);
}

/** An error message from the edge as a sentence of its own. */
const sentence = (text) => { const t = String(text).trim(); return t ? `${t[0].toUpperCase()}${t.slice(1)}${/[.?!)]$/.test(t) ? "" : "."}` : ""; };

function notice(text, isError = false) {
  $("#notice").replaceChildren(text ? h("span", { class: isError ? "error" : "" }, text) : "");
}

// Stream tokens (EventSource cannot send a header): the 202 gives one per review; a review
// reopened elsewhere gets a fresh one (POST /v1/reviews/{id}/stream-token).
const tokens = JSON.parse(sessionStorage.getItem("clauseflow-tokens") || "{}");
async function streamToken(id) {
  if (!tokens[id]) tokens[id] = (await api(`/v1/reviews/${encodeURIComponent(id)}/stream-token`, { method: "POST" })).stream_token;
  sessionStorage.setItem("clauseflow-tokens", JSON.stringify(tokens));
  return tokens[id];
}

// --- upload ---------------------------------------------------------------------------------
let chosen = null;
function choose(file) {
  chosen = file || null;
  $("#drop").classList.toggle("chosen", !!chosen);
  $("#dropmsg").textContent = chosen ? `${chosen.name} (${Math.ceil(chosen.size / 1024)} KB) — drop another to replace it` : "Drop a contract PDF or Word .docx here, or choose a file";
}
$("#file").addEventListener("change", (e) => choose(e.target.files[0]));
for (const ev of ["dragenter", "dragover"]) $("#drop").addEventListener(ev, (e) => { e.preventDefault(); $("#drop").classList.add("over"); });
for (const ev of ["dragleave", "drop"]) $("#drop").addEventListener(ev, () => $("#drop").classList.remove("over"));
$("#drop").addEventListener("drop", (e) => { e.preventDefault(); if (e.dataTransfer.files.length) choose(e.dataTransfer.files[0]); });
for (const b of document.querySelectorAll(".example")) b.addEventListener("click", () => { $("#question").value = b.textContent; $("#question").focus(); });

$("#upload").addEventListener("submit", async (e) => {
  e.preventDefault();
  const question = $("#question").value.trim();
  if (!chosen) return notice("Choose a contract PDF or Word .docx first.", true);
  const file = chosen;
  const form = new FormData();
  form.append("file", file, file.name);
  form.append("question", question);
  $("#submit").disabled = true;
  notice("Uploading…");
  try {
    const body = await api("/v1/reviews", { method: "POST", body: form });
    tokens[body.request_id] = body.stream_token;
    sessionStorage.setItem("clauseflow-tokens", JSON.stringify(tokens));
    history.pushState(null, "", `?review=${body.request_id}`);
    notice("");
    openReview(body.request_id, { filename: file.name, question: question || "Review this contract against our playbook.", page_count: body.page_count, format: body.format, file });
  } catch (exc) {
    // A 415 says what to send instead (a .docm, a .doc, RTF): shown whole, under the file's name.
    notice(`${file.name} was not accepted. ${sentence(exc.message)}`, true);
  } finally {
    $("#submit").disabled = false;
  }
});

// --- the PDF beside the findings -------------------------------------------------------------
// PDF.js (web/package-lock.json) renders the pages into the page itself, so a citation can
// scroll to its page and highlight its quote; without it the browser's own viewer shows the
// PDF at #page=N.
class Viewer {
  constructor(el) { this.el = el; this.pages = []; this.pdfjs = null; this.doc = null; this.rendered = new Map(); this.current = 0; this.gen = 0; this.ready = false; }

  /** No document: a message in its place (converting, loading, an error). A page asked for
   * until the next document is in waits for it (a draft can come before a Word file's PDF). */
  clear(message = "", isError = false) {
    this.gen++;
    this.ready = false;
    this.wanted = null;
    this.seen?.disconnect();
    this.rendered.clear();
    this.pages = [];
    this.doc = null;
    this.current = 0;
    delete this.el.dataset.page;
    $("#viewerpage").textContent = "";
    $("#viewerkind").textContent = "";
    this.el.replaceChildren(message ? h("p", { class: isError ? "viewermsg error" : "viewermsg" }, message) : "");
  }

  async load(data) {
    const gen = ++this.gen;  // a later load or clear (another review opened) wins
    this.ready = false;
    try {
      this.pdfjs = this.pdfjs || (await import("/static/pdfjs/build/pdf.min.mjs"));
      this.pdfjs.GlobalWorkerOptions.workerSrc = "/static/pdfjs/build/pdf.worker.min.mjs";
    } catch {
      return this.loadNative(data);
    }
    this.kind = "pdf.js";
    const doc = await this.pdfjs.getDocument({ data, isEvalSupported: false }).promise;
    const first = (await doc.getPage(1)).getViewport({ scale: 1 });
    if (gen !== this.gen) return;
    this.el.replaceChildren();
    this.rendered.clear();
    this.pages = [];
    this.current = 0;
    this.doc = doc;
    $("#viewerkind").textContent = "";
    const width = Math.max(300, this.el.clientWidth - 24);
    this.scale = width / first.width;
    this.seen?.disconnect();
    const seen = new IntersectionObserver((entries) => {
      for (const en of entries) if (en.isIntersecting) this.render(Number(en.target.dataset.page));
    }, { root: this.el, rootMargin: "400px" });
    this.seen = seen;
    for (let n = 1; n <= this.doc.numPages; n++) {
      const page = h("div", { class: "pdfpage", id: `pdf-page-${n}`, dataset: { page: n } }, h("span", { class: "num" }, `p. ${n}`));
      page.style.width = `${width}px`;
      page.style.height = `${first.height * this.scale}px`;
      this.el.append(page);
      this.pages.push(page);
      seen.observe(page);
    }
    $("#viewerpage").textContent = `${this.doc.numPages} pages`;
    this.settle();
  }

  loadNative(data) {
    this.kind = "native";
    if (this.url) URL.revokeObjectURL(this.url);
    this.url = URL.createObjectURL(new Blob([data], { type: "application/pdf" }));
    $("#viewerkind").textContent = "(the browser's PDF viewer)";
    this.wanted = this.wanted || [1, ""];
    this.settle();
  }

  /** The document is in: go where the reader was sent meanwhile. */
  settle() {
    this.ready = true;
    const wanted = this.wanted;
    this.wanted = null;
    if (wanted) this.show(...wanted);
  }

  render(n) {
    if (!this.rendered.has(n)) this.rendered.set(n, this.draw(n));
    return this.rendered.get(n);
  }

  async draw(n) {
    const page = await this.doc.getPage(n);
    const viewport = page.getViewport({ scale: this.scale });
    const box = this.pages[n - 1];
    box.style.height = `${viewport.height}px`;
    box.style.setProperty("--scale-factor", String(viewport.scale));
    const ratio = window.devicePixelRatio || 1;
    const canvas = h("canvas", { width: Math.floor(viewport.width * ratio), height: Math.floor(viewport.height * ratio) });
    const text = h("div", { class: "textLayer" });
    box.prepend(canvas, text);
    await page.render({ canvasContext: canvas.getContext("2d"), viewport, transform: ratio !== 1 ? [ratio, 0, 0, ratio, 0, 0] : null }).promise;
    await new this.pdfjs.TextLayer({ textContentSource: page.streamTextContent(), container: text, viewport }).render();
  }

  /** Scroll to page n and highlight the quote on it (where the viewer can). */
  async show(n, quote = "") {
    if (!this.ready) { this.wanted = [n, quote]; return; }
    n = Math.max(1, Math.min(n, this.kind === "native" ? n : this.pages.length));
    this.current = n;
    this.el.dataset.page = String(n);
    $("#viewerpage").textContent = `page ${n}${this.doc ? ` of ${this.doc.numPages}` : ""}`;
    if (this.kind === "native") {  // a new object: the viewer reads #page only when it loads
      this.el.replaceChildren(h("object", { type: "application/pdf", data: `${this.url}#page=${n}` }));
      return;
    }
    for (const p of this.el.querySelectorAll(".pdfpage.current")) p.classList.remove("current");
    const box = this.pages[n - 1];
    if (!box) return;
    box.classList.add("current");
    this.scrollTo(box, 8);
    await this.render(n);
    this.highlight(box, quote);
  }

  /** Scroll the viewer (only the viewer, not the page around it) so that ``el`` is ``margin``
   * pixels below its top. */
  scrollTo(el, margin) {
    this.el.scrollTop += el.getBoundingClientRect().top - this.el.getBoundingClientRect().top - margin;
  }

  /** Mark the text-layer spans that hold the quote, matched on letters and digits only
   * (the PDF's own text layer and our extracted text differ in spaces and line breaks). */
  highlight(box, quote) {
    for (const s of this.el.querySelectorAll("span.hl")) s.classList.remove("hl");
    const norm = (s) => s.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");
    const want = norm(quote);
    if (!want) return;
    const spans = [...box.querySelectorAll(".textLayer span")].filter((s) => !s.children.length);
    let all = "";
    const owner = [];
    spans.forEach((s, i) => { const t = norm(s.textContent); all += t; for (let k = 0; k < t.length; k++) owner.push(i); });
    for (const len of [want.length, 160, 80, 40]) {
      const at = all.indexOf(want.slice(0, len));
      if (len > want.length || at < 0) continue;
      const end = Math.min(at + want.length, all.length) - 1;
      for (let i = owner[at]; i <= owner[end]; i++) spans[i].classList.add("hl");
      this.scrollTo(box.querySelector("span.hl"), this.el.clientHeight / 3);
      return;
    }
  }
}
const viewer = new Viewer($("#viewer"));
window.clauseflow.viewer = viewer;

/** A link to a page of the PDF (and a quote on it): clicking moves the viewer there. */
function cite(page, quote, label) {
  return h("a", {
    class: "cite", href: `#page=${page}`, dataset: { page, quote: quote || "" },
    onclick: (e) => {
      e.preventDefault();
      for (const a of document.querySelectorAll("a.cite.current")) a.classList.remove("current");
      e.currentTarget.classList.add("current");
      viewer.show(page, quote);
    },
  }, label || `p. ${page}`);
}

/** The rest of a clause that runs over a page break, quoted on the next page. */
function rest(q) {
  return q.continues ? [h("p", { class: "note" }, "continues on ", cite(q.continues.page, q.continues.quote)), h("blockquote", {}, q.continues.quote)] : null;
}

// --- one review's events -------------------------------------------------------------------
const STAGES = [["convert", "From Word"], ["summarize", "Read pages"], ["ocr", "Read scans"], ["locate", "Find clauses"], ["draft", "Draft"], ["analyse", "Analysis"], ["final", "Checked final"]];
let current = null;

class Review {
  constructor(id, meta, page = 0) {
    this.id = id;
    this.meta = meta;
    this.page = page;
    this.pageQuote = "";
    this.pdfReady = false;
    this.pdfAsked = false;
    this.format = meta.format || "pdf";
    this.conversion = meta.conversion || null;  // a Word file's, from the review's state or the `converted` event
    this.pageCount = meta.page_count || null;
    this.seen = new Set();
    this.lastId = null;
    this.es = null;
    this.over = false;
    this.retry = 0;
    this.streamed = 0;
  }

  async start() {
    $("#review").hidden = false;
    $("#newreview").open = false;
    $("#rfile").textContent = this.meta.filename || "(no file name)";
    $("#rquestion").textContent = this.meta.question || "";
    $("#rpages").textContent = this.pagesLine();
    $("#rid").textContent = `review ${this.id}`;
    $("#draft").replaceChildren();
    $("#final").replaceChildren();
    $("#stream").hidden = true;
    $("#streamtext").textContent = "";
    $("#stages").replaceChildren(...STAGES.map(([key, label]) => h("li", { id: `stage-${key}`, hidden: key === "ocr" || key === "convert" },
      h("span", {}, label), h("progress", { max: 1, value: 0 }), h("span", { class: "note" }, "waiting"))));
    if (this.format === "docx") this.stage("convert", this.conversion ? 1 : null, 1, this.conversion ? "done" : "converting…");
    this.showConversion();
    this.status("accepted");
    $("#cancel").hidden = false;
    $("#cancel").disabled = false;
    $("#cancel").onclick = () => this.cancel();
    this.loadPdf();
    this.token = await streamToken(this.id);
    this.connect();
  }

  /** The PDF beside the findings: a PDF from the file chosen (no round trip), else the edge's
   * copy; a Word file's only once converted (the `converted` event calls this again). */
  async loadPdf() {
    $("main").classList.remove("noviewer");
    $("#right").hidden = false;
    if (this.format === "docx" && !this.conversion) return viewer.clear("Converting from Word…");
    this.pdfAsked = true;
    const local = this.meta.file && this.format !== "docx";
    viewer.clear(local ? "" : "Loading the PDF…");
    try {
      const data = local ? await this.meta.file.arrayBuffer() : await api(`/v1/reviews/${encodeURIComponent(this.id)}/pdf`);
      if (this !== current) return;
      await viewer.load(data);
      this.pdfReady = true;
      this.land();
    } catch (exc) {
      if (this !== current) return;
      if (exc.code === "not_converted") {  // opened before its `converted` event: wait for it
        this.format = "docx";
        this.pdfAsked = false;
        return viewer.clear("Converting from Word…");
      }
      viewer.clear(`The PDF cannot be shown: ${exc.message}`, true);
    }
  }

  /** "N pages ·" under the file name; a Word file says it was converted, or is being. */
  pagesLine() {
    if (this.format === "docx" && !this.conversion) return "Converting from Word… ·";
    const n = this.conversion?.page_count || this.pageCount;
    return n ? `${n} page${n === 1 ? "" : "s"}${this.format === "docx" ? ", converted from Word" : ""} ·` : "";
  }

  converted(d) {
    this.format = "docx";
    this.conversion = d;
    this.pageCount = d.page_count;
    $("#rpages").textContent = this.pagesLine();
    this.stage("convert", 1, 1, `done (${Number(d.seconds).toFixed(1)} s)`);
    this.showConversion();
    if (!this.pdfAsked) this.loadPdf();
  }

  /** Above the document, what a lawyer must know about a Word file's review: the text reviewed
   * is the converted PDF's, with every tracked change accepted and comments left out. */
  showConversion() {
    const box = $("#conversion");
    const c = this.conversion;
    box.hidden = !c;
    box.classList.toggle("tracked", !!c?.tracked_changes);
    if (!c) return box.replaceChildren();
    const { warning, facts } = conversionWords(c);
    const name = this.meta.filename || "contract.docx";
    // replaceChildren, unlike h(), would show a null as the text "null": leave the warning out instead.
    box.replaceChildren(...[
      warning ? h("p", { class: "warn" }, h("span", { class: "icon", "aria-hidden": "true" }, "⚠"), " ", h("b", {}, warning[0]), " ", warning[1]) : null,
      h("p", {}, facts, " ", h("a", {
        id: "original", href: `/v1/reviews/${encodeURIComponent(this.id)}/original`,
        onclick: (e) => { e.preventDefault(); downloadOriginal(this.id, name).catch((exc) => notice(`The original cannot be downloaded: ${exc.message}`, true)); },
      }, "Download the original (.docx)"))].filter(Boolean));
  }

  status(text, cls = "") {
    $("#rstatus").textContent = text;
    $("#rstatus").className = `badge ${cls}`;
  }

  stage(key, value, max, note) {
    const li = $(`#stage-${key}`);
    if (!li) return;
    li.hidden = false;  // the OCR row shows only for scanned documents
    const bar = li.querySelector("progress");
    if (value === null) bar.removeAttribute("value");
    else { bar.max = max; bar.value = value; }
    const done = value !== null && value >= max;
    li.lastChild.textContent = note || (done ? "done" : `${value}/${max}`);
    li.lastChild.className = done ? "note done" : "note";
  }

  connect() {
    const after = this.lastId ? `&after=${encodeURIComponent(this.lastId)}` : "";
    const es = new EventSource(`/v1/reviews/${encodeURIComponent(this.id)}/events?token=${encodeURIComponent(this.token)}${after}`);
    this.es = es;
    const on = (type, fn) => es.addEventListener(type, (m) => {
      if (!(m instanceof MessageEvent) || !m.data) return;  // EventSource's own "error" (network)
      if (this !== current || this.seen.has(m.lastEventId)) return;  // never twice on screen
      this.seen.add(m.lastEventId);
      this.lastId = m.lastEventId;
      this.retry = 0;
      window.clauseflow.rendered.push({ id: m.lastEventId, type });
      fn(JSON.parse(m.data));
    });
    on("accepted", (d) => {
      this.format = d.format || this.format;
      this.pageCount = d.page_count ?? this.pageCount;
      $("#rpages").textContent = this.pagesLine();
      this.status("running");
    });
    on("converted", (d) => this.converted(d));
    on("progress", (d) => this.stage(d.stage, d.done, d.total));
    on("draft", (d) => this.draft(d));
    on("draft_expired", () => this.draftExpired());
    on("delta", (d) => this.delta(d));
    on("final", (d) => this.final(d));
    on("error", (d) => this.end(`failed: ${d.message}`, "failed"));
    on("cancelled", (d) => this.end("cancelled", "cancelled", d.reason));
    es.addEventListener("open", () => { if (!this.over && $("#rstatus").textContent === "reconnecting…") this.status("running"); });
    es.addEventListener("error", (m) => {
      if (m instanceof MessageEvent || this.over) return;
      this.status("reconnecting…", "reconnecting");
      if (es.readyState === EventSource.CLOSED) {  // the browser gave up (e.g. a 5xx): try again, resuming
        const wait = Math.min(10000, 500 * 2 ** this.retry++);
        setTimeout(() => { if (this === current && !this.over) this.connect(); }, wait);
      }  // else the browser reconnects by itself, sending Last-Event-ID
    });
  }

  close() { this.over = true; this.es?.close(); $("#cancel").hidden = true; }

  end(text, cls, detail) {
    this.close();
    this.status(text, cls);
    if (detail) $("#draft").append(h("p", { class: "note" }, detail));
    loadHistory();
  }

  async cancel() {
    $("#cancel").disabled = true;
    this.status("cancelling…");
    try { await api(`/v1/reviews/${encodeURIComponent(this.id)}`, { method: "DELETE" }); } catch (exc) { notice(`Cancel failed: ${exc.message}`, true); $("#cancel").disabled = false; }
  }

  draft(d) {
    this.stage("draft", 1, 1);
    const box = h("div", { class: "draft", id: "draftbox" }, h("span", { class: "mark" }, "DRAFT"),
      h("p", { class: "note" }, "Quoted from the PDF while the analysis runs; the checked final replaces it."),
      h("h3", {}, "Pages"),
      h("ul", {}, d.pages.map((p) => h("li", {}, cite(p.page, "", `p. ${p.page}`), ` (${p.score.toFixed(2)}) `, p.summary))),
      d.evidence.length ? [h("h3", {}, "Quoted clauses"), d.evidence.map((q) => h("div", {}, h("b", {}, q.category), " · ", cite(q.page, q.quote), sureness(q), h("blockquote", {}, q.quote), rest(q)))] : null,
      d.figures.length ? [h("h3", {}, "Figures"), h("ul", {}, d.figures.map((f) => h("li", {}, `${f.role || f.kind}: `, h("b", {}, f.text), f.category ? ` (${f.category}) ` : " ", cite(f.page, f.text))))] : null,
      d.questions.length ? [h("h3", {}, "Open questions"), h("ul", {}, d.questions.map((q) => h("li", {}, q)))] : null);
    $("#draft").replaceChildren(box);
    if (this.page) this.land();
    else if (d.evidence.length) viewer.show(d.evidence[0].page, d.evidence[0].quote);
    else if (d.pages.length) viewer.show(d.pages[0].page);
  }

  draftExpired() {
    $("#draft").replaceChildren(h("div", { class: "draft expired" }, h("p", {}, h("i", {}, "Still analysing…"), " (the draft was withdrawn: no final arrived in time)")));
  }

  delta(d) {
    $("#stream").hidden = false;
    if (d.reset) { $("#streamtext").textContent = ""; this.streamed = 0; }
    $("#streamtext").append(d.text);
    this.streamed += d.text.length;
    this.stage("analyse", null, 1, `${this.streamed} characters`);
  }

  final(d) {
    const batch = d.mode === "batch";  // a batch's contract: every page by the clause model; no locate, no draft, no LLM
    for (const [key] of STAGES) {
      if (batch && ["locate", "draft"].includes(key)) $(`#stage-${key}`).hidden = true;
      else if (!["convert", "summarize", "ocr", "locate"].includes(key)) this.stage(key, 1, 1, batch && key === "analyse" ? "clause model, no LLM (batch)" : "");
    }
    $("#draft").replaceChildren();
    $("#stream").hidden = true;
    $("#final").replaceChildren(renderFinal(this.id, d));
    this.end("done", "done");
    this.pageQuote = d.findings.find((f) => f.page === this.page)?.quote || "";
    this.land(true);
  }

  /** ?page=n: the viewer goes to page n once the PDF is in, whichever of the PDF, the draft and
   * the final comes last (a draft would otherwise move it to its own first quote). After the
   * final it lets go, so the reader's own clicks are not undone. */
  land(last = false) {
    if (!this.page || this !== current) return;
    if (this.pdfReady) viewer.show(this.page, this.pageQuote);
    if (last && this.pdfReady) this.page = 0;
  }
}

/** Open a review; ``page`` (from ?page=n, a batch grid's cell) is where the viewer lands. */
export async function openReview(id, meta, page = 0) {
  current?.close();
  current = new Review(id, meta, page);
  try {
    await current.start();
  } catch (exc) {
    current.status("cannot follow", "failed");
    notice(exc.message, true);
  }
  markHistory();
}

// How likely a card is the clause, in words and as a share (a raw score means little: thresholds
// differ by category). Without a confidence (an older final), the score as before.
const SURE = { likely: "likely the clause", possible: "possibly the clause", weak: "weak match: check it" };
const WEAK = "Weak matches: on contracts the model did not learn from, fewer than 3 in 10 cards this unsure were the clause.";

function sureness(f) {
  if (f.confidence === undefined || f.confidence === null) return f.score !== undefined ? h("span", { class: "src" }, ` · score ${f.score}`) : null;
  return h("span", { class: `sure ${f.tier}`, title: `On contracts the model did not learn from, cards this sure were the clause about ${Math.round(f.confidence * 100)}% of the time (score ${f.score}).` },
    sureWords(f));
}

const sureWords = (f) => ` · ${SURE[f.tier] || f.tier} (${Math.round(f.confidence * 100)}%)`;

function alsoSure(f, category) {  // " (weak match)" after a card's other category it is only a weak match for
  const c = f.confidences?.find((x) => x.category === category);
  return c ? ` (${c.tier === "weak" ? "weak match" : c.tier}, ${Math.round(c.confidence * 100)}%)` : "";
}

// --- the final --------------------------------------------------------------------------------
// A question that names no clause category (the summary has no row): nothing was looked for, which is no finding that nothing is there.
const NONE_ASKED = "The question names no clause category this review reads, so no clause was looked for and none is listed: that is no sign the contract lacks one.";
const WORDS_ONLY = " The citations below are the located pages' passages that share the question's words, each found on its page of the PDF: word matches, not findings.";

const LIKELY = "Check this one: contracts like this usually have such a clause, and the model may have missed it.";

function renderFinal(id, d) {
  const groups = new Map();
  d.findings.forEach((f, i) => { if (!groups.has(f.category)) groups.set(f.category, []); groups.get(f.category).push([f, i]); });
  return h("div", { class: "final" },
    h("p", { class: "actions" },
      h("button", { type: "button", id: "report", onclick: () => showReport(id).catch((exc) => notice(exc.message, true)) }, "Report to print"), " ",
      h("a", { href: "#", onclick: (e) => { e.preventDefault(); download(id).catch((exc) => notice(exc.message, true)); } }, "report.csv")),
    summaryTable(d.summary, d.absent),
    playbookSummary(d.playbook),
    h("h3", {}, `Findings (${d.findings.length})`),
    d.summary?.length ? null : h("p", { class: "note none-asked" }, NONE_ASKED, d.citations.length ? WORDS_ONLY : ""),
    d.cached ? h("p", { class: "note" }, "Replayed: this question was answered before on this document; no model call.") : null,
    [...groups].map(([category, items]) => h("div", { class: "category" }, h("h3", {}, category),
      items.map(([f, i], k) => [f.tier === "weak" && items[k - 1]?.[0].tier !== "weak" ? h("p", { class: "weakhead" }, WEAK) : null, h("div", { class: "finding", dataset: { index: i } },
        cite(f.page, f.quote), sureness(f),
        f.categories?.length > 1 ? h("p", { class: "also" }, "Also: ", f.categories.filter((c) => c !== category).map((c) => c + alsoSure(f, c)).join(", ")) : null,
        h("blockquote", {}, f.quote),
        rest(f),
        f.terms?.length ? h("p", { class: "terms" }, "Terms: ", f.terms.map((t, k) => [k ? " · " : "", `${t.name.replaceAll("_", " ")}: `,
          t.stated === true ? [h("b", {}, t.text), t.redacted ? " (redacted in the contract as filed)" : null] : t.stated === false ? (t.open_ended ? ["none: it runs with no fixed end (“", h("b", {}, t.open_ended), "”)"] : "not stated in this clause") : t.beside ? "not in this clause's own words; the text beside it states one" : "no value read from this clause (check it)"])) : null,
        // the worst of the card's positions may be another of its categories' ("Also: Uncapped Liability"): it is named
        f.position ? position(f.position, Boolean(f.position.category) && f.position.category !== category) : null,
        f.risk ? h("p", { class: "risk" }, h("b", {}, "Risk: "), f.risk, f.risk_source ? h("span", { class: "src" }, ` (${f.risk_source})`) : null) : null,
        f.facts?.length ? h("p", { class: "facts" }, "Built from: ", f.facts.map((x, k) => [k ? " · " : "", `${x.kind}: `, h("b", {}, x.text)])) : null,
        followupBox(id, i))]))),
    d.absent?.length ? [h("h3", {}, "Asked for, not found"), h("ul", {}, d.absent.map((a) => h("li", { class: "absent" }, `No ${a.category} clause found (${a.searched_pages} pages searched).`, disclaimed(a), given(a), a.likely ? h("span", { class: "likely" }, ` ${LIKELY}`) : null)))] : null,
    unaskedList(d.unasked, "h3", true),
    d.commentary ? narrative({ ...d.commentary, narrative: d.commentary.sentences }) : null,
    h("h3", {}, "Citations"),
    h("p", { class: "note" }, `${d.citations.length} checked against the ${current?.id === id && current.format === "docx" ? "converted " : ""}PDF, ${d.citations_rejected} rejected (not on the page they named).`),
    h("ul", {}, d.citations.map((c) => h("li", {}, cite(c.page, c.quote), " ", c.quote.length > 160 && d.summary?.length ? `${c.quote.slice(0, 160)}…` : c.quote))),  // word matches are read whole
    costTable(d));
}

/** The parts of the question no asked category answers: nothing was looked for on their account,
 * so a reader must not take the silence for the contract's (a final from before lists none). On the
 * page (not the printed report) each has a button that puts it in the question box, to ask it alone. */
function unaskedList(parts, tag, askable = false) {
  if (!parts?.length) return null;
  const ask = (u) => { $("#question").value = /[?.!]$/.test(u.part) ? u.part : `${u.part}?`; $("#question").scrollIntoView({ block: "center" }); $("#question").focus(); };
  return [h(tag, {}, "Parts of the question not checked"),
    h("ul", {}, parts.map((u) => h("li", { class: "unasked" }, h("q", {}, u.part),
      u.suggest?.length ? `: read on its own it may ask about ${u.suggest.join(" or ")}; ask it on its own to have it checked.` : ": it matched no clause category this review checks; no clause was looked for.",
      askable ? [" ", h("button", { type: "button", class: "ask-part", onclick: () => ask(u) }, "Ask it on its own")] : null)))];
}

// A position against the playbook, in words and with an icon (not by colour alone).
const STATUS = { meets: ["✓", "Meets the playbook"], deviates: ["✗", "Deviates from the playbook"], unknown: ["?", "Not decided (a term the rule needs was not read as a value it can check)"] };

function position(p, withCategory = false) {
  const [icon, said] = STATUS[p.status] || ["?", p.status];
  const words = p.status === "unknown" && p.why ? `Not decided: ${p.why}` : said;  // why, where the final says (finals from before say nothing)
  return h("p", { class: `position ${p.status}` }, h("span", { class: "icon", "aria-hidden": "true" }, icon), " ",
    h("b", {}, withCategory ? `${p.category}: ${words[0].toLowerCase()}${words.slice(1)}` : words), `. Rule: ${p.rule}`,
    p.quotes?.length ? [". Decided on: ", p.quotes.map((q, k) => [k ? " · " : "", h("q", {}, q)])] : null,
    // the other side's right or cap is another clause: together they bind both parties
    p.jointly ? [`; with p. ${p.jointly.page}: `, h("q", {}, p.jointly.quote), " (together they bind both parties)"] : null,
    // the one side it favours is the asker's ("We're the customer"): its own right or cap
    p.ours ? ` (the right or the cap is yours: you asked as ${p.ours})` : null,
    p.missing ? `. ${p.missing}` : null);
}

/** The report to hand on (report.json): shown in #printable, which is all the print style shows,
 * so the browser's "Save as PDF" gives a clean document. */
async function showReport(id) {
  const r = await api(`/v1/reviews/${id}/report.json`);
  const pb = r.playbook;
  const devs = pb?.deviations || [];
  $("#printable").replaceChildren(h("div", {},  // h() flattens the lists; replaceChildren would not
    h("h1", {}, `Contract review: ${r.file || r.request_id}`),
    h("p", {}, `Question: ${r.question}`),
    h("p", { class: "note" }, `Uploaded ${r.reviewed_at.replace("T", " ").replace("+00:00", " UTC")}; ${r.pages} pages; review ${r.request_id}.`,
      pb ? ` Checked against ${pb.name}, version ${pb.version}.` : ""),
    reportConversion(id),
    summaryTable(r.summary, r.absent),
    h("h2", {}, `Deviations (${devs.length})`),
    devs.length ? h("ul", {}, devs.map((dv) => h("li", {}, position(dv, true), dv.page ? ` (page ${dv.page})` : "", weakDeviation(dv)))) : h("p", {}, "None."),
    h("h2", {}, `Findings (${r.findings.length})`),
    r.summary?.length ? null : h("p", {}, NONE_ASKED),
    r.findings.map((f) => h("div", { class: "finding" },
      h("h3", {}, `${f.categories.join(", ")}, page ${f.page}${f.continues ? `–${f.continues.page}` : ""}`, f.confidence != null ? h("span", { class: `sure ${f.tier}` }, sureWords(f)) : null),
      h("blockquote", {}, f.quote, f.continues ? ` ${f.continues.quote}` : ""),
      f.terms?.filter((t) => t.stated === true).length ? h("p", {}, "Terms: ", f.terms.filter((t) => t.stated === true).map((t) => `${t.name.replaceAll("_", " ")}: ${t.text}${t.redacted ? " (redacted)" : ""}`).join("; ")) : null,
      f.position ? position(f.position, f.categories.length > 1) : null)),
    r.absent.length ? [h("h2", {}, "Asked for, not found"), h("ul", {}, r.absent.map((a) => h("li", {}, `No ${a.category} clause (${a.searched_pages} pages searched).`, disclaimed(a), given(a), a.likely ? ` ${LIKELY}` : "")))] : null,
    unaskedList(r.unasked, "h2"),
    h("p", { class: "note" }, "Findings and positions come from the clause model and the playbook, not from an LLM; every quote occurs on its page."),
    h("p", { class: "screen-only" }, h("button", { type: "button", onclick: () => window.print() }, "Print"), " ",
      h("button", { type: "button", onclick: () => { $("#printable").hidden = true; } }, "Close"))));
  $("#printable").hidden = false;
  $("#printable").scrollIntoView();
}

async function download(id) {
  saveAs(await api(`/v1/reviews/${id}/report.csv`), "text/csv", `${id}-review.csv`);
}

const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

/** The Word file as uploaded, before it was converted and its changes accepted. */
async function downloadOriginal(id, name) {
  saveAs(await api(`/v1/reviews/${encodeURIComponent(id)}/original`), DOCX, name);
}

/** A Word file's conversion in words: the warning a lawyer must not miss (tracked changes
 * accepted), as a bold head and its tail, or null; then the rest of what was done to it. */
function conversionWords(c) {
  const count = (k, one, many) => `${k} ${k === 1 ? one : many}`;
  const warning = c.tracked_changes
    ? [`${count(c.tracked_changes, "tracked change", "tracked changes")} accepted:`,
      "the text reviewed reads as if every change were accepted. Open the original in Word to see what was changed."]
    : null;
  const facts = [
    `Converted from Word by ${c.converter} — page numbers are the converted PDF's.`,
    c.tracked_changes ? null : "No tracked changes.",
    c.comments ? `${count(c.comments, "comment", "comments")} left out (comments are not contract text).` : null,
    c.external_links_dropped ? `${count(c.external_links_dropped, "link", "links")} to outside the file dropped.` : null,
  ].filter(Boolean).join(" ");
  return { warning, facts };
}

/** The report of a Word file says what the review of the open one says above its document
 * (report.json does not carry the conversion). */
function reportConversion(id) {
  const c = current?.id === id ? current.conversion : null;
  if (!c) return null;
  const { warning, facts } = conversionWords(c);
  return h("p", { class: warning ? "conversion tracked" : "conversion" }, warning ? [h("b", {}, warning[0]), " ", warning[1], " "] : null, facts);
}

/** An absence the contract states itself ("No third party is intended to be ... a third party beneficiary"): its words, cited. */
function disclaimed(a) {
  const d = a.disclaimed;
  return d ? [" The contract says there is none (", cite(d.page, d.quote, `p. ${d.page}`), "): ", h("q", { class: "disclaimed" }, d.quote)] : null;
}

/** A long quote shown at both ends, the middle left out: what a right is given on often comes first and the right itself last
 * ("9.3 If the Company fails to perform within 30 days … then the Principal may … terminate this Contract": CHAPARRAL, CUAD
 * train, read on the final page, where the first 240 characters ended before the right); one that begins mid-sentence opens with
 * "…". The whole quote is its title. */
function clipped(quote, most = 240) {
  const lead = /^[a-z]/.test(quote) ? "… " : "";  // the rest of a sentence begun on the page before ("proceed promptly after …": SYKES)
  if (quote.length <= most) return lead + quote;
  const head = quote.slice(0, Math.round(most * 0.6)).replace(/\s+\S*$/, "");
  const tail = quote.slice(quote.length - Math.round(most * 0.4)).replace(/^\S*\s+/, "");
  return `${lead}${head} … ${tail}`;
}

/** What the contract gives in the category's place (for an absent termination for convenience, its rights to terminate for cause;
 * for an absent exclusivity, its non-exclusive grants), cited. A final of version 6 named no words: they were for cause. */
function given(a) {
  return a.instead?.length ? [` It gives ${a.instead_what || "rights to terminate for cause"} instead: `, a.instead.map((c, k) => [k ? "; " : "", cite(c.page, c.quote, `p. ${c.page}`), " ",
    h("q", { class: "instead", title: c.quote }, clipped(c.quote))])] : null;
}

/** The review at a glance: one row per asked category, deviations first (the server orders them). */
function summaryTable(rows, absent = []) {
  if (!rows?.length) return null;
  const check = new Set((absent || []).filter((a) => a.likely).map((a) => a.category));
  const said = new Set((absent || []).filter((a) => a.disclaimed).map((a) => a.category));
  // an absent termination for convenience whose contract gives rights to terminate for cause (an absent exclusivity, non-exclusive grants): the row says so and cites their pages
  const instead = new Map((absent || []).filter((a) => a.instead?.length).map((a) => [a.category, [...new Set(a.instead.map((c) => c.page))].sort((x, y) => x - y)]));
  const insteadTag = new Map((absent || []).filter((a) => a.instead?.length).map((a) => [a.category, a.instead_tag || "for cause only"]));
  const status = (r) => {
    if (!r.status) return "no rule";
    if (r.status === "missing") return [h("span", { class: "icon", "aria-hidden": "true" }, "✗"), " missing (required)"];
    if (r.status === "unknown" && r.why) return [h("span", { class: "icon", "aria-hidden": "true" }, "?"), ` not decided: ${r.why}`];
    const [icon, words] = STATUS[r.status];
    return [h("span", { class: "icon", "aria-hidden": "true" }, icon), " ", words.replace(" from the playbook", "").replace(" the playbook", "").toLowerCase()];
  };
  return h("div", { class: "summary" },
    h("h3", {}, "Summary"),
    h("table", {},
      h("thead", {}, h("tr", {}, ["Category", "Found", "Pages", "Key terms", "Playbook"].map((c) => h("th", {}, c)))),
      h("tbody", {}, rows.map((r) => h("tr", { class: `row ${r.status || "none"}` },
        h("td", {}, r.category),
        h("td", {}, r.found ? `${r.found} clause${r.found === 1 ? "" : "s"}${r.weak ? (r.weak === r.found && r.found === 1 ? " (a weak match)" : ` (${r.weak} weak)`) : ""}` : said.has(r.category) ? "none (the contract says so)" : instead.has(r.category) ? `absent (${insteadTag.get(r.category)})` : "absent",
          !r.found && check.has(r.category) ? [" ", h("span", { class: "likely", title: LIKELY }, "(check)")] : null),
        h("td", {}, (r.pages.length ? r.pages : instead.get(r.category) || []).map((p, k) => [k ? ", " : "", cite(p, "", String(p))])),
        h("td", {}, r.terms.join("; ")),
        h("td", { class: "position " + (r.status || ""), title: r.rule || "" }, status(r),
          r.weak_deviates?.length ? [h("br"), `a weak match (p. ${r.weak_deviates.join(", ")}) deviates: check it`] : null))))));
}

/** Deviations first: what the findings were checked against, and every deviation with its page. */
function playbookSummary(pb) {
  if (!pb) return null;
  const devs = pb.deviations || [];
  return h("div", { class: "playbook" },
    h("h3", {}, `Against the playbook: ${devs.length} deviation${devs.length === 1 ? "" : "s"}`),
    h("p", { class: "note" }, `${pb.name}, version ${pb.version}; ${pb.checked} finding${pb.checked === 1 ? "" : "s"} checked.`),
    devs.length ? h("ul", {}, devs.map((dv) => h("li", {}, position(dv, true), dv.page ? cite(dv.page, dv.quotes?.[0] || "", `p. ${dv.page}`) : null, weakDeviation(dv), explanation(dv.explanation)))) : null);
}

// A deviation of a clause that is only a weak match for the category: to check before acting on it.
function weakDeviation(dv) {
  return dv.tier === "weak" ? h("span", { class: "sure weak" }, ` · the clause is a weak match for ${dv.category} (${Math.round(dv.confidence * 100)}%): check it`) : null;
}

/** The model's sentence on a deviation, beside the position and never instead of it: marked
 * unverified unless its quote was found on the page it names. */
function explanation(x) {
  if (!x?.text) return null;
  return h("p", { class: "explanation" }, h("span", { class: "src" }, `${x.model}: `),
    h("span", { class: x.grounded ? "grounded" : "unverified", title: x.grounded ? "quote found on its page" : "unverified: no citation that holds" }, x.text),
    x.grounded ? null : h("span", { class: "src" }, " (unverified)"));
}

/** The model's text (a final's commentary, a follow-up's answer), sentence by sentence: grounded
 * sentences (a citation found on its page) read normally, the rest look unverified; all of it is
 * folded away when nothing is grounded. Never shown as the review's answer. */
function narrative(d) {
  const sentences = d.narrative || [];
  if (!sentences.length) return null;
  const grounded = sentences.some((s) => s.grounded);
  const body = h("div", { class: "answer" }, sentences.map((s) => [
    h("span", { class: s.grounded ? "grounded" : "unverified", title: s.grounded ? "quote found on its page" : "unverified: no citation that holds" }, s.text),
    s.grounded && s.citation ? [" ", cite(s.citation.page, s.citation.quote)] : null, " "]));
  const tiny = d.model?.startsWith("smollm2") ? h("p", { class: "note" }, `${d.model} is a very small local model: its commentary is often wrong.`) : null;
  const title = `Model commentary (${d.model || "model"}${grounded ? "" : ", unverified"})`;
  return grounded ? [h("h3", {}, title), body, tiny] : h("details", {}, h("summary", {}, title), body, tiny);
}

function costTable(d) {
  const cost = d.cost || {};
  const stages = cost.stages_usd || {};
  const t = d.timings || {};
  const usd = (x) => (x === undefined || x === null ? "" : `$${Number(x).toFixed(6)}`);
  const saving = cost.saving_usd ?? d.saving_usd;
  const whole = cost.whole_document_usd ?? d.whole_document_usd;
  return h("div", { id: "cost" }, h("h3", {}, "What this review cost"),
    h("table", {}, h("thead", {}, h("tr", {}, h("th", {}, "Stage"), h("th", { class: "num" }, "Time (ms)"), h("th", { class: "num" }, "CPU (ms)"), h("th", { class: "num" }, "Cost"))),
      h("tbody", {}, Object.keys({ ...t, ...stages }).map((s) => h("tr", {}, h("td", {}, s), h("td", { class: "num" }, t[s] ? Math.round(t[s].total_ms) : ""),
        h("td", { class: "num" }, t[s] ? Math.round(t[s].cpu_ms) : ""), h("td", { class: "num" }, usd(stages[s])))),
      h("tr", {}, h("td", {}, `tokens (${d.usage?.prompt_tokens ?? 0} in, ${d.usage?.completion_tokens ?? 0} out)`), h("td", {}), h("td", {}), h("td", { class: "num" }, usd(cost.tokens_usd))),
      h("tr", {}, h("th", {}, "Total"), h("td", {}), h("td", {}), h("th", { class: "num" }, usd(cost.total_usd))))),
    saving !== undefined && saving !== null
      ? h("p", {}, saving >= 0
        ? `Saved ${usd(saving)}${cost.saving_pct != null ? ` (${cost.saving_pct}%)` : ""} against one pass of the whole document through the same model (${usd(whole)}).`
        : `Cost ${usd(-saving)} more than one pass of the whole document through the same model (${usd(whole)}).`)
      : cost.whole_document ? h("p", { class: "note" }, "The whole-document comparison needs a measured model speed; none yet.") : null,
    d.cached && d.original?.cost ? h("p", { class: "note" }, `The original answer cost ${usd(d.original.cost.total_usd)}.`) : null);
}

/** A follow-up question on one finding, answered from that clause's context on its own stream. */
function followupBox(id, i) {
  const input = h("input", { type: "text", maxlength: 2000, placeholder: "Ask about this clause…", "aria-label": "Ask about this clause" });
  const out = h("div", { class: "fu" });
  const ask = async (e) => {
    e.preventDefault();
    const question = input.value.trim();
    if (!question) return;
    button.disabled = true;
    try {
      const body = await api(`/v1/reviews/${encodeURIComponent(id)}/followups`, { method: "POST", json: { question, finding: i } });
      const live = h("div", { class: "streaming" });
      out.replaceChildren(h("p", {}, h("b", {}, `Q: ${question}`)), live);
      const es = new EventSource(`/v1/reviews/${encodeURIComponent(id)}/events?followup=${encodeURIComponent(body.followup_id)}&token=${encodeURIComponent(tokens[id])}`);
      es.addEventListener("followup_delta", (m) => { const d = JSON.parse(m.data); if (d.reset) live.textContent = ""; live.append(d.text); });
      es.addEventListener("followup_final", (m) => { out.replaceChildren(h("p", {}, h("b", {}, `Q: ${question}`)), narrative(JSON.parse(m.data)) || "(no answer)"); es.close(); button.disabled = false; });
      es.addEventListener("followup_error", (m) => { out.replaceChildren(h("p", { class: "error" }, JSON.parse(m.data).message)); es.close(); button.disabled = false; });
    } catch (exc) {
      out.replaceChildren(h("p", { class: "error" }, exc.message));
      button.disabled = false;
    }
  };
  const button = h("button", { type: "submit" }, "Ask");
  return [h("form", { class: "followup", onsubmit: ask }, input, button), out];
}

// --- history ------------------------------------------------------------------------------------
async function loadHistory() {
  if (!apiKey()) { $("#historynote").textContent = "Set the API key to see this key's reviews."; return; }
  try {
    const { reviews } = await api("/v1/reviews?limit=20");
    $("#history tbody").replaceChildren(...reviews.map((r) => h("tr", {
      dataset: { id: r.request_id },
      onclick: () => go(`?review=${encodeURIComponent(r.request_id)}`),  // the full state: a Word file's format and conversion
    }, h("td", {}, r.created_at ? new Date(r.created_at * 1000).toLocaleString() : ""), h("td", {}, r.status || ""),
      h("td", {}, r.filename || ""), h("td", {}, (r.question || "").slice(0, 120)))));
    $("#historynote").textContent = reviews.length ? "Click a review to reopen it." : "No reviews yet with this key.";
    markHistory();
  } catch (exc) {
    $("#historynote").textContent = `History unavailable: ${exc.message}`;
  }
}

function markHistory() {
  for (const tr of document.querySelectorAll("#history tbody tr")) tr.classList.toggle("open", tr.dataset.id === current?.id);
}

// --- views ------------------------------------------------------------------------------------
// The review view is <main>; other modules add theirs (batch.js: ?batch=<id>), each a query
// parameter that opens it, the element it shows instead of <main>, and a function that opens it.
export const views = new Map();

function showView(name) {
  $("main").hidden = name !== "review";
  for (const [param, view] of views) view.el.hidden = param !== name;
  for (const a of document.querySelectorAll("#tabs a")) {
    a.classList.toggle("on", a.dataset.view === name);
    if (a.dataset.view === name) a.setAttribute("aria-current", "page"); else a.removeAttribute("aria-current");
  }
}

async function fromLocation() {
  const q = new URLSearchParams(location.search);
  const view = [...views.keys()].find((param) => q.has(param));
  showView(view || "review");
  if (view) return views.get(view).open(q.get(view));
  const id = q.get("review");
  if (!id) return;
  try {
    openReview(id, await api(`/v1/reviews/${encodeURIComponent(id)}`), Number(q.get("page")) || 0);
  } catch (exc) {
    notice(`Cannot open review ${id}: ${exc.message}`, true);
  }
}

/** Go to a URL of this page without reloading it. */
export function go(url) {
  history.pushState(null, "", url);
  fromLocation();
}

for (const a of document.querySelectorAll("#tabs a")) {
  a.addEventListener("click", (e) => {
    if (e.button || e.ctrlKey || e.metaKey || e.shiftKey) return;  // a new tab: the browser's
    e.preventDefault();
    if (a.dataset.view !== "review") return go(a.getAttribute("href"));
    history.pushState(null, "", current ? `?review=${current.id}` : "/");  // back to the review as it was
    showView("review");
  });
}

window.addEventListener("popstate", fromLocation);
$("main").classList.add("noviewer");
showKeyState();
loadHistory();
// Module scripts run before DOMContentLoaded: by then batch.js has added its view.
document.addEventListener("DOMContentLoaded", fromLocation);
