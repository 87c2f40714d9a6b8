// MARK: - The script added to served pages

/// The inline script `docgen serve` appends to every page (through `BuildOptions.reloadScript`; never in
/// `docgen build`).
///
/// It connects to the event stream and
/// - on `reload` saves the scroll position in `sessionStorage` and reloads (only when the event lists this
///   page, or lists no pages); the position is restored on load;
/// - on `hello` reloads when the page predates the current build (a build finished while the page was
///   loading) or, after a reconnection, when the server restarted or rebuilt meanwhile — at most once per
///   build, so a clock difference cannot loop;
/// - on `problems` shows the theme's `#docgen-overlay` with one `file:line:col: message` entry per
///   problem, built with DOM calls and `textContent` only (never `innerHTML` of user text), and removes
///   it when the list is empty.
public enum ReloadScript {
    /// The path of the event stream.
    public static let eventsPath = "/_docgen/events"

    /// The `<script>` element.
    public static let html = """
        <script id="docgen-reload">(function () {
          "use strict";
          var KEY = "docgen-scroll:" + location.pathname, SEEN = "docgen-reloaded-for";
          try {
            var saved = sessionStorage.getItem(KEY);
            if (saved !== null) {
              sessionStorage.removeItem(KEY);
              var restore = function () { window.scrollTo(0, Number(saved) || 0); };
              if (document.readyState === "complete") restore(); else window.addEventListener("load", restore);
            }
          } catch (e) { /* storage unavailable */ }
          if (!window.EventSource) return;
          var known = null;
          function reload(build) {
            try {
              sessionStorage.setItem(KEY, String(window.scrollY || window.pageYOffset || 0));
              if (build) sessionStorage.setItem(SEEN, build);
            } catch (e) { /* storage unavailable */ }
            location.reload();
          }
          function show(report) {
            var old = document.getElementById("docgen-overlay");
            if (old) old.parentNode.removeChild(old);
            if (!report || !report.problems || report.problems.length === 0) return;
            var overlay = document.createElement("div");
            overlay.id = "docgen-overlay";
            overlay.setAttribute("role", "alert");
            var header = document.createElement("header");
            var title = document.createElement("span");
            title.textContent = report.title || "Problems";
            var dismiss = document.createElement("button");
            dismiss.type = "button";
            dismiss.textContent = "Dismiss";
            dismiss.addEventListener("click", function () { overlay.parentNode.removeChild(overlay); });
            header.appendChild(title);
            header.appendChild(dismiss);
            var list = document.createElement("ul");
            report.problems.forEach(function (problem) {
              var item = document.createElement("li");
              item.textContent = (problem.location ? problem.location + ": " : "") + problem.severity + ": " + problem.message;
              list.appendChild(item);
            });
            overlay.appendChild(header);
            overlay.appendChild(list);
            document.body.appendChild(overlay);
          }
          var source = new EventSource("\(eventsPath)");
          source.addEventListener("hello", function (event) {
            var status = JSON.parse(event.data), build = status.instance + ":" + status.generation;
            if (known === null) {
              known = build;
              var seen = null;
              try { seen = sessionStorage.getItem(SEEN); } catch (e) { /* storage unavailable */ }
              var origin = (window.performance && performance.timeOrigin) || 0;
              if (status.generation > 0 && origin > 0 && status.builtAt > origin && seen !== build) reload(build);
            } else if (known !== build) {
              reload(build);
            }
          });
          // This page's site path: "/guides/a.html" -> "guides/a.html", "/" -> "index.html".
          function sitePath() {
            var path = location.pathname;
            try { path = decodeURIComponent(path); } catch (e) { /* keep it encoded */ }
            path = path.replace(/^\\/+/, "");
            return path === "" || path.charAt(path.length - 1) === "/" ? path + "index.html" : path;
          }
          source.addEventListener("reload", function (event) {
            var status = JSON.parse(event.data), build = status.instance + ":" + status.generation;
            // A reload that lists pages concerns only those; the others are up to date already.
            if (status.pages && status.pages.indexOf(sitePath()) < 0) { known = build; return; }
            reload(build);
          });
          source.addEventListener("problems", function (event) { show(JSON.parse(event.data)); });
        })();</script>
        """
}
