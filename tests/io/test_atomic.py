"""Saves keep the mode, write through links, clean up after killed saves, keep a backup, and
refuse to overwrite a file that changed; the lock holds across real processes."""

import os
import signal
import stat
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from mapref.io.atomic import MISSING, ChangedOnDisk, Locked, backup_path, changed_since, file_lock, stamp, write_atomic
from mapref.io.mapfile import load_map, save_map

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "maps" / "sample.toml"


def python(code: str, *args: str, **kw) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(code), *args],
        env=env,
        text=True,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        **kw,
    )


def mode(p: Path) -> int:
    return stat.S_IMODE(os.stat(p).st_mode)


def test_a_save_keeps_the_files_mode(tmp_path):
    p = tmp_path / "g.toml"
    p.write_text("old")
    for m in (0o640, 0o664, 0o600):
        os.chmod(p, m)
        write_atomic(p, f"mode {m:o}")
        assert mode(p) == m and p.read_text() == f"mode {m:o}"


def test_a_new_file_gets_0666_less_the_umask(tmp_path):
    old = os.umask(0o027)
    try:
        write_atomic(tmp_path / "new.toml", "x")
    finally:
        os.umask(old)
    assert mode(tmp_path / "new.toml") == 0o640


def test_a_save_writes_through_a_symbolic_link(tmp_path):
    real = tmp_path / "games" / "real.toml"
    real.parent.mkdir()
    real.write_text("old")
    os.chmod(real, 0o644)
    link = tmp_path / "current.toml"
    link.symlink_to(Path("games") / "real.toml")
    write_atomic(link, "new")
    assert link.is_symlink() and os.readlink(link) == str(Path("games") / "real.toml")
    assert real.read_text() == "new" and mode(real) == 0o644
    assert sorted(p.name for p in real.parent.iterdir()) == ["real.toml"]


def test_a_dangling_link_gets_its_target_and_a_loop_is_an_error(tmp_path):
    link = tmp_path / "l.toml"
    link.symlink_to("made.toml")
    write_atomic(link, "x")
    assert link.is_symlink() and (tmp_path / "made.toml").read_text() == "x"
    a, b = tmp_path / "a.toml", tmp_path / "b.toml"
    a.symlink_to(b)
    b.symlink_to(a)
    with pytest.raises(OSError, match="symbolic links"):
        write_atomic(a, "x")
    assert a.is_symlink() and b.is_symlink()


def test_the_temporary_of_a_killed_save_is_removed_by_the_next_save(tmp_path):
    target = tmp_path / "map.toml"
    target.write_text("old")
    # a real process killed between writing its temporary and renaming it over the file
    child = python(
        """
        import os, signal, sys
        from mapref.io import atomic
        os.replace = lambda *a: os.kill(os.getpid(), signal.SIGKILL)
        atomic.write_atomic(sys.argv[1], "half done")
    """,
        str(target),
    )
    child.communicate()
    assert child.returncode == -signal.SIGKILL
    left = [p.name for p in tmp_path.iterdir() if p.name != "map.toml"]
    assert len(left) == 1 and left[0].startswith(".map.toml.mapref-tmp-")
    assert target.read_text() == "old"
    write_atomic(target, "new")
    assert [p.name for p in tmp_path.iterdir()] == ["map.toml"] and target.read_text() == "new"


def test_a_live_processs_temporary_is_left_alone_unless_it_is_old(tmp_path):
    target = tmp_path / "map.toml"
    live = tmp_path / f".map.toml.mapref-tmp-{os.getppid()}-0a0b0c0d"
    stale = tmp_path / f".map.toml.mapref-tmp-{os.getppid()}-0e0f0a0b"
    other = tmp_path / f".other.toml.mapref-tmp-{os.getppid()}-01020304"
    for p in (live, stale, other):
        p.write_text("x")
    os.utime(stale, (1, 1))
    write_atomic(target, "new")
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([live.name, other.name, "map.toml"])


