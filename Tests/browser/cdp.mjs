// A minimal Chrome DevTools Protocol client over --remote-debugging-pipe (no npm packages, no WebSocket):
// Chromium reads JSON messages separated by NUL bytes from fd 3 and writes its answers to fd 4.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export class Browser {
  /** Starts headless Chromium; `executable` defaults to `chromium`. */
  static async launch(executable = "chromium", { width = 1280, height = 900 } = {}) {
    const profile = mkdtempSync(join(tmpdir(), "docgen-chromium-"));
    const args = [
      "--headless=new", "--remote-debugging-pipe", `--user-data-dir=${profile}`, "--no-first-run",
      "--no-default-browser-check", "--disable-gpu", "--disable-dev-shm-usage", "--disable-extensions",
      "--disable-background-networking", "--disable-component-update", "--disable-sync", "--mute-audio",
      "--hide-scrollbars", "--force-color-profile=srgb", "--font-render-hinting=none", `--window-size=${width},${height}`,
    ];
    if (process.getuid && process.getuid() === 0) args.push("--no-sandbox");
    const child = spawn(executable, [...args, "about:blank"], { stdio: ["ignore", "ignore", "pipe", "pipe", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk) => { stderr += chunk; if (stderr.length > 20000) stderr = stderr.slice(-20000); });
    const browser = new Browser(child, profile, () => stderr);
    await browser.send("Browser.getVersion");
    return browser;
  }

  constructor(child, profile, stderr) {
    this.child = child;
    this.profile = profile;
    this.stderr = stderr;
    this.nextID = 0;
    this.pending = new Map();
    this.listeners = new Set();
    this.closed = false;
    let buffer = Buffer.alloc(0);
    child.stdio[4].on("data", (chunk) => {
      buffer = Buffer.concat([buffer, chunk]);
      let end;
      while ((end = buffer.indexOf(0)) >= 0) {
        const message = JSON.parse(buffer.subarray(0, end).toString("utf8"));
        buffer = buffer.subarray(end + 1);
        this.dispatch(message);
      }
    });
    child.on("exit", (code) => {
      this.closed = true;
      for (const { reject, method } of this.pending.values()) {
        reject(new Error(`Chromium exited (${code}) while waiting for ${method}\n${this.stderr().slice(-2000)}`));
      }
      this.pending.clear();
    });
  }

  dispatch(message) {
    if (message.id !== undefined) {
      const waiter = this.pending.get(message.id);
      if (!waiter) return;
      this.pending.delete(message.id);
      if (message.error) waiter.reject(new Error(`${waiter.method}: ${message.error.message}`));
      else waiter.resolve(message.result);
      return;
    }
    for (const listener of [...this.listeners]) listener(message);
  }

  send(method, params = {}, sessionId = undefined, timeout = 30000) {
    if (this.closed) return Promise.reject(new Error(`Chromium is not running (${method})`));
    const id = ++this.nextID;
    const message = { id, method, params };
    if (sessionId) message.sessionId = sessionId;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => { this.pending.delete(id); reject(new Error(`${method} timed out`)); }, timeout);
      this.pending.set(id, {
        method,
        resolve: (value) => { clearTimeout(timer); resolve(value); },
        reject: (error) => { clearTimeout(timer); reject(error); },
      });
      this.child.stdio[3].write(JSON.stringify(message) + "\0");
    });
  }

  /** Opens a new tab and returns a Page attached to it. An `isolated` page has a browser context of its own
   *  (its own storage, like a private window); its `close()` disposes of it. */
  async newPage({ width = 1280, height = 900, isolated = false } = {}) {
    const context = isolated ? (await this.send("Target.createBrowserContext")).browserContextId : undefined;
    const { targetId } = await this.send("Target.createTarget", { url: "about:blank", ...(context ? { browserContextId: context } : {}) });
    const { sessionId } = await this.send("Target.attachToTarget", { targetId, flatten: true });
    const page = new Page(this, sessionId, targetId, context);
    await page.init(width, height);
    return page;
  }

  async close() {
    if (!this.closed) {
      try { await this.send("Browser.close", {}, undefined, 5000); } catch { /* already gone */ }
      await new Promise((resolve) => { if (this.closed) resolve(); else { this.child.once("exit", resolve); setTimeout(resolve, 3000); } });
      if (!this.closed) this.child.kill("SIGKILL");
    }
    rmSync(this.profile, { recursive: true, force: true });
  }
}

export class Page {
  constructor(browser, sessionId, targetId, context) {
    this.browser = browser;
    this.sessionId = sessionId;
    this.targetId = targetId;
    this.context = context;
    this.problems = [];   // console errors, uncaught exceptions, failed loads since the last navigation
    this.waiters = new Set();
    browser.listeners.add((message) => {
      if (message.sessionId !== sessionId) return;
      this.record(message);
      for (const waiter of [...this.waiters]) waiter(message);
    });
  }

