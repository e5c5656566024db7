"""The script a served page follows the game with (:mod:`mapref.serve.server`).

It listens to the page's events (``EventSource`` on ``events?have=VERSION&boot=ID``, relative to
the page's own address, so the token comes along) and hands each update to the replay
(``window.mapref.replay.update``): the page shows each new position, undo and redo as they come,
and a viewer stepping back through the log stays where they are while the slider grows.  It
reconnects by itself, asking for what changed since the version it has: at once when the phone
wakes (the page becomes visible again, the network comes back), else after a second, then
longer, up to four.  A page that hears nothing for seven seconds (a ping comes every two) knows its
connection is lost: it says so over a greyed map ("connection lost") rather than show a position
that may be stale, until it is back.  ``closed``: the referee stopped sharing (said, no more
tries); ``reload``: a page of another share (the server was restarted): loaded again.
"""

LIVE_CSS = """
#live-banner{display:none;position:absolute;left:50%;top:40%;transform:translate(-50%,-50%);z-index:4;max-width:80%;padding:14px 18px;border-radius:8px;background:#c0150c;color:#fff;font-weight:bold;text-align:center;box-shadow:0 2px 10px rgba(0,0,0,.35)}
body.lost #live-banner,body.stopped #live-banner{display:block}
body.stopped #live-banner{background:#444}
body.lost #map,body.stopped #map{opacity:.25;filter:grayscale(1)}
"""

LIVE_JS = r"""
(function () {
  "use strict";
  var R = window.mapref.replay, boot = "__BOOT__";
  var es = null, seen = 0, wait = 1000, again = null, over = false;
  var style = document.createElement("style");
  style.textContent = __CSS__;
  document.head.appendChild(style);
  var banner = document.createElement("div");
  banner.id = "live-banner"; banner.setAttribute("role", "alert");
  document.getElementById("mapbox").appendChild(banner);
  function lost() {
    if (over) return;
    document.body.classList.add("lost");
    banner.textContent = "Connection lost: reconnecting. The position shown may be out of date.";
    R.setState("lost");
  }
  function live() {
    seen = Date.now(); wait = 1000;
    if (document.body.classList.contains("lost")) document.body.classList.remove("lost");
    R.setState("live");
  }
  function stopped(why) {
    over = true;
    if (es) { es.close(); es = null; }
    document.body.classList.remove("lost");
    document.body.classList.add("stopped");
    banner.textContent = "The referee stopped sharing this game (" + why + "). This was the last position shared.";
    R.setState("lost");
    document.getElementById("replay-state").textContent = "stopped";
  }
  function retry(after) {
    if (over) return;
    clearTimeout(again);
    again = setTimeout(connect, after);
  }
  function connect() {
    if (over) return;
    if (es) es.close();
    var source = es = new EventSource("events?have=" + R.version() + "&boot=" + encodeURIComponent(boot));
    source.addEventListener("update", function (e) {
      if (source !== es) return;
      var u = JSON.parse(e.data);
      if (u.from !== R.version() && !u.first) { lost(); retry(0); return; }
      R.update(u);
      live();
    });
    source.addEventListener("ping", function () { if (source === es) live(); });
    source.addEventListener("reload", function () { location.reload(); });
    source.addEventListener("closed", function (e) { if (source === es) stopped(e.data); });
    source.onerror = function () {
      if (source !== es) return;
      source.close(); es = null;
      lost();
      retry(wait);
      wait = Math.min(wait * 2, 4000);
    };
  }
  setInterval(function () {  // a connection that went quiet (a phone asleep, a network gone): lost
    if (!over && es && Date.now() - seen > 7000) { lost(); connect(); }
  }, 1000);
  function woke() { if (!over && (!es || Date.now() - seen > 3000)) { lost(); connect(); } }
  document.addEventListener("visibilitychange", function () { if (!document.hidden) woke(); });
  window.addEventListener("online", woke);
  window.addEventListener("pageshow", function (e) { if (e.persisted) woke(); });
  seen = Date.now();
  connect();
  window.mapref.live = {connected: function () { return !!es && !document.body.classList.contains("lost"); },
    stopped: function () { return over; }};
})();
"""


def live_script() -> str:
    """The script, its style in it (``__BOOT__`` is the share's id, filled by the share)."""
    import json

    return LIVE_JS.replace("__CSS__", json.dumps(LIVE_CSS))


__all__ = ["LIVE_CSS", "LIVE_JS", "live_script"]