def test_a_map_save_keeps_the_previous_version_as_bak(tmp_path):
    p = tmp_path / "m.toml"
    p.write_bytes(SAMPLE.read_bytes())
    os.chmod(p, 0o640)
    m = load_map(p)
    m.hex("B5").production = 7
    save_map(m, p)
    bak = backup_path(p)
    assert bak.name == "m.toml.bak" and bak.read_bytes() == SAMPLE.read_bytes() and mode(bak) == 0o640
    assert load_map(p).hex("B5").production == 7 and mode(p) == 0o640
    m.hex("B5").production = 8
    save_map(m, p)
    assert load_map(bak).hex("B5").production == 7 and load_map(p).hex("B5").production == 8
    assert sorted(x.name for x in tmp_path.iterdir()) == ["m.toml", "m.toml.bak"]


def test_the_backup_of_a_linked_map_lies_beside_its_target(tmp_path):
    (tmp_path / "d").mkdir()
    real = tmp_path / "d" / "m.toml"
    real.write_bytes(SAMPLE.read_bytes())
    link = tmp_path / "m.toml"
    link.symlink_to(real)
    save_map(load_map(link), link)
    assert (tmp_path / "d" / "m.toml.bak").read_bytes() == SAMPLE.read_bytes()
    assert sorted(x.name for x in tmp_path.iterdir()) == ["d", "m.toml"]


def test_a_file_changed_since_it_was_read_is_not_overwritten(tmp_path):
    p = tmp_path / "g.toml"
    p.write_text("turn 1")
    before = stamp(p)
    assert not changed_since(p, before)
    child = python("import sys, pathlib; pathlib.Path(sys.argv[1]).write_text('turn 1, moved by the other')", str(p))
    child.communicate()
    assert changed_since(p, before)
    with pytest.raises(ChangedOnDisk, match="changed on disk since it was read"):
        write_atomic(p, "turn 1, moved by me", expect=before)
    assert p.read_text() == "turn 1, moved by the other"
    assert [x.name for x in tmp_path.iterdir()] == ["g.toml"]
    write_atomic(p, "mine", expect=stamp(p))
    assert p.read_text() == "mine"


def test_expecting_no_file_refuses_one_that_appeared(tmp_path):
    p = tmp_path / "g.toml"
    assert stamp(p) == MISSING
    p.write_text("someone else's")
    with pytest.raises(ChangedOnDisk):
        write_atomic(p, "mine", expect=MISSING)
    assert p.read_text() == "someone else's"


HOLDER = """
    import sys
    from mapref.io.atomic import file_lock
    with file_lock(sys.argv[1]):
        print("locked", flush=True)
        sys.stdin.readline()
    print("released", flush=True)
"""


def test_a_lock_held_by_another_process_is_refused_naming_it_then_free(tmp_path):
    p = tmp_path / "g.toml"
    p.write_text("x")
    holder = python(HOLDER, str(p))
    try:
        assert holder.stdout.readline().strip() == "locked"
        with pytest.raises(Locked) as e:
            with file_lock(p, wait=0):
                pass
        assert f"process {holder.pid}" in str(e.value) and "being changed by another mapref" in str(e.value)
        link = tmp_path / "link.toml"
        link.symlink_to(p)
        with pytest.raises(Locked):  # the same file through a link: the same lock
            with file_lock(link, wait=0):
                pass
        holder.stdin.write("\n")
        holder.stdin.flush()
        assert holder.stdout.readline().strip() == "released"
    finally:
        holder.communicate()
    with file_lock(p, wait=0):
        assert (tmp_path / ".g.toml.lock").read_text().strip() == str(os.getpid())


def test_waiting_for_a_lock_gets_it_when_the_holder_dies(tmp_path):
    p = tmp_path / "g.toml"
    holder = python(HOLDER, str(p))
    assert holder.stdout.readline().strip() == "locked"
    holder.kill()
    holder.communicate()
    with file_lock(p):  # waits as long as it takes: the kernel dropped the dead holder's lock
        pass


