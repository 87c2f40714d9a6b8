// Browser check of a built docgen site: node Tests/browser/check.mjs SITE_DIR ARTIFACTS_DIR
// Drives headless Chromium over file:// pages (and the 404 page over a local HTTP server, the only way
// it is ever shown) and prints one line per check, then "N passed, N failed". Exit status 1 on failure.
import { createServer } from "node:http";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { extname, join, resolve } from "node:path";
import { pathToFileURL, fileURLToPath } from "node:url";
import { Browser } from "./cdp.mjs";

const [siteArgument, artifactsArgument] = process.argv.slice(2);
if (!siteArgument) { console.error("usage: node check.mjs SITE_DIR [ARTIFACTS_DIR]"); process.exit(2); }
const site = resolve(siteArgument);
const artifacts = resolve(artifactsArgument || "Tests/artifacts");
mkdirSync(artifacts, { recursive: true });
const fileURL = (path) => pathToFileURL(join(site, path)).href;

const RULE_ANCHOR = "coding-standards.safety-rules.no-force-unwraps-production";
const SPECIAL = new Set(["index.html", "rules.html", "terms.html", "conflicts.html", "404.html"]);
const documentPages = readdirSync(site).filter((name) => name.endsWith(".html") && !SPECIAL.has(name)).sort();
const rulePages = existsSync(join(site, "rules")) ? readdirSync(join(site, "rules")).filter((n) => n.endsWith(".html")).map((n) => "rules/" + n) : [];
const filePages = ["index.html", ...documentPages, "rules.html", ...rulePages, "terms.html", "conflicts.html"];

let passed = 0;
let failed = 0;
async function check(name, body) {
  const started = Date.now();
  try {
    await body();
    passed++;
    console.log(`ok    ${name} (${Date.now() - started} ms)`);
  } catch (error) {
    failed++;
    console.log(`FAIL  ${name}\n      ${String(error.message || error).split("\n").join("\n      ")}`);
  }
}
function expect(condition, message) { if (!condition) throw new Error(message); }

// Functions evaluated in the page.
const IN_PAGE = String.raw`
window.__docgenCheck = {
  parse(color) {
    let match = color.match(/^rgba?\(([^)]+)\)/);
    if (match) { const p = match[1].split(/[\s,\/]+/).filter(Boolean).map(Number); return [p[0], p[1], p[2], p[3] ?? 1]; }
    match = color.match(/^color\(srgb ([^)]+)\)/);
    if (match) { const p = match[1].split(/[\s\/]+/).filter(Boolean).map(Number); return [p[0] * 255, p[1] * 255, p[2] * 255, p[3] ?? 1]; }
    return null;
  },
  over(top, bottom) { const a = top[3]; return [0, 1, 2].map((i) => top[i] * a + bottom[i] * (1 - a)).concat(1); },
  background(element) {
    const layers = [];
    for (let node = element; node; node = node.parentElement) {
      const color = this.parse(getComputedStyle(node).backgroundColor);
      if (color && color[3] > 0) { layers.push(color); if (color[3] >= 1) break; }
    }
    let result = [255, 255, 255, 1];
    for (let i = layers.length - 1; i >= 0; i--) result = this.over(layers[i], result);
    return result;
  },
  luminance(rgb) {
    const c = rgb.slice(0, 3).map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); });
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
  },
  contrast(element, pseudo) {
    const bg = this.background(element);
    const fg = this.over(this.parse(getComputedStyle(element, pseudo).color), bg);
    const a = this.luminance(fg), b = this.luminance(bg);
    return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  },
  visible(element) {
    const box = element.getBoundingClientRect();
    const style = getComputedStyle(element);
    return box.width > 0 && box.height > 0 && style.visibility !== "hidden" && style.display !== "none" && element.textContent.trim() !== "";
  },
  /* The lowest contrast among the visible elements of each selector: [{selector, ratio, text}]. */
  lowest(selectors) {
    return selectors.map((selector) => {
      let worst = null;
      const pseudo = selector.endsWith("::placeholder") ? "::placeholder" : undefined;
      const query = pseudo ? selector.slice(0, -"::placeholder".length) : selector;
      for (const element of [...document.querySelectorAll(query)].slice(0, 60)) {
        if (!pseudo && !this.visible(element)) continue;
        const ratio = this.contrast(element, pseudo);
        if (!worst || ratio < worst.ratio) worst = { selector, ratio: Math.round(ratio * 100) / 100, text: (element.textContent || element.placeholder || "").trim().slice(0, 40) };
      }
      return worst;
    }).filter(Boolean);
  },
};
true`;

