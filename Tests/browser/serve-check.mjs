// Browser check of `docgen serve` (issue 5): node Tests/browser/serve-check.mjs DOCGEN [ARTIFACTS_DIR]
// Copies Content/ and Theme/ to a temporary folder, serves it on a free port, and drives headless Chromium:
// the reload script connects; an edit reloads the page with the new text at the same scroll position; a
// broken link shows the overlay (file:line:col entries, markup in messages shown as text); Dismiss hides it;
// a failed build shows its errors without reloading; fixing it reloads and clears the overlay.
// Prints one line per check, then "N passed, N failed"; exits 1 when a check fails.
import { spawn } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, renameSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Browser } from "./cdp.mjs";

const [docgenArgument, artifactsArgument] = process.argv.slice(2);
if (!docgenArgument) { console.error("usage: node serve-check.mjs DOCGEN [ARTIFACTS_DIR]"); process.exit(2); }
const docgen = resolve(docgenArgument);
const artifacts = resolve(artifactsArgument || "Tests/artifacts");
mkdirSync(artifacts, { recursive: true });
const site = mkdtempSync(join(tmpdir(), "docgen-serve-browser-"));
cpSync("Content", join(site, "Content"), { recursive: true });
cpSync("Theme", join(site, "Theme"), { recursive: true });
const content = join(site, "Content");
const server = spawn(docgen, ["serve", "--port", "0", "--no-check"], { cwd: site, stdio: ["ignore", "pipe", "pipe"] });
let out = "", err = "";
server.stderr.on("data", (d) => { err += d; });
const url = await new Promise((resolve, reject) => {
  server.stdout.on("data", (d) => { out += d; const m = out.match(/http:\/\/\S+/); if (m) resolve(m[0]); });
  setTimeout(() => reject(new Error("no URL: " + err)), 120000);
});
const save = (name, text) => { const p = join(content, name), t = join(content, "." + name + ".tmp"); writeFileSync(t, text); renameSync(t, p); };
const docs = readdirSync(content).filter((n) => n.endsWith(".md")).sort();
const name = docs[0];
const original = readFileSync(join(content, name), "utf8");
const page = url + name.replace(/\.md$/, ".html");

let passed = 0, failed = 0;
async function check(title, body) {
  try { await body(); passed++; console.log("ok    " + title); }
  catch (e) { failed++; console.log("FAIL  " + title + "\n      " + (e.message || e)); }
}
const expect = (c, m) => { if (!c) throw new Error(m); };
// Waits until `expression` holds and still holds 1.5 s later. A page reloads once more, by design, when the
// full build that follows an edit's preview finishes while the page is loading (the reload script's `hello`
// handler: the build is newer than the page), whether or not it changed that page. On a slow machine that
// lands after the overlay appeared (seen once in CI), so a navigation meanwhile restarts the wait instead of
// failing the check; the server's log is printed when a check fails.
async function settled(expression, timeout, what) {
  const deadline = Date.now() + timeout;
  for (;;) {
    try {
      await tab.waitFor(expression, Math.max(500, deadline - Date.now()), what);
      await new Promise((r) => setTimeout(r, 1500));
      if (await tab.eval(expression)) return;
    } catch (e) {
      if (!/navigated|closed|context/i.test(String(e.message || e)) || Date.now() > deadline) throw e;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what} to settle`);
  }
}

const browser = await Browser.launch();
const tab = await browser.newPage();
try {
  await tab.goto(page);
  await check("page carries the reload script and connects", async () => {
    expect(await tab.eval(`!!document.getElementById("docgen-reload")`), "no script");
    await new Promise((r) => setTimeout(r, 500));
    expect(tab.problems.length === 0, tab.problems.join("; "));
  });
  await tab.eval(`window.scrollTo(0, 1500)`);
  const before = await tab.eval(`window.scrollY`);
  await check("an edit reloads the page with the new text and keeps the scroll position", async () => {
    await tab.navigation(async () => save(name, original + "\n\nBrowser-edit-marker paragraph.\n"));
    await tab.waitFor(`document.body.textContent.includes("Browser-edit-marker")`, 5000);
    const after = await tab.waitFor(`window.scrollY > 0 && window.scrollY`, 3000, "scroll restored");
    expect(Math.abs(after - before) < 2, `scroll ${before} -> ${after}`);
  });
  await check("a broken link shows the overlay with file:line:col entries, as text", async () => {
    await tab.navigation(async () => save(name, original + "\n\nSee [gone](no-such-doc<img_src=x_onerror=window.__pwned=1>.md).\n"));
    await settled(`!!document.getElementById("docgen-overlay")`, 10000, "overlay");
    const items = await tab.eval(`[...document.querySelectorAll("#docgen-overlay li")].map((li) => li.textContent)`);
    expect(items.some((t) => /no-such-doc/.test(t) && /:\d+:\d+: warning: /.test(t)), JSON.stringify(items));
    expect(items.some((t) => t.includes("<img_src=x_onerror")), "the markup is shown as text: " + JSON.stringify(items));
    expect(await tab.eval(`document.querySelectorAll("#docgen-overlay img").length === 0 && !window.__pwned`), "markup from the message was interpreted");
    expect(await tab.eval(`getComputedStyle(document.getElementById("docgen-overlay")).position === "fixed"`), "theme CSS not applied");
    await tab.screenshot(join(artifacts, "serve-overlay-warning.png"), writeFileSync);
  });
  await check("Dismiss hides the overlay", async () => {
    await tab.eval(`document.querySelector("#docgen-overlay button").click()`);
    expect(await tab.eval(`!document.getElementById("docgen-overlay")`), "still shown");
  });
  await check("a failed build shows the errors without reloading; the old page stays", async () => {
    await tab.eval(`window.__stay = 1`);
    save(name, "---\n- not a mapping\n---\n" + original);
    await tab.waitFor(`(document.querySelector("#docgen-overlay header span") || {}).textContent`, 5000, "overlay");
    const title = await tab.eval(`document.querySelector("#docgen-overlay header span").textContent`);
    expect(/Build failed/.test(title), title);
    expect(await tab.eval(`window.__stay === 1`), "the page reloaded");
    await tab.screenshot(join(artifacts, "serve-overlay-error.png"), writeFileSync);
  });
  await check("fixing it reloads and the overlay is gone", async () => {
    await tab.navigation(async () => save(name, original));
    await new Promise((r) => setTimeout(r, 500));
    expect(await tab.eval(`!document.getElementById("docgen-overlay")`), "overlay still shown");
    expect(tab.problems.length === 0, tab.problems.join("; "));
  });
} finally {
  await browser.close();
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
  rmSync(site, { recursive: true, force: true });
}
if (failed) console.log("--- docgen serve's output:\n" + out + err);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