def test_a_second_lock_of_the_same_file_in_one_process_is_an_error_not_a_deadlock(tmp_path):
    p = tmp_path / "g.toml"
    with file_lock(p):
        with pytest.raises(RuntimeError, match="already holds its lock"):
            with file_lock(p):
                pass
    with file_lock(p, wait=0):
        pass


COUNTER = """
    import sys
    from mapref.io.atomic import file_lock, stamp, write_atomic
    path = sys.argv[1]
    for _ in range(int(sys.argv[2])):
        with file_lock(path):
            before = stamp(path)
            n = int(open(path).read())
            write_atomic(path, str(n + 1), expect=before)
"""


def test_two_processes_incrementing_under_the_lock_lose_no_update(tmp_path):
    p = tmp_path / "counter.toml"
    p.write_text("0")
    procs = [python(COUNTER, str(p), "150") for _ in range(2)]
    for proc in procs:
        out, err = proc.communicate()
        assert proc.returncode == 0, err
    assert p.read_text() == "300"
    assert sorted(x.name for x in tmp_path.iterdir()) == [".counter.toml.lock", "counter.toml"]


SAVER = """
    import sys
    from mapref.io.atomic import write_atomic
    texts = ["A" * 3_000_000 + "\\n", "B" * 3_000_000 + "\\n"]
    n = 0
    while True:
        print(n, flush=True)
        write_atomic(sys.argv[1], texts[n % 2], backup=True)
        n += 1
"""


def test_a_save_killed_anywhere_leaves_the_old_or_the_new_file_whole(tmp_path):
    """SIGKILL at thirty points of a loop of saves (the n-th announced save, then kill):
    the file and its backup are always one whole version, and the next save leaves no litter."""
    target = tmp_path / "map.toml"
    whole = {"A" * 3_000_000 + "\n", "B" * 3_000_000 + "\n"}
    for k in range(30):
        saver = python(SAVER, str(target))
        for _ in range(1 + k % 4):
            saver.stdout.readline()
        saver.kill()
        saver.communicate()
        if target.exists():
            assert target.read_text() in whole
        if backup_path(target).exists():
            assert backup_path(target).read_text() in whole
    write_atomic(target, "last")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["map.toml", "map.toml.bak"]


# ---------------------------------------------------------------- issue 36: what earlier saves left
KILLED_IN_BACKUP = """
    import os, signal, sys
    from mapref.io import atomic
    os.replace = lambda *a: os.kill(os.getpid(), signal.SIGKILL)  # the first rename: _keep_backup's
    atomic.write_atomic(sys.argv[1], "killed save\\n", backup=True)
"""

KILLED_WRITING = """
    import os, signal, sys
    from mapref.io import atomic
    os.ftruncate = lambda *a: os.kill(os.getpid(), signal.SIGKILL)  # a rewrite in place cuts the file last
    atomic.write_atomic(sys.argv[1], sys.argv[2], backup=True)
    print("saved", flush=True)
"""


def test_a_save_after_a_save_killed_in_its_backup_still_replaces_the_file_whole(tmp_path):
    """A save killed between linking the backup's temporary and renaming it leaves a temporary
    hard-linked to the map; the next save must not take the map for a hard-linked file and
    rewrite it in place (a kill then tore it): it replaces it whole, as any save does."""
    target = tmp_path / "map.toml"
    old = "A" * 100_000 + "\n"
    target.write_text(old)
    first = python(KILLED_IN_BACKUP, str(target))
    first.communicate()
    assert first.returncode == -signal.SIGKILL
    left = [p for p in tmp_path.iterdir() if p.name != "map.toml"]
    assert any(os.stat(x).st_ino == os.stat(target).st_ino for x in left)  # a leftover linked to the map
    second = python(KILLED_WRITING, str(target), "B" * 10 + "\n")
    out, err = second.communicate()
    assert second.returncode == 0 and out.strip() == "saved", err
    assert target.read_text() == "B" * 10 + "\n"
    assert backup_path(target).read_text() == old
    assert sorted(p.name for p in tmp_path.iterdir()) == ["map.toml", "map.toml.bak"]