  async init(width, height) {
    await this.send("Page.enable");
    await this.send("Runtime.enable");
    await this.send("Log.enable");
    await this.setViewport(width, height);
  }

  /** Closes the tab, and its browser context if it has one of its own. */
  async close() {
    await this.browser.send("Target.closeTarget", { targetId: this.targetId });
    if (this.context) await this.browser.send("Target.disposeBrowserContext", { browserContextId: this.context });
  }

  setViewport(width, height) {
    return this.send("Emulation.setDeviceMetricsOverride", { width, height, deviceScaleFactor: 1, mobile: false });
  }

  record({ method, params }) {
    if (method === "Runtime.exceptionThrown") {
      const details = params.exceptionDetails;
      this.problems.push(`uncaught: ${details.exception?.description || details.text} (${details.url || ""}:${details.lineNumber})`);
    } else if (method === "Runtime.consoleAPICalled" && (params.type === "error" || params.type === "assert")) {
      this.problems.push(`console.${params.type}: ${params.args.map((arg) => arg.value ?? arg.description ?? "").join(" ")}`);
    } else if (method === "Log.entryAdded" && params.entry.level === "error") {
      this.problems.push(`${params.entry.source}: ${params.entry.text}${params.entry.url ? " " + params.entry.url : ""}`);
    }
  }

  send(method, params = {}) {
    return this.browser.send(method, params, this.sessionId);
  }

  /** Resolves with the first event `method` that satisfies `predicate`. */
  waitForEvent(method, predicate = () => true, timeout = 15000) {
    return new Promise((resolve, reject) => {
      const waiter = (message) => {
        if (message.method === method && predicate(message.params)) { cleanup(); resolve(message.params); }
      };
      const timer = setTimeout(() => { cleanup(); reject(new Error(`no ${method} within ${timeout} ms`)); }, timeout);
      const cleanup = () => { clearTimeout(timer); this.waiters.delete(waiter); };
      this.waiters.add(waiter);
    });
  }

  /** Navigates and waits for the load event (deferred scripts have run by then). */
  async goto(url) {
    this.problems = [];
    const loaded = this.waitForEvent("Page.loadEventFired");
    const result = await this.send("Page.navigate", { url });
    if (result.errorText) throw new Error(`cannot open ${url}: ${result.errorText}`);
    await loaded;
  }

  /** Runs `action` (which should make the page navigate) and waits for the new page's load event. */
  async navigation(action) {
    const loaded = this.waitForEvent("Page.loadEventFired");
    await action();
    await loaded;
    this.problems = [];
  }

  /** Evaluates an expression (awaiting promises) and returns its JSON value. */
  async eval(expression) {
    const result = await this.send("Runtime.evaluate", { expression, awaitPromise: true, returnByValue: true });
    if (result.exceptionDetails) {
      throw new Error(`evaluation failed: ${result.exceptionDetails.exception?.description || result.exceptionDetails.text}`);
    }
    return result.result.value;
  }

  /** Polls `expression` until it is truthy; returns its value. */
  async waitFor(expression, timeout = 5000, what = expression) {
    const deadline = Date.now() + timeout;
    for (;;) {
      const value = await this.eval(expression);
      if (value) return value;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Presses a key: "/", "ArrowDown", "ArrowUp", "Enter", "Escape", "Tab". */
  async press(key, { shift = false } = {}) {
    const keys = {
      "/": { code: "Slash", keyCode: 191, text: "/" },
      ArrowDown: { code: "ArrowDown", keyCode: 40 },
      ArrowUp: { code: "ArrowUp", keyCode: 38 },
      Enter: { code: "Enter", keyCode: 13, text: "\r" },
      Escape: { code: "Escape", keyCode: 27 },
      Tab: { code: "Tab", keyCode: 9 },
    };
    const info = keys[key];
    if (!info) throw new Error(`unknown key ${key}`);
    const base = { key, code: info.code, windowsVirtualKeyCode: info.keyCode, nativeVirtualKeyCode: info.keyCode, modifiers: shift ? 8 : 0 };
    await this.send("Input.dispatchKeyEvent", { type: info.text ? "keyDown" : "rawKeyDown", ...base, ...(info.text ? { text: info.text, unmodifiedText: info.text } : {}) });
    await this.send("Input.dispatchKeyEvent", { type: "keyUp", ...base });
  }

  type(text) {
    return this.send("Input.insertText", { text });
  }

  async screenshot(path, writeFile) {
    const { data } = await this.send("Page.captureScreenshot", { format: "png" });
    writeFile(path, Buffer.from(data, "base64"));
  }

  setColorScheme(scheme) {
    return this.send("Emulation.setEmulatedMedia", { features: [{ name: "prefers-color-scheme", value: scheme }] });
  }
}
