"""The sequence of play as data: a scenario's steps in order and their names (Sequence of Play;
Fall of Germany, Sea Movement 1: naval movement before land movement; War for Europe: research).
What the end of each step applies is :mod:`.sequence`'s."""

from __future__ import annotations

STEP_LABELS = {
    ("setup", ""): "Set-up",
    ("movement", ""): "Movement",
    ("movement", "naval"): "Naval movement",
    ("movement", "land"): "Land movement",
    ("combat", "supply"): "Determine supply",
    ("combat", "announce"): "Announce attacks",
    ("combat", "amphibious"): "Amphibious assaults",
    ("combat", "defensive_assaults"): "Defensive assaults",
    ("combat", "assaults"): "Initial assaults",
    ("combat", "advances"): "Advances",
    ("combat", "exploitation"): "Exploitation",
    ("production", "build"): "Build",
    ("production", "repair"): "Repair",
    ("production", "research"): "Research",
    ("over", ""): "Game over",
}


def steps(sc) -> list[tuple[str, str]]:
    navy = bool(sc.fleets)
    out = [("movement", "naval"), ("movement", "land")] if navy else [("movement", "")]
    out += [
        ("combat", x)
        for x in ("supply", "announce")
        + (("amphibious",) if navy else ())
        + ("defensive_assaults", "assaults", "advances", "exploitation")
    ]
    out += [("production", "build"), ("production", "repair")]
    if any(n.id == "research" for n in sc.special):
        out.append(("production", "research"))
    return out


def step_label(phase: str, subphase: str) -> str:
    return STEP_LABELS.get((phase, subphase), f"{phase} ({subphase})" if subphase else phase)
