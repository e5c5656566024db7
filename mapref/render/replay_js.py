"""The script and the style of the replay on the position page (:mod:`mapref.render.replay`).

The page carries the game's positions as a table of chunks and the steps between them
(``replay-data``).  The script steps through them: a bar under the map with a slider, buttons and
the arrow keys (Home and End for the opening and the last position), the action's line (what it
did, its rule) and the spaces it touched, ringed on the map; the log's line of the action shown is
marked, the later ones greyed.  A step patches only what changed: for each part of the page (an
SVG layer, the turn and step, the panels, the report, the spaces' facts, the pieces' verdicts)
the runs of chunks the step replaces.  A jump of many steps works the positions out first and
redraws each changed part once.  ``window.mapref.replay`` is its handle: ``go(k)``, ``at()``,
``last()``, ``update(u)`` (a served page following the game live: :mod:`mapref.serve`).  Nothing
is fetched.
"""

REPLAY_CSS = """
#replay{position:sticky;bottom:0;z-index:5;display:flex;flex-wrap:wrap;align-items:center;gap:4px 6px;padding:6px 10px;background:#ebe5d3;border-top:1px solid #c9c2ae;font-size:13px}
#replay[hidden]{display:none}
#replay button{min-width:38px;height:34px;padding:2px 6px}
#replay-slider{flex:1;min-width:120px;height:28px}
#replay-count{min-width:72px;text-align:right;font-variant-numeric:tabular-nums}
#replay-state{font-weight:bold;padding:2px 8px;border-radius:10px;background:#d6cfba}
#replay-state.live{background:#1e9e3a;color:#fff}
#replay-state.lost{background:#c0150c;color:#fff}
#replay-action{flex-basis:100%;min-height:1.3em;overflow-wrap:anywhere}
#replay-action .rule{color:#555}
#replay-action .spaces{color:#0b4ea2}
#log li.at{background:#fff3b0;font-weight:bold}
#log li.later{color:#999}
#map .touched{fill:none;stroke:#0b63ff;stroke-width:4px;stroke-dasharray:8 4;pointer-events:none}
main{height:calc(100% - 64px - 80px)}
@media (max-width:800px){main{height:auto}}
@media print{#replay{display:none}}
"""

