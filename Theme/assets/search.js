/* docgen search — vanilla JS, no dependencies, works from file:// and offline.

   The index (written by SearchIndexBuilder.swift) is JavaScript loaded with <script> elements, never
   fetched: search-index.js sets window.docgenSearchIndex; a split index keeps its term shards and record
   chunks in search/t<i>.js and search/r<i>.js, which add themselves to window.docgenSearchShards. Nothing
   is loaded until the search box gets focus, and a query loads only the shards its words need.

   Ranking: each query word must match (as a prefix) a term of the entry; a match in a title (document
   title, heading, rule text, example identifiers) counts more than one in body text, an exact word more
   than a prefix; documents and rules weigh a little more than sections, examples less; words found next
   to each other in the title in query order earn a bonus, and so do short titles that the query covers
   well. Results are grouped by kind, groups ordered by their best result.

   Keyboard: "/" focuses the box (docgen.js); ↓ ↑ move through the results, Enter opens one, Esc closes
   the list (a second Esc clears the box). ARIA: the input is a combobox controlling a listbox of
   options grouped by kind; a status line announces the number of results. */
(function () {
  "use strict";

  var KINDS = [
    { key: "document", label: "Documents", weight: 1.3 },
    { key: "section", label: "Sections", weight: 1.0 },
    { key: "rule", label: "Rules", weight: 1.15 },
    { key: "example", label: "Examples", weight: 0.7 }
  ];
  var TITLE_SCORE = 10;        /* a query word matching a title word */
  var BODY_SCORE = 3;          /* … matching body text only */
  var PHRASE_BONUS = 1.5;      /* the query words appear in this order, side by side, in the title */
  var COVERAGE_BONUS = 0.5;    /* up to +50% when the query matches every word of the title */
  var MAX_CANDIDATES = 40;     /* best entries whose records are loaded for display */
  var MAX_CHUNKS = 10;         /* record chunks one query may load (split indexes) */
  var PER_GROUP = 8;           /* results shown per kind */
  var WORD = /[\p{L}\p{N}_]+/gu;

  var currentScript = document.currentScript;
  var base = currentScript && currentScript.src ? currentScript.src.replace(/assets\/search\.js(?:[?#].*)?$/, "") : "";

  /* ---------- Loading the index ---------- */

  var loads = {};
  function loadScript(url) {
    if (!loads[url]) {
      loads[url] = new Promise(function (resolve, reject) {
        var element = document.createElement("script");
        element.src = url;
        element.async = true;
        element.onload = function () { resolve(); };
        element.onerror = function () { delete loads[url]; element.remove(); reject(new Error("cannot load " + url)); };
        document.head.appendChild(element);
      });
    }
    return loads[url];
  }

  var indexPromise = null;
  function loadIndex() {
    if (!indexPromise) {
      indexPromise = (window.docgenSearchIndex ? Promise.resolve() : loadScript(base + "search-index.js")).then(function () {
        var index = window.docgenSearchIndex;
        if (!index || index.v !== 1) throw new Error("search-index.js is missing or of another version");
        index.stop = {};
        (index.s || []).forEach(function (word) { index.stop[word] = true; });
        index.termCache = {};
        return index;
      });
      indexPromise.catch(function () { indexPromise = null; });
    }
    return indexPromise;
  }

  /* Term shard or record chunk `name` (t3, r12): inline in the index, or loaded from search/. */
  function loadPart(index, name) {
    var inline = name.charAt(0) === "t" ? index.t : index.r;
    var number = Number(name.slice(1));
    if (inline && inline[number] !== undefined) return Promise.resolve(inline[number]);
    var shards = window.docgenSearchShards;
    if (shards && shards[name] !== undefined) return Promise.resolve(shards[name]);
    return loadScript(base + "search/" + name + ".js").then(function () {
      var loaded = window.docgenSearchShards && window.docgenSearchShards[name];
      if (loaded === undefined) throw new Error("search/" + name + ".js did not define its shard");
      return loaded;
    });
  }

  /* A term shard decoded once: sorted terms (front coding undone) and their raw posting lists. */
  function termShard(index, number) {
    if (index.termCache[number]) return Promise.resolve(index.termCache[number]);
    return loadPart(index, "t" + number).then(function (raw) {
      var terms = [];
      var previous = "";
      if (raw.t) {
        raw.t.split(",").forEach(function (part) {
          var term = previous.slice(0, parseInt(part.charAt(0), 36)) + part.slice(1);
          terms.push(term);
          previous = term;
        });
      }
      var decoded = { terms: terms, postings: raw.p ? raw.p.split(";") : [] };
      index.termCache[number] = decoded;
      return decoded;
    });
  }

  /* A record chunk decoded once: [kind, document, title, text, anchor, path, detail] with the path
     looked up in the chunk's path list and front-coded anchors ([n, "rest"]) expanded. */
  function recordChunk(index, number) {
    index.recordCache = index.recordCache || {};
    if (index.recordCache[number]) return Promise.resolve(index.recordCache[number]);
    return loadPart(index, "r" + number).then(function (raw) {
      var previous = "";
      var records = (raw.e || []).map(function (values) {
        var anchor = typeof values[4] === "string" ? values[4] : previous.slice(0, values[4][0]) + values[4][1];
        previous = anchor;
        return [values[0], values[1], values[2], values[3], anchor, (raw.p || [])[values[5]] || "", values[6]];
      });
      index.recordCache[number] = records;
      return records;
    });
  }

  /* ---------- Query words ---------- */

  function normalize(word) {
    return word.toLowerCase().normalize("NFD").replace(/\p{M}/gu, "");
  }

  /* The prefix a query word is matched with: plural endings dropped (unwraps → unwrap, classes → class). */
  function stem(word) {
    if (word.length < 4) return word;
    if (/ies$/.test(word) && word.length > 4) return word.slice(0, -3);
    if (/(?:ss|x|ch|sh)es$/.test(word)) return word.slice(0, -2);
    if (/[^s]s$/.test(word)) return word.slice(0, -1);
    return word;
  }

  function queryWords(query, index) {
    var seen = {};
    var words = [];
    (query.match(WORD) || []).forEach(function (raw) {
      var word = normalize(raw);
      if (word.length < 2 || index.stop[word] || seen[word]) return;
      seen[word] = true;
      words.push({ word: word, stem: stem(word) });
    });
    return words;
  }

  /* ---------- Matching and ranking ---------- */

  function lowerBound(list, value) {
    var low = 0, high = list.length;
    while (low < high) {
      var middle = (low + high) >> 1;
      if (list[middle] < value) low = middle + 1; else high = middle;
    }
    return low;
  }

  /* entry number → best score of this word in that entry */
  function matchWord(index, query) {
    var needed = [];
    index.k.forEach(function (key, number) {
      if (key.indexOf(query.stem) === 0 || query.stem.indexOf(key) === 0) needed.push(number);
    });
    return Promise.all(needed.map(function (number) { return termShard(index, number); })).then(function (shards) {
      var scores = {};
      shards.forEach(function (shard) {
        for (var i = lowerBound(shard.terms, query.stem); i < shard.terms.length; i++) {
          var term = shard.terms[i];
          if (term.indexOf(query.stem) !== 0) break;
          var exactness = term === query.word || term === query.stem ? 1 : 0.4 + 0.4 * query.stem.length / term.length;
          var entry = 0;
          shard.postings[i].split(",").forEach(function (value) {
            var number = parseInt(value, 36);
            entry += number >> 2;
            var score = ((number & 1) ? TITLE_SCORE : BODY_SCORE) * exactness;
            if (!(scores[entry] >= score)) scores[entry] = score;
          });
        }
      });
      return scores;
    });
  }

  function chunkOf(index, entry) {
    var starts = index.c;
    var low = 0, high = starts.length - 2;
    while (low < high) {
      var middle = (low + high + 1) >> 1;
      if (starts[middle] <= entry) low = middle; else high = middle - 1;
    }
    return low;
  }

  function titleWords(text, index) {
    return (text.match(WORD) || []).map(normalize).filter(function (word) { return !index.stop[word]; });
  }

  /* The share of the title's words that the query matches: short, to-the-point titles rank higher. */
  function coverage(words, query) {
    if (!words.length) return 0;
    var matched = words.filter(function (word) {
      return query.some(function (part) { return word.indexOf(part.stem) === 0; });
    }).length;
    return matched / words.length;
  }

  function hasPhrase(words, query) {
    if (query.length < 2) return false;
    for (var i = 0; i + query.length <= words.length; i++) {
      var all = true;
      for (var j = 0; j < query.length && all; j++) all = words[i + j].indexOf(query[j].stem) === 0;
      if (all) return true;
    }
    return false;
  }

  function search(index, query) {
    return Promise.all(query.map(function (word) { return matchWord(index, word); })).then(function (perWord) {
      var totals = {};
      var counts = {};
      perWord.forEach(function (scores) {
        Object.keys(scores).forEach(function (entry) {
          totals[entry] = (totals[entry] || 0) + scores[entry];
          counts[entry] = (counts[entry] || 0) + 1;
        });
      });
      var entries = Object.keys(totals);
      var all = entries.filter(function (entry) { return counts[entry] === query.length; });
      var partial = all.length === 0;
      var ranked = (partial ? entries : all).map(function (entry) {
        var score = totals[entry];
        if (partial) score *= counts[entry] / query.length;
        return { entry: Number(entry), score: score };
      }).sort(function (a, b) { return b.score - a.score || a.entry - b.entry; });

      var chosen = [];
      var chunks = {};
      var chunkCount = 0;
      for (var i = 0; i < ranked.length && chosen.length < MAX_CANDIDATES; i++) {
        var chunk = chunkOf(index, ranked[i].entry);
        if (!chunks[chunk]) {
          if (chunkCount >= MAX_CHUNKS) continue;
          chunks[chunk] = true;
          chunkCount++;
        }
        ranked[i].chunk = chunk;
        chosen.push(ranked[i]);
      }
      var names = Object.keys(chunks);
      return Promise.all(names.map(function (chunk) { return recordChunk(index, Number(chunk)); })).then(function (loaded) {
        var records = {};
        names.forEach(function (chunk, position) { records[chunk] = loaded[position]; });
        var results = chosen.map(function (candidate) {
          var record = records[candidate.chunk][candidate.entry - index.c[candidate.chunk]];
          var kind = KINDS[record[0]] || KINDS[1];
          var score = candidate.score * kind.weight;
          var words = titleWords(record[2], index);
          if (hasPhrase(words, query)) score *= PHRASE_BONUS;
          score *= 1 + COVERAGE_BONUS * coverage(words, query);
          return { record: record, kind: kind, score: score, entry: candidate.entry };
        });
        results.sort(function (a, b) { return b.score - a.score || a.entry - b.entry; });
        return { results: results, total: ranked.length, partial: partial };
      });
    });
  }

  /* ---------- Rendering ---------- */

  function camelParts(token) {
    return token.split("_").reduce(function (parts, piece) {
      return parts.concat(piece.replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, "$1 $2").replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, "$1 $2").split(" "));
    }, []);
  }

  function matchesQuery(token, query) {
    var forms = [normalize(token)].concat(camelParts(token).map(normalize));
    for (var i = 0; i < query.length; i++) {
      for (var j = 0; j < forms.length; j++) if (forms[j].length >= 2 && forms[j].indexOf(query[i].stem) === 0) return true;
    }
    return false;
  }

  /* `text` as DOM nodes with every matched word in <mark> (text nodes only: nothing is parsed as HTML). */
  function highlighted(text, query) {
    var fragment = document.createDocumentFragment();
    var position = 0;
    var match;
    WORD.lastIndex = 0;
    while ((match = WORD.exec(text))) {
      if (!matchesQuery(match[0], query)) continue;
      if (match.index > position) fragment.appendChild(document.createTextNode(text.slice(position, match.index)));
      var mark = document.createElement("mark");
      mark.textContent = match[0];
      fragment.appendChild(mark);
      position = match.index + match[0].length;
    }
    if (position < text.length) fragment.appendChild(document.createTextNode(text.slice(position)));
    return fragment;
  }

  /* A window of `text` around its first matched word, so that long excerpts show the match. */
  function around(text, query, length) {
    var match;
    WORD.lastIndex = 0;
    while ((match = WORD.exec(text))) {
      if (matchesQuery(match[0], query)) break;
    }
    if (!match || match.index < length / 2 || text.length <= length) return text;
    var start = text.lastIndexOf(" ", match.index - 30);
    start = start < 0 ? 0 : start + 1;
    return "…" + text.slice(start);
  }

  function element(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text) node.textContent = text;
    return node;
  }

  function href(index, record) {
    var page = (index.d[record[1]] || ["", "index.html"])[1];
    var url = base + page.split("/").map(encodeURIComponent).join("/");
    return record[4] ? url + "#" + encodeURIComponent(record[4]) : url;
  }

  function renderResult(index, result, query, id) {
    var record = result.record;
    var option = element("a", "search-result kind-" + result.kind.key);
    option.id = id;
    option.href = href(index, record);
    option.setAttribute("role", "option");
    option.setAttribute("aria-selected", "false");
    option.tabIndex = -1;

    var title = element("span", "search-result-title");
    if (result.kind.key === "rule" && record[6]) {
      var strength = record[6].split(" ")[0];
      title.appendChild(element("span", "rule-badge strength-" + strength.replace(/[^a-z]/g, ""), record[6]));
      title.appendChild(document.createTextNode(" "));
    }
    if (result.kind.key === "example" && record[6]) {
      title.appendChild(element("span", "polarity polarity-" + record[6].replace(/[^a-z]/g, ""), record[6]));
      title.appendChild(document.createTextNode(" "));
    }
    title.appendChild(highlighted(record[2], query));
    option.appendChild(title);

    var documentTitle = (index.d[record[1]] || [""])[0];
    var path = [documentTitle].concat(record[5] ? [record[5]] : []).join(" › ");
    if (result.kind.key !== "document") option.appendChild(element("span", "search-result-path", path));
    if (record[3]) {
      var text = element("span", result.kind.key === "example" ? "search-result-text search-result-code" : "search-result-text");
      text.appendChild(highlighted(result.kind.key === "example" ? record[3] : around(record[3], query, 110), query));
      option.appendChild(text);
    }
    return option;
  }

  /* ---------- The search box ---------- */

  function init() {
    var input = document.getElementById("search-input");
    var listbox = document.getElementById("search-results");
    if (!input || !listbox) return;
    var form = input.form || input.parentNode;
    var panel = document.getElementById("search-panel") || listbox;
    var status = document.getElementById("search-status");
    var message = document.getElementById("search-message");

    input.setAttribute("role", "combobox");
    input.setAttribute("aria-autocomplete", "list");
    input.setAttribute("aria-controls", listbox.id);
    input.setAttribute("aria-expanded", "false");
    listbox.setAttribute("aria-label", "Search results");

    var options = [];
    var active = -1;
    var sequence = 0;
    var timer = null;
    var lastQuery = null;

    function setOpen(open) {
      panel.hidden = !open;
      if (panel !== listbox) listbox.hidden = false;
      input.setAttribute("aria-expanded", open && options.length ? "true" : "false");
      if (!open) setActive(-1);
    }

    function setActive(position) {
      if (active >= 0 && options[active]) {
        options[active].setAttribute("aria-selected", "false");
        options[active].classList.remove("active");
      }
      active = position;
      if (active >= 0 && options[active]) {
        options[active].setAttribute("aria-selected", "true");
        options[active].classList.add("active");
        input.setAttribute("aria-activedescendant", options[active].id);
        options[active].scrollIntoView({ block: "nearest" });
      } else {
        input.removeAttribute("aria-activedescendant");
      }
    }

    /* Announces `text` (live region); `visible` also shows it in the panel (no results, errors). */
    function say(text, visible) {
      if (status) status.textContent = text;
      if (message) message.textContent = visible ? text : "";
    }

    function show(outcome, query, text) {
      listbox.textContent = "";
      options = [];
      active = -1;
      var groups = {};
      var order = [];
      outcome.results.forEach(function (result) {
        var key = result.kind.key;
        if (!groups[key]) { groups[key] = []; order.push(key); }
        groups[key].push(result);
      });
      order.forEach(function (key) {
        var kind = KINDS.filter(function (candidate) { return candidate.key === key; })[0];
        var group = element("div", "search-group");
        group.setAttribute("role", "group");
        var label = element("div", "search-group-label", kind.label);
        label.id = "search-group-" + key;
        label.setAttribute("role", "presentation");
        group.setAttribute("aria-labelledby", label.id);
        group.appendChild(label);
        groups[key].slice(0, PER_GROUP).forEach(function (result) {
          var option = renderResult(outcome.index, result, query, "search-option-" + options.length);
          options.push(option);
          group.appendChild(option);
        });
        listbox.appendChild(group);
      });
      if (!options.length) {
        say("No results for “" + text + "”", true);
      } else {
        var shown = options.length;
        say(shown + (shown === 1 ? " result" : " results") + (outcome.partial ? " matching some of the words" : "")
          + (outcome.total > shown ? " (best " + shown + " of " + outcome.total + ")" : ""));
      }
      setOpen(true);
    }

    /* Searches for the box's text (unless the list already shows it); resolves when the list is up to date.
       The listbox's data-query attribute then names the query it shows (for tests and styles). */
    function run() {
      var text = input.value.trim();
      if (text === lastQuery && !panel.hidden) return Promise.resolve();
      lastQuery = text;
      var mine = ++sequence;
      function done() { listbox.setAttribute("data-query", text); }
      if (!text) { listbox.textContent = ""; options = []; say(""); setOpen(false); done(); return Promise.resolve(); }
      return loadIndex().then(function (index) {
        var query = queryWords(text, index);
        if (!query.length) {
          if (mine !== sequence) return;
          listbox.textContent = ""; options = [];
          say("Type a longer word to search", true);
          setOpen(true);
          done();
          return;
        }
        return search(index, query).then(function (outcome) {
          if (mine !== sequence) return;
          outcome.index = index;
          show(outcome, query, text);
          done();
        });
      }).catch(function (error) {
        if (mine !== sequence) return;
        listbox.textContent = ""; options = [];
        say("Search is unavailable: " + error.message, true);
        setOpen(true);
        done();
      });
    }

    function schedule() {
      clearTimeout(timer);
      timer = setTimeout(run, 60);
    }

    input.addEventListener("focus", function () {
      loadIndex().catch(function () { /* reported when searching */ });
      if (input.value.trim() && panel.hidden) { lastQuery = null; schedule(); }
    });
    input.addEventListener("input", schedule);
    input.addEventListener("keydown", function (event) {
      switch (event.key) {
      case "ArrowDown":
      case "ArrowUp":
        event.preventDefault();
        if (panel.hidden) { lastQuery = null; run(); return; }
        if (!options.length) return;
        var step = event.key === "ArrowDown" ? 1 : -1;
        setActive(active < 0 ? (step > 0 ? 0 : options.length - 1) : (active + step + options.length) % options.length);
        break;
      case "Enter":
        event.preventDefault();
        clearTimeout(timer);
        var stale = panel.hidden || input.value.trim() !== lastQuery;
        run().then(function () {
          var chosen = options[active >= 0 && !stale ? active : 0];
          if (chosen) { setOpen(false); window.location.href = chosen.href; }
        });
        break;
      case "Escape":
        if (!panel.hidden) { event.preventDefault(); event.stopPropagation(); setOpen(false); }
        else if (input.value) { event.preventDefault(); input.value = ""; lastQuery = null; say(""); }
        else input.blur();
        break;
      }
    });
    listbox.addEventListener("mousemove", function (event) {
      var option = event.target.closest && event.target.closest("[role=option]");
      var position = options.indexOf(option);
      if (position >= 0 && position !== active) setActive(position);
    });
    /* Keep the focus in the box when the list is clicked (its scroll bar excepted), so it stays open. */
    panel.addEventListener("mousedown", function (event) {
      if (event.target !== panel) event.preventDefault();
    });
    listbox.addEventListener("click", function (event) {
      if (event.target.closest && event.target.closest("[role=option]")) setOpen(false);
    });
    form.addEventListener("focusout", function (event) {
      if (!event.relatedTarget || !form.contains(event.relatedTarget)) setTimeout(function () {
        if (!form.contains(document.activeElement)) setOpen(false);
      }, 0);
    });
    document.addEventListener("click", function (event) {
      if (!form.contains(event.target)) setOpen(false);
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init); else init();
})();