const CONTRAST_SELECTORS = [
  "main p", "main li", ".doc-meta", ".doc-count strong", ".nav-list a", ".nav-list::before", ".toc-list a", ".toc a.active",
  ".rule-badge", ".rule-badge a", ".codeblock-bar", ".polarity", ".copy-button", "pre code", ".hl-keyword", ".hl-comment",
  ".hl-string", ".hl-type", ".hl-attribute", ".pager-label", ".pager-title", ".site-footer p", "#search-input::placeholder",
  ".search-group-label", ".search-result-title", ".search-result-path", ".search-result-text", ".search-panel mark",
  ".search-result.active .search-result-title", ".search-result.active .search-result-path", ".search-footer", ".doc-card-summary",
  ".totals li", "table th", "table td",
];

async function contrastProblems(page) {
  await page.eval(IN_PAGE);
  const worst = await page.eval(`__docgenCheck.lowest(${JSON.stringify(CONTRAST_SELECTORS)})`);
  return worst.filter((item) => item.ratio < 4.5).map((item) => `${item.selector} ${item.ratio}:1 ("${item.text}")`);
}

async function search(page, text) {
  await page.eval(`(() => { const input = document.getElementById("search-input"); input.focus(); input.select(); return true; })()`);
  await page.type(text);
  await page.waitFor(`(() => { const panel = document.getElementById("search-panel"); return !panel.hidden && document.getElementById("search-results").getAttribute("data-query") === ${JSON.stringify(text)}; })()`, 8000, `results for "${text}"`);
  return page.eval(`[...document.querySelectorAll("#search-results [role=option]")].map((option) => ({
    id: option.id, href: option.href, text: option.textContent, kind: option.className, marks: [...option.querySelectorAll("mark")].map((m) => m.textContent),
    group: option.closest("[role=group]") && option.closest("[role=group]").getAttribute("aria-labelledby") }))`);
}

/* The 404 page links its assets from "/", as a server shows it for any missing path: serve the site. */
function serve() {
  const types = { ".html": "text/html; charset=utf-8", ".css": "text/css", ".js": "text/javascript", ".json": "application/json", ".swift": "text/plain" };
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url, "http://localhost").pathname);
    let file = join(site, path);
    if (!file.startsWith(site)) { response.writeHead(403); response.end(); return; }
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, "index.html");
    if (existsSync(file) && statSync(file).isFile()) {
      response.writeHead(200, { "content-type": types[extname(file)] || "application/octet-stream" });
      response.end(readFileSync(file));
    } else {
      response.writeHead(404, { "content-type": types[".html"] });
      response.end(readFileSync(join(site, "404.html")));
    }
  });
  return new Promise((resolvePromise) => server.listen(0, "127.0.0.1", () => resolvePromise(server)));
}

