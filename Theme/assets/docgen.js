/* docgen theme script — no dependencies, works from file://.
   1 theme toggle · 2 mobile navigation · 3 copy buttons · 4 TOC scroll-spy · 5 "/" focuses search */
(function () {
  "use strict";
  var root = document.documentElement;
  var STORAGE_KEY = "docgen-theme";
  var darkQuery = window.matchMedia ? window.matchMedia("(prefers-color-scheme: dark)") : null;

  function $(selector, scope) { return (scope || document).querySelector(selector); }
  function $$(selector, scope) { return Array.prototype.slice.call((scope || document).querySelectorAll(selector)); }

  /* ---------- 1. Light/dark toggle (the inline <head> script applies the saved choice early) ---------- */
  function effectiveTheme() {
    var chosen = root.getAttribute("data-theme");
    if (chosen === "dark" || chosen === "light") return chosen;
    return darkQuery && darkQuery.matches ? "dark" : "light";
  }
  function applyTheme(theme) {
    root.setAttribute("data-theme", theme);
    var toggle = $("#theme-toggle");
    if (toggle) {
      toggle.setAttribute("aria-pressed", theme === "dark" ? "true" : "false");
      toggle.title = theme === "dark" ? "Switch to light mode" : "Switch to dark mode";
    }
  }
  function initThemeToggle() {
    var toggle = $("#theme-toggle");
    if (!toggle) return;
    toggle.hidden = false;
    applyTheme(effectiveTheme());
    toggle.addEventListener("click", function () {
      var next = effectiveTheme() === "dark" ? "light" : "dark";
      applyTheme(next);
      try { localStorage.setItem(STORAGE_KEY, next); } catch (e) { /* storage unavailable: session only */ }
    });
    if (darkQuery && darkQuery.addEventListener) {
      darkQuery.addEventListener("change", function () {
        var saved = null;
        try { saved = localStorage.getItem(STORAGE_KEY); } catch (e) { /* ignore */ }
        if (!saved) applyTheme(darkQuery.matches ? "dark" : "light");
      });
    }
  }

  /* ---------- 2. Mobile navigation drawer ---------- */
  function initNavToggle() {
    var button = $("#nav-toggle");
    var nav = $("#site-nav");
    if (!button || !nav) return;
    button.hidden = false;
    function setOpen(open) {
      root.classList.toggle("nav-open", open);
      button.setAttribute("aria-expanded", open ? "true" : "false");
    }
    button.addEventListener("click", function () { setOpen(!root.classList.contains("nav-open")); });
    nav.addEventListener("click", function (event) { if (event.target.closest("a")) setOpen(false); });
    document.addEventListener("keydown", function (event) {
      if (event.key === "Escape" && root.classList.contains("nav-open")) { setOpen(false); button.focus(); }
    });
    document.addEventListener("click", function (event) {
      if (root.classList.contains("nav-open") && !nav.contains(event.target) && !button.contains(event.target)) setOpen(false);
    });
  }

  /* ---------- 3. Copy buttons ---------- */
  function copyText(text) {
    if (navigator.clipboard && window.isSecureContext) {
      return navigator.clipboard.writeText(text).catch(function () { return legacyCopy(text); });
    }
    return legacyCopy(text);
  }
  function legacyCopy(text) {
    return new Promise(function (resolve, reject) {
      var area = document.createElement("textarea");
      area.value = text;
      area.setAttribute("readonly", "");
      area.style.cssText = "position:fixed;top:0;left:0;width:1px;height:1px;opacity:0;";
      document.body.appendChild(area);
      area.select();
      var ok = false;
      try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
      document.body.removeChild(area);
      if (ok) { resolve(); } else { reject(new Error("copy failed")); }
    });
  }
  function makeCopyButton(pre) {
    var button = document.createElement("button");
    button.type = "button";
    button.className = "copy-button";
    button.textContent = "Copy";
    button.setAttribute("aria-label", "Copy code to clipboard");
    var timer = null;
    button.addEventListener("click", function () {
      var code = pre.querySelector("code") || pre;
      copyText(code.textContent.replace(/\n$/, "")).then(function () {
        button.textContent = "Copied";
        button.classList.add("copied");
      }, function () {
        button.textContent = "Press Ctrl+C";
      }).then(function () {
        clearTimeout(timer);
        timer = setTimeout(function () { button.textContent = "Copy"; button.classList.remove("copied"); }, 1500);
      });
    });
    return button;
  }
  function initCopyButtons() {
    $$("figure.codeblock").forEach(function (figure) {
      var pre = $("pre", figure);
      var bar = $(".codeblock-bar", figure);
      if (pre && bar && !$(".copy-button", bar)) bar.appendChild(makeCopyButton(pre));
    });
    $$("pre").forEach(function (pre) {
      if (pre.closest("figure.codeblock, .codeblock-plain, #docgen-overlay")) return;
      var wrapper = document.createElement("div");
      wrapper.className = "codeblock-plain";
      pre.parentNode.insertBefore(wrapper, pre);
      wrapper.appendChild(pre);
      wrapper.appendChild(makeCopyButton(pre));
    });
  }

  /* ---------- 4. TOC scroll-spy ---------- */
  function initScrollSpy() {
    var links = $$(".toc a[href^='#']");
    if (!links.length || !("IntersectionObserver" in window)) return;
    var byId = {};
    var headings = [];
    links.forEach(function (link) {
      var id = decodeURIComponent(link.getAttribute("href").slice(1));
      var heading = document.getElementById(id);
      if (heading) { byId[id] = link; headings.push(heading); }
    });
    if (!headings.length) return;
    var visible = {};
    var current = null;
    function activate(id) {
      if (id === current || !byId[id]) return;
      if (current && byId[current]) { byId[current].classList.remove("active"); byId[current].removeAttribute("aria-current"); }
      current = id;
      byId[id].classList.add("active");
      byId[id].setAttribute("aria-current", "location");
      var toc = byId[id].closest(".toc");
      if (toc && toc.scrollHeight > toc.clientHeight) {
        var top = byId[id].offsetTop - toc.clientHeight / 2;
        toc.scrollTo ? toc.scrollTo({ top: top }) : (toc.scrollTop = top);
      }
    }
    function update() {
      // At the very bottom the last section wins; then the first heading inside the top band;
      // otherwise the last heading scrolled past.
      var doc = document.documentElement;
      if (window.innerHeight + window.pageYOffset >= doc.scrollHeight - 2) { activate(headings[headings.length - 1].id); return; }
      for (var i = 0; i < headings.length; i++) {
        if (visible[headings[i].id]) { activate(headings[i].id); return; }
      }
      var passed = null;
      for (var j = 0; j < headings.length; j++) {
        if (headings[j].getBoundingClientRect().top < 120) passed = headings[j]; else break;
      }
      activate((passed || headings[0]).id);
    }
    var observer = new IntersectionObserver(function (entries) {
      entries.forEach(function (entry) { visible[entry.target.id] = entry.isIntersecting; });
      update();
    }, { rootMargin: "-56px 0px -65% 0px", threshold: 0 });
    headings.forEach(function (heading) { observer.observe(heading); });
    // Jumps (anchor links, Home/End) can skip the band entirely, so also re-check after scrolling.
    var pending = false;
    window.addEventListener("scroll", function () {
      if (pending) return;
      pending = true;
      requestAnimationFrame(function () { pending = false; update(); });
    }, { passive: true });
  }

  /* Collapse the inline TOC box on narrow screens (it stays open in the right column). */
  function initTocDetails() {
    var details = $(".toc-details");
    if (!details || !window.matchMedia) return;
    var narrow = window.matchMedia("(max-width: 74.99rem)");
    details.open = !narrow.matches;
    if (narrow.addEventListener) narrow.addEventListener("change", function () { details.open = !narrow.matches; });
  }

  /* ---------- 5. "/" focuses the search box ---------- */
  function initSearchShortcut() {
    var input = $("#search-input");
    if (!input) return;
    var form = input.form;
    if (form) form.addEventListener("submit", function (event) { event.preventDefault(); });
    document.addEventListener("keydown", function (event) {
      if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey) return;
      var target = event.target;
      var tag = target && target.tagName;
      if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || (target && target.isContentEditable)) return;
      event.preventDefault();
      input.focus();
      input.select();
    });
  }

  function init() {
    initThemeToggle();
    initNavToggle();
    initCopyButtons();
    initTocDetails();
    initScrollSpy();
    initSearchShortcut();
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init); else init();
})();
