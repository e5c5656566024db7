"""The area editor's inspector ticks a move line's two flags a designer otherwise types into the
TOML by hand (docs/format.md, ``[lines]``): *Strait crossing* (``crossing``, a land line across
water on purpose: ``mapref check`` stops warning ``land-line-apart``) and *Wraps round the map
edge* (``wrap``, drawn as two stubs).  Each tick is one edit as any other field's: undone with
Ctrl+Z, the map marked unsaved, the problems panel following, Ctrl+S writing it to the file.

The editors open on the 1366x768 display (``laptop_tk``): the inspector's rows must be on it."""

import time
import tomllib

from mapref.core.areamodel import MoveLine
from mapref.io.areafile import dumps_area_map
from mapref.ui import screenshot
from mapref.ui.area_editor import AreaEditor
from tests.helpers import mapref
from tests.ui.test_area_editor import SAMPLE, at_zoom_2
from tests.ui.test_area_wrap_lines import world

# Struggle for Europe's sample map with a land line from Bern to Algiers, across the sea
STRAIT = 'bern-algiers = { a = "bern", b = "algiers", kind = "land" }\n'


def open_editor(root, path):
    ed = AreaEditor(root, path, quiet=True)
    root.geometry("+0+0")
    root.update()
    return ed


def rows(ed):
    """The problems panel's rows as the user reads them: (where, message)."""
    t = ed.problems.tree
    return [tuple(t.item(i, "values")) for i in t.get_children()]


def wait_for(ed, cond, what):
    """The problems panel checks again after a pause in the editing: wait for it (5 s at most)."""
    end = time.monotonic() + 5
    while not cond():
        assert time.monotonic() < end, f"{what}; the panel shows {rows(ed)}"
        ed.root.update()
        time.sleep(0.02)


def apart(ed, lid):
    return [r for r in rows(ed) if "share no border" in r[1] and lid in r[1]]


def key(ed, sequence):
    c = ed.canvas
    c.focus_force()
    ed.root.update()
    c.event_generate(sequence)
    ed.root.update()


def pick_problem(ed, lid):
    """Click the problem's row: the editor selects the line and shows it in the inspector."""
    t = ed.problems.tree
    (iid,) = [i for i in t.get_children() if lid in t.item(i, "values")[1]]
    t.selection_set(iid)
    ed.root.update()
    assert ed.selected == ("line", lid)


def shown(w):
    return bool(w.winfo_ismapped())


def tooltip_of(ed, w):
    """Rest the mouse on ``w``: the text of the tooltip that opens under it."""
    import tkinter as tk

    w.event_generate("<Enter>")
    end = time.monotonic() + 3
    while True:
        ed.root.update()
        tips = [t for t in w.winfo_children() if isinstance(t, tk.Toplevel)]
        if tips:
            (label,) = tips[0].winfo_children()
            text = label.cget("text")
            tip = tips[0]  # all of it on the screen, though the inspector is at its right edge
            assert 0 <= tip.winfo_rootx() and tip.winfo_rootx() + tip.winfo_width() <= tip.winfo_screenwidth(), text
            assert tip.winfo_rooty() + tip.winfo_height() <= tip.winfo_screenheight(), text
            w.event_generate("<Leave>")
            ed.root.update()
            return text
        assert time.monotonic() < end, "no tooltip"
        time.sleep(0.05)


def test_tick_strait_crossing_clears_the_warning_saves_it_and_ctrl_z_unticks(laptop_tk, tmp_path):
    path = tmp_path / "m.toml"
    path.write_text(SAMPLE.read_text(encoding="utf-8") + STRAIT, encoding="utf-8")
    before = mapref("check", "--strict", path)
    assert before.returncode != 0 and "land-line-apart" in before.stdout + before.stderr
    ed = open_editor(laptop_tk, path)
    m, ins = ed.model, ed.inspector
    ed.problems.run()
    laptop_tk.update()
    (row,) = apart(ed, "bern-algiers")
    assert "mark it crossing = true" in row[1]

    pick_problem(ed, "bern-algiers")
    box = ins.widgets["line"]["crossing"]
    label, _ = ins.rows["line"]["crossing"]
    assert shown(box) and label.cget("text") == "Strait crossing" and ins.vars["line"]["crossing"].get() == 0
    assert tooltip_of(ed, box).startswith("Strait crossing (land line across water)")
    # the inspector fits the laptop's screen: the tick boxes are on it, inside the window
    bottom = laptop_tk.winfo_rooty() + laptop_tk.winfo_height()
    assert laptop_tk.winfo_screenheight() == 768 and box.winfo_rooty() + box.winfo_height() <= min(bottom, 768)
    screenshot(ins, tmp_path / "inspector.png")

    box.invoke()  # the user ticks it
    laptop_tk.update()
    assert m.lines["bern-algiers"].crossing and laptop_tk.title().startswith("*")
    assert ed.history.undo_label() == "Set crossing of line bern-algiers"
    wait_for(
        ed, lambda: not apart(ed, "bern-algiers"), "the land-line-apart warning stays after ticking Strait crossing"
    )
    assert "strait crossing" in ins.info.get()

    key(ed, "<Control-s>")
    assert not laptop_tk.title().startswith("*")
    saved = tomllib.loads(path.read_text(encoding="utf-8"))
    assert saved["lines"]["bern-algiers"] == {"a": "bern", "b": "algiers", "kind": "land", "crossing": True}
    after = mapref("check", "--strict", path)
    assert after.returncode == 0 and "land-line-apart" not in after.stdout + after.stderr, after.stdout + after.stderr

    key(ed, "<Control-z>")
    assert ins.vars["line"]["crossing"].get() == 0 and not m.lines["bern-algiers"].crossing
    assert laptop_tk.title().startswith("*")
    wait_for(ed, lambda: apart(ed, "bern-algiers"), "the warning is not back after Ctrl+Z")