def test_a_same_length_change_on_disk_is_not_overwritten(tmp_path):
    p = tmp_path / "g.toml"
    p.write_text("turn 1: A7")
    before = stamp(p)
    child = python("import sys, pathlib; pathlib.Path(sys.argv[1]).write_text('turn 1: B7')", str(p))
    child.communicate()
    assert changed_since(p, before)
    with pytest.raises(ChangedOnDisk):
        write_atomic(p, "turn 2: A7", expect=before)
    assert p.read_text() == "turn 1: B7"


def test_the_backup_of_a_hard_linked_file_is_the_old_text_not_a_link_that_changes_with_it(tmp_path):
    """A file with a second hard link is rewritten in place (its links stay one file); its
    backup is then a copy of the old bytes, with its mode."""
    p = tmp_path / "m.toml"
    p.write_bytes(SAMPLE.read_bytes())
    os.chmod(p, 0o640)
    other = tmp_path / "also.toml"
    os.link(p, other)
    m = load_map(p)
    m.hex("B5").production = 7
    save_map(m, p)
    bak = backup_path(p)
    assert bak.read_bytes() == SAMPLE.read_bytes() and mode(bak) == 0o640
    assert os.stat(bak).st_ino != os.stat(p).st_ino
    assert other.read_bytes() == p.read_bytes() and load_map(other).hex("B5").production == 7


def test_a_link_planted_at_the_temporary_name_is_never_written_through(tmp_path, monkeypatch):
    """Another user's symbolic link (or any file) at the very name the save picks for its
    temporary: the save picks another name; the file the link points to is untouched."""
    from mapref.io import atomic

    target = tmp_path / "g.toml"
    target.write_text("old")
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    names = iter(["0badf00d", "0badf00e", "0badf00f"])
    monkeypatch.setattr(atomic, "_token", lambda: next(names))
    (tmp_path / f".g.toml.mapref-tmp-{os.getpid()}-0badf00d").symlink_to(victim)
    write_atomic(target, "new")
    assert target.read_text() == "new" and victim.read_text() == "precious\n"


# ------------------------------------------- issue 36: what mutation testing found untested
from mapref.io.atomic import ReadOnly, ReadOnlyFolder, holder, try_hold  # noqa: E402
from tests.faults import ROOT_USER, read_only  # noqa: E402


def test_a_new_file_in_a_folder_on_a_read_only_disk_names_the_folder(tmp_path):
    folder = tmp_path / "games"
    folder.mkdir()
    with read_only(folder):
        with pytest.raises(ReadOnlyFolder) as e:
            write_atomic(folder / "new.toml", "x")
    assert str(folder) in str(e.value) and "save it elsewhere" in str(e.value)
    assert list(folder.iterdir()) == []


def test_a_folder_this_user_may_not_write_is_named_as_such(tmp_path):
    """Not a read-only disk: a folder of mode 0555 (as root, whom no mode stops, a folder made
    immutable: chattr +i)."""
    folder = tmp_path / "shared"
    folder.mkdir()
    if ROOT_USER:
        subprocess.run(["chattr", "+i", str(folder)], check=True)
    else:
        os.chmod(folder, 0o555)
    try:
        with pytest.raises(ReadOnlyFolder) as e:
            write_atomic(folder / "g.toml", "mine")
    finally:
        if ROOT_USER:
            subprocess.run(["chattr", "-i", str(folder)], check=True)
        os.chmod(folder, 0o755)
    said = str(e.value)
    assert "may not be written" in said and str(folder) in said and "mounted read-only" not in said, said
    assert list(folder.iterdir()) == []


def test_a_read_only_file_with_execute_bits_is_still_read_only(tmp_path):
    p = tmp_path / "g.toml"
    p.write_text("old")
    os.chmod(p, 0o555)
    with pytest.raises(ReadOnly, match="mode 0555"):
        write_atomic(p, "new")
    assert p.read_text() == "old"
    folder = tmp_path / "ro"
    folder.mkdir()
    q = folder / "g.toml"
    q.write_text("old")
    os.chmod(q, 0o555)
    with read_only(folder):  # the file's own mode is said first, whatever its folder
        with pytest.raises(ReadOnly, match="mode 0555"):
            write_atomic(q, "new")


