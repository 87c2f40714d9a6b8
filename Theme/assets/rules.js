/* docgen Rules page filters — vanilla JS, works from file://. Filters live in the URL query
   (?strength=required&priority=P1&document=style-guide&term=singleton&q=text) so a filtered view can be
   linked. Without JavaScript the form stays hidden and every rule is shown. */
(function () {
  "use strict";
  var FIELDS = ["strength", "priority", "document", "term", "q"];

  function readQuery() {
    var values = {};
    var query = window.location.search.replace(/^\?/, "");
    query.split("&").forEach(function (pair) {
      if (!pair) return;
      var parts = pair.split("=");
      var key = decodeURIComponent(parts[0]);
      var value = decodeURIComponent((parts[1] || "").replace(/\+/g, " "));
      if (FIELDS.indexOf(key) >= 0) values[key] = value;
    });
    return values;
  }

  function writeQuery(values) {
    var parts = [];
    FIELDS.forEach(function (key) {
      if (values[key]) parts.push(encodeURIComponent(key) + "=" + encodeURIComponent(values[key]));
    });
    var url = window.location.pathname + (parts.length ? "?" + parts.join("&") : "") + window.location.hash;
    try { window.history.replaceState(null, "", url); } catch (e) { /* some file:// contexts refuse; filtering still works */ }
  }

  function normalise(text) {
    return (text || "").toLowerCase().replace(/^[`\s]+|[`\s]+$/g, "");
  }

  function matches(rule, values) {
    if (values.strength && rule.getAttribute("data-strength") !== values.strength) return false;
    if (values.priority) {
      var priority = rule.getAttribute("data-priority") || "";
      if (values.priority === "none" ? priority !== "" : priority.toLowerCase() !== values.priority.toLowerCase()) return false;
    }
    if (values.document && rule.getAttribute("data-document") !== values.document) return false;
    if (values.term) {
      var wanted = normalise(values.term);
      var terms = (rule.getAttribute("data-terms") || "").split("|").map(normalise);
      var singular = wanted.replace(/s$/, "");
      if (terms.indexOf(wanted) < 0 && terms.indexOf(singular) < 0 && terms.indexOf("@" + wanted) < 0) return false;
    }
    if (values.q) {
      var text = (rule.textContent || "").toLowerCase();
      var words = values.q.toLowerCase().split(/\s+/).filter(Boolean);
      for (var i = 0; i < words.length; i++) if (text.indexOf(words[i]) < 0) return false;
    }
    return true;
  }

  function apply(form) {
    var values = {};
    FIELDS.forEach(function (key) { if (form.elements[key]) values[key] = form.elements[key].value.trim(); });
    var shown = 0;
    Array.prototype.forEach.call(document.querySelectorAll("li.rule"), function (rule) {
      var visible = matches(rule, values);
      rule.hidden = !visible;
      if (visible) shown++;
    });
    Array.prototype.forEach.call(document.querySelectorAll(".rules-section, .rules-document"), function (section) {
      section.hidden = !section.querySelector("li.rule:not([hidden])");
    });
    var count = document.getElementById("rule-count");
    if (count) count.textContent = String(shown);
    var empty = document.getElementById("rules-empty");
    if (empty) empty.hidden = shown > 0;
    writeQuery(values);
  }

  function init() {
    var form = document.getElementById("rule-filters");
    if (!form) return;
    form.hidden = false;
    var values = readQuery();
    FIELDS.forEach(function (key) { if (values[key] && form.elements[key]) form.elements[key].value = values[key]; });
    form.addEventListener("input", function () { apply(form); });
    form.addEventListener("change", function () { apply(form); });
    form.addEventListener("submit", function (event) { event.preventDefault(); apply(form); });
    form.addEventListener("reset", function () { setTimeout(function () { apply(form); }, 0); });
    apply(form);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