def test_strait_crossing_is_offered_for_land_lines_only_and_wrap_only_on_a_map_that_wraps(laptop_tk, tmp_path):
    path = tmp_path / "m.toml"
    path.write_text(SAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    ed = open_editor(laptop_tk, path)
    ins = ed.inspector
    crossing, wrap = ins.widgets["line"]["crossing"], ins.widgets["line"]["wrap"]
    ed.select("line", "london-algiers")  # naval: a crossing is about land lines (arealint's land-line-apart)
    laptop_tk.update()
    assert not shown(crossing) and not shown(ins.rows["line"]["crossing"][0])
    # the sample map has no [wrap] seams: a line cannot wrap round it (the file would be refused),
    # so the box is there, greyed, and says why
    assert shown(wrap) and wrap.instate(["disabled"])
    assert "this map does not wrap" in tooltip_of(ed, wrap)
    ed.select("line", "ruhr-berlin")
    laptop_tk.update()
    assert shown(crossing) and crossing.instate(["!disabled"])
    wrap.invoke()  # greyed: nothing happens
    laptop_tk.update()
    assert not ed.model.lines["ruhr-berlin"].wrap and not laptop_tk.title().startswith("*")


def test_tick_wraps_round_draws_two_stubs_clears_the_warning_saves_and_ctrl_z_unticks(laptop_tk, tmp_path):
    m = world(wrap=False)  # Far West and Far East meet only across the seam, round the back
    m.lines["far_west-middle"] = MoveLine("far_west-middle", "far_west", "middle")
    m.lines["far_east-middle"] = MoveLine("far_east-middle", "far_east", "middle")
    path = tmp_path / "world.toml"
    path.write_text(dumps_area_map(m), encoding="utf-8")
    ed = open_editor(laptop_tk, path)
    m, ins, c = ed.model, ed.inspector, ed.canvas
    at_zoom_2(ed)
    lid = "far_east-far_west"

    def paths():
        return [c.coords(i)[0::2] for i in c.find_withtag(f"line:{lid}") if "path" in c.gettags(i)]

    (xs,) = paths()  # one line straight across the whole map
    assert min(xs) <= 2 * 50 + 2 and max(xs) >= 2 * 550 - 2
    ed.problems.run()
    laptop_tk.update()
    assert apart(ed, lid)
    pick_problem(ed, lid)
    at_zoom_2(ed)
    box = ins.widgets["line"]["wrap"]
    assert shown(box) and box.instate(["!disabled"]) and ins.vars["line"]["wrap"].get() == 0
    assert ins.rows["line"]["wrap"][0].cget("text") == "Wraps round the map edge"
    assert tooltip_of(ed, box).startswith("Wraps round the map edge")

    box.invoke()
    laptop_tk.update()
    assert m.lines[lid].wrap and laptop_tk.title().startswith("*")
    stubs = paths()  # two stubs, each in its own outer third, off the edge, none across the middle
    assert len(stubs) == 2
    for xs in stubs:
        assert max(xs) - min(xs) <= 2 * 110 and (max(xs) < 2 * 200 or min(xs) > 2 * 400)
    assert [c.itemcget(i, "arrow") for i in c.find_withtag(f"line:{lid}") if "path" in c.gettags(i)] == ["last", "last"]
    wait_for(ed, lambda: not apart(ed, lid), "the land-line-apart warning stays after ticking Wraps round")
    assert "round the map edge" in ins.info.get()

    key(ed, "<Control-s>")
    assert not laptop_tk.title().startswith("*")
    saved = tomllib.loads(path.read_text(encoding="utf-8"))
    assert saved["lines"][lid]["wrap"] is True
    r = mapref("check", "--strict", path)
    assert r.returncode == 0 and "land-line-apart" not in r.stdout + r.stderr, r.stdout + r.stderr

    key(ed, "<Control-z>")
    assert ins.vars["line"]["wrap"].get() == 0 and not m.lines[lid].wrap
    (xs,) = paths()
    assert min(xs) <= 2 * 50 + 2 and max(xs) >= 2 * 550 - 2
    wait_for(ed, lambda: apart(ed, lid), "the warning is not back after Ctrl+Z")
