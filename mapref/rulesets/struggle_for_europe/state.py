"""The game state of Struggle for Europe: what the referee keeps between actions.

- the counters on the board (:class:`Counter`: an army of strength 1-3, or an Axis fortress of
  strength 3), each at a location (``ruhr``) or, while its location is contested or it is a
  fortress, at a half (``sedan.e``); rulings S11;
- the control flags (location -> faction), placed when control changes (section 3);
- per player (``axis``, ``allies``) the cards as counts (:class:`Cards`): the deck being played
  (1-3, the chevrons), the Axis reshuffles after the third, the cards in hand, in the play deck
  (when the referee knows it), in the recycle pile and removed from the game (section 4, 6);
- the strategic bombing marker (0 = the black 0; -n = n spaces left, on the Axis side; +n = n
  spaces right, on the Allied side; section 2, 7.2);
- the turn, the active player and the operations done (section 7), battles still to resolve
  (section 8), and the result once the game is over (section 9).

Everything is plain data: :mod:`files` writes it to TOML and reads it back to the same state.
"""

from __future__ import annotations

from dataclasses import dataclass, field

TYPE_CHECKING = False  # (typing is not imported at run time, as in mapref.rules.ruleset)
if TYPE_CHECKING:
    from mapref.rules.vptrack import TrackState

PLAYERS = ("axis", "allies")


@dataclass
class Counter:
    id: str  # "A1", "W14", "S3", "F1" (a fortress)
    faction: str  # "axis", "western", "soviet"
    strength: int  # 1-3 (a fortress: 3)
    at: str  # a location id, or a half "sedan.e" (contested locations, fortresses), or "box:usa"
    fortress: bool = False

    @property
    def location(self) -> str:
        return self.at if self.at.startswith("box:") else self.at.split(".", 1)[0]

    @property
    def half(self) -> str:
        """The half id ("e"), or "" when the counter is in its location as a whole."""
        return "" if self.at.startswith("box:") or "." not in self.at else self.at.split(".", 1)[1]

    @property
    def label(self) -> str:
        return f"{self.id} ({'fortress' if self.fortress else self.strength})"


@dataclass
class Cards:
    deck: int = 1  # the play deck being used: 1, 2 or 3 (chevrons I, II, III)
    reshuffles: int = 0  # the Axis play deck made again from the recycle pile after the third (section 6)
    hand: int = 0
    pile: int | None = None  # cards left in the play deck, when the referee knows it
    recycle: int = 0
    removed: int = 0


@dataclass
class Battle:
    """A battle opened by a move or an attack, waiting for the players' cards (section 8)."""

    at: str  # the half it is fought in ("sedan.e")
    attacker: str  # the attacking player
    attackers: list[str]  # counter ids
    defenders: list[str]
    line: str = ""  # the move line the attackers entered by ("" for an attack operation)
    origin: str = ""  # where the attackers came from (a location, or the half they attack from)
    defence: int = 0  # the location defence value of that line at this end (section 2)
    kind: str = "move"  # "move" or "attack"

    @property
    def location(self) -> str:
        return self.at.split(".", 1)[0]


@dataclass
class GameState:
    scenario: str
    map: str
    turn: int = 1
    player: str = "axis"  # the active player
    operations: int = 0  # operations done in this player turn (two per turn, section 7)
    bombing: int = 0
    counters: list[Counter] = field(default_factory=list)
    flags: dict[str, str] = field(default_factory=dict)  # location -> faction whose flag is there
    cards: dict[str, Cards] = field(default_factory=dict)  # player -> cards
    battles: list[Battle] = field(default_factory=list)
    built: dict[str, int] = field(default_factory=dict)  # id prefix -> the last number used
    over: bool = False
    result: dict = field(default_factory=dict)  # winner, condition, rule (once over)
    vp_track: TrackState | None = None  # a VP track's markers, when the scenario switches it on

    # ------------------------------------------------------------------------ look-ups
    @property
    def armies(self) -> list[Counter]:
        return [c for c in self.counters if not c.fortress]

    def counter(self, cid: str) -> Counter | None:
        return next((c for c in self.counters if c.id == cid), None)

    def at_location(self, loc: str) -> list[Counter]:
        return [c for c in self.counters if c.location == loc]

    def battle_at(self, loc: str) -> Battle | None:
        return next((b for b in self.battles if b.location == loc), None)

    def new_id(self, prefix: str) -> str:
        n = self.built.get(prefix, 0) + 1
        taken = {c.id for c in self.counters}
        while f"{prefix}{n}" in taken:
            n += 1
        self.built[prefix] = n
        return f"{prefix}{n}"


__all__ = ["Battle", "Cards", "Counter", "GameState", "PLAYERS"]