const started = Date.now();
const browser = await Browser.launch(process.env.CHROMIUM || "chromium");
const server = await serve();
const origin = `http://127.0.0.1:${server.address().port}`;
try {
  const page = await browser.newPage();
  await page.setColorScheme("light");

  // ---------- Every page: loads without console errors, styled, no external resources ----------
  for (const path of filePages) {
    await check(`no console errors: ${path}`, async () => {
      await page.goto(fileURL(path));
      await new Promise((r) => setTimeout(r, 150));
      expect(page.problems.length === 0, page.problems.join("\n"));
      const styled = await page.eval(`getComputedStyle(document.querySelector(".site-header")).position`);
      expect(styled === "sticky", `stylesheet not applied (header position ${styled})`);
      const external = await page.eval(`performance.getEntriesByType("resource").map((e) => e.name).filter((n) => !n.startsWith("file:") && !n.startsWith("data:"))`);
      expect(external.length === 0, `external resources: ${external.join(", ")}`);
    });
  }
  for (const path of ["404.html", "no/such/page.html"]) {
    await check(`no console errors: 404 page served for /${path}`, async () => {
      await page.goto(`${origin}/${path}`);
      await new Promise((r) => setTimeout(r, 150));
      const problems = page.problems.filter((p) => !(path !== "404.html" && p.includes("404 (Not Found)") && p.includes("/no/such/page.html")));
      expect(problems.length === 0, problems.join("\n"));
      expect(await page.eval(`getComputedStyle(document.querySelector(".site-header")).position`) === "sticky", "stylesheet not applied");
      const results = await search(page, "singleton");
      expect(results.length > 0 && results[0].href.startsWith(origin + "/"), `search from the 404 page: ${JSON.stringify(results[0])}`);
      expect(page.problems.filter((p) => !p.includes("/no/such/page.html")).length === 0, page.problems.join("\n"));
    });
  }

  // ---------- Search ----------
  await check(`searching "force unwrap" returns the coding-standards rule first`, async () => {
    await page.goto(fileURL("index.html"));
    const results = await search(page, "force unwrap");
    expect(results.length > 0, "no results");
    const first = results[0];
    expect(first.href === fileURL("coding-standards.html") + "#" + RULE_ANCHOR, `first result links to ${first.href}`);
    expect(/No force unwraps/.test(first.text), `first result reads "${first.text}"`);
    expect(first.kind.includes("kind-rule") && first.group === "search-group-rule", `first result is ${first.kind} in ${first.group}`);
    expect(first.marks.map((m) => m.toLowerCase()).join(" ").includes("force"), `marks: ${first.marks}`);
    const attributes = await page.eval(`(() => { const i = document.getElementById("search-input"); const l = document.getElementById("search-results");
      return [i.getAttribute("role"), i.getAttribute("aria-expanded"), i.getAttribute("aria-controls"), l.getAttribute("role")].join(" "); })()`);
    expect(attributes === "combobox true search-results listbox", `ARIA: ${attributes}`);
    expect(page.problems.length === 0, page.problems.join("\n"));
  });

  await check("search results: each kind in one group, every link hits an existing page and anchor", async () => {
    await page.goto(fileURL("style-guide.html"));
    for (const query of ["singleton", "observable", "private(set)", "navigationstack", "error handling"]) {
      const results = await search(page, query);
      expect(results.length > 0, `no results for ${query}`);
      const groups = await page.eval(`[...document.querySelectorAll("#search-results [role=group]")].map((g) => g.getAttribute("aria-labelledby"))`);
      expect(new Set(groups).size === groups.length, `${query}: a kind appears in two groups: ${groups}`);
      for (const result of results) {
        const url = new URL(result.href);
        const file = fileURLToPath(url.href.split("#")[0]);
        expect(existsSync(file), `${query}: ${result.href} has no page`);
        if (url.hash) {
          const id = decodeURIComponent(url.hash.slice(1));
          const html = readFileSync(file, "utf8");
          expect(html.includes(`id="${id.replace(/&/g, "&amp;").replace(/"/g, "&quot;")}"`), `${query}: ${result.href} has no anchor`);
        }
      }
    }
    const none = await search(page, "zzqxv");
    expect(none.length === 0, "nonsense query found something");
    const message = await page.eval(`document.getElementById("search-message").textContent`);
    expect(message.includes("No results"), `no-results message: "${message}"`);
  });

  await check("search keyboard: / focuses, ↓ ↑ move, Esc closes, Enter opens the rule's anchor", async () => {
    await page.goto(fileURL("index.html"));
    await page.eval(`document.activeElement && document.activeElement.blur(), true`);
    await page.press("/");
    expect(await page.eval(`document.activeElement.id`) === "search-input", "/ did not focus the search box");
    expect(await page.eval(`document.getElementById("search-input").value`) === "", "/ was typed into the box");
    await page.type("force unwrap");
    await page.waitFor(`document.querySelectorAll("#search-results [role=option]").length > 1`, 8000, "results");
    const selected = () => page.eval(`[document.getElementById("search-input").getAttribute("aria-activedescendant"), [...document.querySelectorAll("[role=option][aria-selected=true]")].map((o) => o.id).join()]`);
    await page.press("ArrowDown");
    let [active, chosen] = await selected();
    expect(active === "search-option-0" && chosen === "search-option-0", `after ↓: ${active} / ${chosen}`);
    await page.press("ArrowDown");
    [active, chosen] = await selected();
    expect(active === "search-option-1" && chosen === "search-option-1", `after ↓↓: ${active} / ${chosen}`);
    await page.press("ArrowUp");
    [active, chosen] = await selected();
    expect(active === "search-option-0" && chosen === "search-option-0", `after ↓↓↑: ${active} / ${chosen}`);
    await page.press("Escape");
    expect(await page.eval(`document.getElementById("search-panel").hidden && document.getElementById("search-input").getAttribute("aria-expanded") === "false"`), "Esc did not close the results");
    await page.press("ArrowDown");
    await page.waitFor(`!document.getElementById("search-panel").hidden`, 3000, "↓ to reopen");
    await page.navigation(() => page.press("Enter"));
    const location = await page.eval(`location.href`);
    expect(location === fileURL("coding-standards.html") + "#" + RULE_ANCHOR, `Enter opened ${location}`);
    const target = await page.eval(`(() => { const t = document.querySelector(":target"); const box = t && t.getBoundingClientRect(); return t ? [t.tagName, t.className, Math.round(box.top)] : null; })()`);
    expect(target && target[0] === "LI" && target[1].includes("has-rule") && target[2] >= 0 && target[2] < 400, `target: ${target}`);
  });

  // ---------- Reading ----------
  await check("every code block has a copy button", async () => {
    let blocks = 0;
    for (const path of filePages) {
      await page.goto(fileURL(path));
      const [total, missing] = await page.eval(`(() => { const pres = [...document.querySelectorAll("pre")];
        const missing = pres.filter((pre) => { const box = pre.closest("figure.codeblock, .codeblock-plain"); return !box || !box.querySelector(".copy-button"); });
        return [pres.length, missing.length]; })()`);
      expect(missing === 0, `${path}: ${missing} of ${total} code blocks without a copy button`);
      blocks += total;
    }
    expect(blocks > 40, `only ${blocks} code blocks found`);
  });

  await check("copy button copies the code", async () => {
    await page.goto(fileURL("swift-conventions.html"));
    await page.send("Browser.grantPermissions", { permissions: ["clipboardReadWrite", "clipboardSanitizedWrite"] }).catch(() => {});
    const label = await page.eval(`(async () => { const button = document.querySelector("figure.codeblock .copy-button"); button.click();
      await new Promise((r) => setTimeout(r, 200)); return button.textContent; })()`);
    expect(label === "Copied", `button says "${label}" after a click`);
  });

  await check("permalink on every heading and rule; previous/next links; landmarks; skip link", async () => {
    for (const [position, path] of documentPages.entries()) {
      await page.goto(fileURL(path));
      const report = await page.eval(`(() => {
        const headings = [...document.querySelectorAll(".doc-body :is(h1,h2,h3,h4,h5,h6)")];
        const noAnchor = headings.filter((h) => !h.id || !h.querySelector('a.heading-anchor[href="#' + CSS.escape(h.id).replace(/\\\\/g, "") + '"]') && !h.querySelector('a[href="#' + h.id + '"]')).map((h) => h.textContent);
        const rules = [...document.querySelectorAll(".has-rule")];
        const noRuleLink = rules.filter((r) => !r.id || !r.querySelector('.rule-badge a[href="#' + r.id + '"]')).map((r) => r.id);
        return { headings: headings.length, noAnchor, rules: rules.length, noRuleLink,
          prev: !!document.querySelector(".pager a[rel=prev]"), next: !!document.querySelector(".pager a[rel=next]"),
          landmarks: ["header[role=banner]", "nav#site-nav", "main#main", "footer[role=contentinfo]", "form[role=search]", "nav.toc"].filter((s) => !document.querySelector(s)),
          skip: document.querySelector("body > a.skip-link[href='#main']") !== null };
      })()`);
      expect(report.headings > 0 && report.noAnchor.length === 0, `${path}: headings without a permalink: ${report.noAnchor.join(" | ")}`);
      expect(report.noRuleLink.length === 0, `${path}: rules without a permalink: ${report.noRuleLink.join(", ")}`);
      expect(report.prev === (position > 0) && report.next === (position < documentPages.length - 1), `${path}: previous ${report.prev}, next ${report.next}`);
      expect(report.landmarks.length === 0, `${path}: missing ${report.landmarks.join(", ")}`);
      expect(report.skip, `${path}: no skip link`);
    }
  });

  await check("table of contents is sticky and highlights the current section", async () => {
    await page.goto(fileURL("swift-conventions.html"));
    const sticky = await page.eval(`getComputedStyle(document.querySelector(".toc")).position`);
    expect(sticky === "sticky", `TOC position ${sticky}`);
    const ids = await page.eval(`[...document.querySelectorAll(".toc a")].map((a) => decodeURIComponent(a.getAttribute("href").slice(1)))`);
    for (const id of [ids[3], ids[Math.floor(ids.length / 2)]]) {
      await page.eval(`document.getElementById(${JSON.stringify(id)}).scrollIntoView(), true`);
      await page.waitFor(`(() => { const a = document.querySelector(".toc a.active"); return a && decodeURIComponent(a.getAttribute("href").slice(1)) === ${JSON.stringify(id)}; })()`, 3000, `TOC to highlight ${id}`);
      const inView = await page.eval(`(() => { const a = document.querySelector(".toc a.active").getBoundingClientRect(); return a.top >= 0 && a.bottom <= innerHeight; })()`);
      expect(inView, `highlighted TOC entry for ${id} is scrolled out of view`);
    }
  });

  // Over HTTP, in a private context of its own: the toggle's save is this check's only storage write and no other
  // check sees it. Not over file://: there headless Chromium lost the saved choice in 4-6 of 300 rounds of exactly
  // this sequence (also with a 300 ms pause before the link), and in 0 of 300 over HTTP.
  await check("theme: follows the system by default, the toggle's choice is remembered", async () => {
    const fresh = await browser.newPage({ isolated: true });
    try {
      const theme = () => fresh.eval(`document.documentElement.getAttribute("data-theme")`);
      await fresh.setColorScheme("dark");
      await fresh.goto(`${origin}/index.html`);
      expect(await theme() === "dark", "system dark not followed");
      expect(await fresh.eval(`getComputedStyle(document.body).backgroundColor`) !== "rgb(255, 255, 255)", "dark background not applied");
      await fresh.setColorScheme("light");
      await fresh.waitFor(`document.documentElement.getAttribute("data-theme") === "light"`, 3000, "the page to follow the system's switch to light");
      await fresh.eval(`document.getElementById("theme-toggle").click(), true`);
      expect(await theme() === "dark", "the toggle did not switch to dark");
      expect(await fresh.eval(`localStorage.getItem("docgen-theme")`) === "dark", "the toggle did not save its choice");
      await fresh.navigation(() => fresh.eval(`document.querySelector('a[href="rules.html"]').click(), true`));
      expect(await fresh.eval(`location.pathname.endsWith("/rules.html")`), "the link did not open rules.html");
      expect(await theme() === "dark", "toggle choice not remembered on the next page");
      // A switch back and forth within one frame is no change at all: give each its own frames.
      await fresh.setColorScheme("dark");
      await new Promise((resolve) => setTimeout(resolve, 200));
      await fresh.setColorScheme("light");
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await theme() === "dark", "the system's switch to light overrode the reader's choice");
    } finally {
      await fresh.close();
    }
  });

  await check("visible focus on keyboard navigation (skip link, header, sidebar)", async () => {
    await page.goto(fileURL("coding-standards.html"));
    const seen = [];
    for (let i = 0; i < 7; i++) {
      await page.press("Tab");
      const info = await page.eval(`(() => { const e = document.activeElement; const s = getComputedStyle(e); const box = e.getBoundingClientRect();
        return { name: e.className || e.id || e.tagName, outline: s.outlineStyle !== "none" && parseFloat(s.outlineWidth) >= 2, ring: s.boxShadow !== "none", visible: box.width > 0 && box.bottom > 0 && box.top < innerHeight }; })()`);
      seen.push(info);
    }
    const bad = seen.filter((item) => !(item.outline || item.ring) || !item.visible);
    expect(bad.length === 0, `no visible focus on: ${bad.map((b) => b.name).join(", ")}`);
    expect(seen[0].name.includes("skip-link"), `first Tab focused ${seen[0].name}`);
  });

  await check("pages work without JavaScript (except search, which is hidden)", async () => {
    await page.send("Emulation.setScriptExecutionDisabled", { value: true });
    try {
      await page.goto(fileURL("swiftui-conventions.html"));
      // Read the page through the DOM domain (independent of the page's scripts).
      const { root } = await page.send("DOM.getDocument", { depth: -1 });
      const html = (await page.send("DOM.getOuterHTML", { nodeId: root.nodeId })).outerHTML;
      expect(!/<html[^>]*class="[^"]*\bjs\b/.test(html), "scripts ran although JavaScript is disabled");
      expect(/<h2 id="/.test(html) && html.includes('class="toc"') && html.includes('class="pager"'), "content, TOC or pager missing");
      const search = await page.send("DOM.querySelector", { nodeId: root.nodeId, selector: "form.search" });
      const box = await page.send("DOM.getBoxModel", { nodeId: search.nodeId }).catch(() => null);
      expect(box === null, "the search box is shown although it cannot work without JavaScript");
      const toc = await page.send("DOM.querySelector", { nodeId: root.nodeId, selector: ".toc-list" });
      expect(await page.send("DOM.getBoxModel", { nodeId: toc.nodeId }).catch(() => null), "TOC not visible");
    } finally {
      await page.send("Emulation.setScriptExecutionDisabled", { value: false });
    }
  });

  // ---------- Contrast and screenshots, light and dark ----------
  for (const theme of ["light", "dark"]) {
    await check(`contrast ≥ 4.5:1 and screenshots (${theme})`, async () => {
      const problems = [];
      await page.setColorScheme(theme);
      for (const [name, path] of [["index", "index.html"], ["document", "swift-conventions.html"], ["rules", "rules.html"]]) {
        await page.goto(fileURL(path));
        await new Promise((r) => setTimeout(r, 100));
        expect(await page.eval(`document.documentElement.getAttribute("data-theme")`) === theme, `${path} is not ${theme}`);
        if (name === "document") await page.eval(`document.getElementById("3-controllers-observable-classes")?.scrollIntoView(), scrollBy(0, -80), true`);
        await new Promise((r) => setTimeout(r, 200));
        problems.push(...(await contrastProblems(page)).map((p) => `${path}: ${p}`));
        await page.screenshot(join(artifacts, `${name}-${theme}.png`), writeFileSync);
      }
      await page.goto(fileURL("coding-standards.html"));
      await search(page, "force unwrap");
      await page.press("ArrowDown");
      await new Promise((r) => setTimeout(r, 100));
      problems.push(...(await contrastProblems(page)).map((p) => `search: ${p}`));
      await page.screenshot(join(artifacts, `search-${theme}.png`), writeFileSync);
      await page.setViewport(390, 844);
      await page.goto(fileURL("coding-standards.html"));
      await search(page, "observable");
      await page.screenshot(join(artifacts, `search-narrow-${theme}.png`), writeFileSync);
      await page.setViewport(1280, 900);
      expect(problems.length === 0, problems.join("\n"));
    });
  }
} finally {
  server.close();
  await browser.close();
}
const total = process.env.DOCGEN_CHECK_STARTED ? ` (${((Date.now() - Number(process.env.DOCGEN_CHECK_STARTED)) / 1000).toFixed(1)} s with the site build)` : "";
console.log(`browser checks took ${((Date.now() - started) / 1000).toFixed(1)} s${total}; screenshots in ${artifacts}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