REPLAY_JS = r"""
(function () {
  "use strict";
  var R = JSON.parse(document.getElementById("replay-data").textContent);
  var M = window.mapref, D = M.data, svg = document.getElementById("map");
  var T = R.table, kinds = R.parts, steps = R.steps, lines = R.log, skipped = R.skipped || 0;
  var version = R.version, last = steps.length, at = last, want = null, partial = !!R.partial;
  var cur = {};

  // ------------------------------------------------------------------ the chunks
  function box(part) {
    if (kinds[part] === "svg") {
      var g = document.getElementById(part);
      if (!g) {
        g = document.createElementNS("http://www.w3.org/2000/svg", "g");
        g.id = part; g.setAttribute("class", "layer");
        svg.appendChild(g);
      }
      return g;
    }
    return kinds[part] === "data" ? null : document.getElementById(part);
  }
  function chunk(id) { return T[id]; }
  function run(list, ops, back) {  // the step's runs applied to a list of chunk ids, last run first
    for (var o = ops.length - 1; o >= 0; o--) {
      var op = ops[o];
      var args = [back ? op[1] : op[0], (back ? op[3] : op[2]).length].concat(back ? op[2] : op[3]);
      Array.prototype.splice.apply(list, args);
    }
  }
  function key(part, v) { return part === "spaces" ? v[0] : v.n; }
  function putData(part, ids, on) {
    var store = part === "spaces" ? D.spaces : D.pieces;
    ids.forEach(function (id) {
      var v = JSON.parse(chunk(id));
      if (!on) delete store[key(part, v)];
      else store[key(part, v)] = part === "spaces" ? v.slice(1) : v;
    });
  }
  function fill(part, list) {  // a part drawn whole from its chunks
    var kind = kinds[part], b = box(part);
    if (kind === "data") {
      if (part === "spaces") D.spaces = {}; else D.pieces = {};
      putData(part, list, true);
    } else if (b) {
      b.innerHTML = list.map(chunk).join("");
    }
  }
  function patch(part, ops, back) {  // a part patched by one step
    var kind = kinds[part], list = cur[part] || (cur[part] = []), b = box(part);
    if (kind === "data") {
      ops.forEach(function (op) { putData(part, back ? op[3] : op[2], false); });
      ops.forEach(function (op) { putData(part, back ? op[2] : op[3], true); });
      run(list, ops, back);
      return;
    }
    if (!b) { run(list, ops, back); return; }
    if (kind === "one" || b.children.length !== list.length) { run(list, ops, back); fill(part, list); return; }
    for (var o = ops.length - 1; o >= 0; o--) {
      var op = ops[o], where = back ? op[1] : op[0], gone = back ? op[3] : op[2], come = back ? op[2] : op[3];
      for (var n = 0; n < gone.length; n++) b.removeChild(b.children[where]);
      if (come.length) {
        var html = come.map(chunk).join(""), ref = b.children[where];
        if (ref) ref.insertAdjacentHTML("beforebegin", html); else b.insertAdjacentHTML("beforeend", html);
      }
    }
    run(list, ops, back);
  }
  function lists(first, upto) {  // the chunk ids of position upto, worked out from the opening one
    var out = {};
    Object.keys(kinds).forEach(function (p) { out[p] = (first[p] || []).slice(); });
    for (var k = 0; k < upto; k++) {
      Object.keys(steps[k]).forEach(function (p) { run(out[p] || (out[p] = []), steps[k][p], false); });
    }
    return out;
  }
  function fromPage() {  // the chunks the page holds already (null in the table): read from it
    Object.keys(cur).forEach(function (part) {
      var kind = kinds[part], b = box(part);
      cur[part].forEach(function (id, i) {
        if (T[id] !== null && T[id] !== undefined) return;
        if (kind === "data") {
          var p = R.keys && R.keys[id];
          T[id] = JSON.stringify(part === "spaces" ? [p].concat(D.spaces[p]) : D.pieces[p]);
        } else if (kind === "one") {
          T[id] = b ? b.innerHTML : "";
        } else {
          T[id] = b && b.children[i] ? b.children[i].outerHTML : "";
        }
      });
    });
  }

  // ------------------------------------------------------------- going to a position
  function redraw(target) {  // many steps at once: each changed part drawn once
    var next = lists(R.first, target);
    Object.keys(next).forEach(function (part) {
      var a = cur[part] || [], b = next[part];
      if (a.length === b.length && a.every(function (x, i) { return x === b[i]; })) return;
      cur[part] = b;
      fill(part, b);
    });
    at = target;
  }
  function go(k) {
    k = Math.max(0, Math.min(last, k | 0));
    var keep = M.selected(), body = document.getElementById("inspector-body");
    var space = keep < 0 && body.querySelector(".space") ? body.querySelector(".space").getAttribute("data-space") : null;
    if (Math.abs(k - at) > 8) redraw(k);
    while (at < k) { var s = steps[at]; Object.keys(s).forEach(function (p) { patch(p, s[p], false); }); at++; }
    while (at > k) { at--; var t = steps[at]; Object.keys(t).forEach(function (p) { patch(p, t[p], true); }); }
    if (keep >= 0) {  // the piece selected stays selected, its verdict as it stands now
      M.clearSelection();
      if (D.pieces[keep]) M.selectPiece(keep); else body.textContent = "";
    } else if (space) {
      M.showSpace(space);
    }
    show();
  }

  // ---------------------------------------------------------------------- the bar
  var bar = document.createElement("div");
  bar.id = "replay"; bar.setAttribute("role", "group"); bar.setAttribute("aria-label", "Replay of the log");
  bar.innerHTML = '<button id="replay-first" type="button" aria-label="the opening position" title="Home">|&#x25C0;</button>' +
    '<button id="replay-prev" type="button" aria-label="one action back" title="Left arrow">&#x25C0;</button>' +
    '<input id="replay-slider" type="range" min="0" value="0" step="1" aria-label="the position after each action">' +
    '<button id="replay-next" type="button" aria-label="one action on" title="Right arrow">&#x25B6;</button>' +
    '<button id="replay-last" type="button" aria-label="the last position" title="End">&#x25B6;|</button>' +
    '<span id="replay-count"></span><span id="replay-state"></span><div id="replay-action" aria-live="polite"></div>';
  document.querySelector("main").insertAdjacentElement("afterend", bar);
  var slider = document.getElementById("replay-slider"), count = document.getElementById("replay-count");
  var action = document.getElementById("replay-action"), state = document.getElementById("replay-state");
  function spaceName(id) {
    var s = D.spaces[id];
    if (!s || !s[0] || s[0] === id) return id;
    return D.kind === "hex" ? id + " " + s[0] : s[0];
  }
  function touched(e) {  // the spaces the action touched, ringed (where the page drew them)
    var g = document.getElementById("layer-touched");
    if (!g) { g = document.createElementNS("http://www.w3.org/2000/svg", "g"); g.id = "layer-touched"; svg.appendChild(g); }
    g.textContent = "";
    if (!e) return;
    var r = D.unit * (D.kind === "hex" ? 1.05 : 1.6);
    e.spaces.forEach(function (sp, i) {
      var p = e.at && e.at[i];
      if (!p) return;
      var mark = document.createElementNS("http://www.w3.org/2000/svg", "ellipse");
      mark.setAttribute("cx", p[0]); mark.setAttribute("cy", p[1]); mark.setAttribute("rx", r); mark.setAttribute("ry", r);
      mark.setAttribute("class", "touched");
      mark.setAttribute("data-touched", sp);
      g.appendChild(mark);
    });
  }
  var marks = {items: null, at: -1, later: -1};
  function markLog() {  // the log's line of the action shown marked, the later ones greyed
    var a = skipped + at - 1, later = skipped + at, items = marks.items, i;
    if (!items) {
      items = marks.items = document.querySelectorAll("#log li");
      for (i = 0; i < items.length; i++) { items[i].classList.toggle("at", i === a); items[i].classList.toggle("later", i >= later); }
    } else {
      if (marks.at >= 0 && items[marks.at]) items[marks.at].classList.remove("at");
      if (a >= 0 && items[a]) items[a].classList.add("at");
      for (i = Math.min(marks.later, later); i < Math.max(marks.later, later) && i < items.length; i++) {
        items[i].classList.toggle("later", i >= later);
      }
    }
    marks.at = a; marks.later = later;
  }
  function text(tag, t, cls) { var e = document.createElement(tag); e.textContent = t; if (cls) e.className = cls; return e; }
  function show() {
    bar.hidden = last === 0 && !lines.length && !state.hasAttribute("data-live");  // a served page says it is live
    slider.max = String(last); slider.value = String(at);
    count.textContent = at + " / " + last;
    action.textContent = "";
    var e = at > 0 ? lines[skipped + at - 1] : null;
    if (e) {
      action.appendChild(text("span", e.line.replace(/ \[[^\]]*\]( AGAINST THE RULES.*)?$/, "")));
      if (e.rule) action.appendChild(text("span", " [" + e.rule + "]", "rule"));
      if (e.spaces.length) action.appendChild(text("span", " \u2014 " + e.spaces.map(spaceName).join(", "), "spaces"));
    } else {
      action.appendChild(text("span", partial ? "The earlier positions are on their way" :
        skipped ? "The position before action " + (skipped + 1) + " (the log takes the game back no further)" : "The opening position, before any action"));
    }
    touched(e);
    markLog();
    if (!state.classList.contains("lost")) {
      var live = state.getAttribute("data-live") === "1";
      state.textContent = at === last ? (live ? "live" : "last position") : "replay";
      state.classList.toggle("live", live && at === last);
    }
    document.body.setAttribute("data-at", String(at));
  }
  function schedule(k) {  // a slider dragged: one position a frame
    if (want === null) requestAnimationFrame(function () { var w = want; want = null; go(w); });
    want = k;
  }
  slider.addEventListener("input", function () { schedule(+slider.value); });
  document.getElementById("replay-first").addEventListener("click", function () { go(0); });
  document.getElementById("replay-prev").addEventListener("click", function () { go(at - 1); });
  document.getElementById("replay-next").addEventListener("click", function () { go(at + 1); });
  document.getElementById("replay-last").addEventListener("click", function () { go(last); });
  document.addEventListener("keydown", function (e) {
    if (e.ctrlKey || e.metaKey || e.altKey || e.target === slider) return;
    var tag = e.target && e.target.tagName;
    if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT") return;
    var to = {ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: last}[e.key];
    if (to === undefined) return;
    e.preventDefault();
    go(to);
  });

  // ------------------------------------------------------------------ live updates
  function setLog(keep, more) {
    marks.items = null;
    lines.length = keep;
    more.forEach(function (l) { lines.push(l); });
    var sec = document.getElementById("log"), ol = sec.querySelector("ul.log");
    if (!lines.length) { if (ol) ol.remove(); if (!sec.querySelector(".none")) sec.appendChild(text("p", "nothing done yet", "none")); return; }
    var none = sec.querySelector(".none"); if (none) none.remove();
    if (!ol) { ol = document.createElement("ul"); ol.className = "log"; sec.appendChild(ol); }
    while (ol.children.length > keep) ol.removeChild(ol.lastElementChild);
    more.forEach(function (l) { ol.appendChild(text("li", l.line)); });
  }
  function update(u) {
    var follow = at === last;
    (u.table || []).forEach(function (c, i) { T[u.at_table + i] = c; });
    if (u.first) {
      R.first = u.first; steps = u.steps; last = steps.length;
      cur = {}; redraw(follow ? last : Math.min(at, last));
    } else {
      if (at > u.keep - 1) go(u.keep - 1);
      steps.length = u.keep - 1;
      u.steps.forEach(function (s) { steps.push(s); });
      last = steps.length;
    }
    skipped = u.skipped || 0;
    partial = !!u.partial;
    setLog(u.log_keep, u.log);
    if (u.css) {
      var st = document.getElementById("replay-css");
      if (!st) { st = document.createElement("style"); st.id = "replay-css"; document.head.appendChild(st); }
      st.textContent = u.css;
    }
    var defs = svg.querySelector("defs");
    (u.defs || []).forEach(function (d) {
      var id = d.split('"')[1];
      if (!document.getElementById(id)) defs.insertAdjacentHTML("beforeend", d);
    });
    version = u.version;
    go(follow ? last : Math.min(at, last));
  }
  function setState(what) {  // "live", "lost" or "" (a served page's script says)
    state.setAttribute("data-live", what === "live" ? "1" : "0");
    state.classList.toggle("lost", what === "lost");
    if (what === "lost") { state.textContent = "connection lost"; state.classList.remove("live"); }
    else show();
  }

  cur = lists(R.first, last);
  fromPage();
  show();
  M.replay = {go: go, at: function () { return at; }, last: function () { return last; }, update: update,
    version: function () { return version; }, setState: setState, lines: function () { return lines; }};
})();
"""

__all__ = ["REPLAY_CSS", "REPLAY_JS"]