def test_a_link_planted_where_the_lock_goes_is_not_written_through(tmp_path):
    p = tmp_path / "g.toml"
    p.write_text("x")
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    (tmp_path / ".g.toml.lock").symlink_to(victim)
    with pytest.raises(OSError):
        with file_lock(p, wait=0):
            pass
    assert victim.read_text() == "precious\n"


def test_the_temporaries_of_killed_saves_are_removed_among_many_other_files(tmp_path):
    target = tmp_path / "map.toml"
    target.write_text("old")
    for i in range(60):
        (tmp_path / f"other{i:02}.toml").write_text("x")
    dead = [
        tmp_path / ".map.toml.mapref-tmp-4194999-0a0b0c0d",  # a pid no process has
        tmp_path / f".map.toml.mapref-tmp-{'9' * 12}-0a0b0c0e",  # not a pid at all
    ]
    for p in dead:
        p.write_text("half")
    write_atomic(target, "new")
    assert not any(p.exists() for p in dead) and target.read_text() == "new"
    assert len(list(tmp_path.iterdir())) == 61


HOLD = """
    import sys
    from mapref.io.atomic import try_hold
    hold, who = try_hold(sys.argv[1])
    print("held" if hold else f"refused {who}", flush=True)
    sys.stdin.readline()
"""


def test_a_hold_is_freed_when_its_last_holder_in_a_process_lets_go(tmp_path):
    lock = tmp_path / ".g.toml.window"
    a, _ = try_hold(lock)
    b, _ = try_hold(lock)  # a second window of this process: the same hold, counted
    assert a is not None and b is not None and holder(lock) is None  # (this process's own)
    a.release()
    other = python(HOLD, str(lock))
    assert other.stdout.readline().strip() == f"refused {os.getpid()}"
    other.communicate("\n")
    b.release()
    other = python(HOLD, str(lock))
    assert other.stdout.readline().strip() == "held"
    try:
        assert holder(lock) == str(other.pid)
        again, who = try_hold(lock)
        assert again is None and who == str(other.pid)
    finally:
        other.communicate("\n")
    assert holder(lock) is None


def test_asking_who_holds_a_fifo_planted_as_a_lock_does_not_wait(tmp_path):
    lock = tmp_path / ".g.toml.window"
    os.mkfifo(lock)
    p = python("import sys; from mapref.io.atomic import holder; print(holder(sys.argv[1]))", str(lock))
    out, err = p.communicate(timeout=120)  # (a bound against a hang only)
    assert out.strip() == "None", err


def test_a_save_keeps_the_files_group_and_owner(tmp_path):
    p = tmp_path / "g.toml"
    p.write_text("old")
    group = 65534 if ROOT_USER else os.getegid()  # (as root: nogroup, another group than root's)
    os.chown(p, -1, group)
    before = os.stat(p)
    write_atomic(p, "new")
    after = os.stat(p)
    assert (after.st_uid, after.st_gid) == (before.st_uid, before.st_gid) and p.read_text() == "new"


JUNK_HOLDER = """
    import fcntl, os, sys
    fd = os.open(sys.argv[1], os.O_RDONLY)  # held by a process that could not write who it is
    fcntl.flock(fd, fcntl.LOCK_EX)
    print("held", flush=True)
    sys.stdin.readline()
"""


def test_a_hold_whose_file_holds_junk_is_refused_without_a_name(tmp_path):
    lock = tmp_path / ".g.toml.window"
    lock.write_bytes(b"\xff\xfe not a pid \x00")
    other = python(JUNK_HOLDER, str(lock))
    try:
        assert other.stdout.readline().strip() == "held"
        assert try_hold(lock) == (None, "") and holder(lock) == ""
    finally:
        other.communicate("\n")
