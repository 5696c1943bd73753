"""BG Stats in and out: its backup file both ways, and its "create play" link for one play.

The shapes here follow real BG Stats backups (``BGStatsExport.json``) and the public code
that reads them: ``userInfo.meRefId`` names the user among ``players``; ``games`` carry
``bggId``, ``bggName``, ``isBaseGame`` and ``isExpansion`` (0 or 1); a play's ``playDate`` is
local wall-clock time as ``"YYYY-MM-DD hh:mm:ss"``, its scores are text (``"42"``, or sums such
as ``"-10+7+22"``, or empty), ``manualWinner`` is true when the winners were set by hand rather
than by the best score, and ``newPlayer`` marks a player's first play *of that game*.

Expansions and modules. BG Stats models an expansion as a game of its own (``isExpansion``),
linked from a play through ``expansionPlays``: a play's expansions go out so, a known one
under the name BG Stats and BoardGameGeek give it ("Merchants Cove: Master Craft"), any other
as ``"<game>: <expansion>"``; a module of Merchants Cove that belongs to Master Craft or The
Entertainer brings its expansion along. BG Stats has no list of modules; the nearest is a
play's ``board`` (the board, scenario or mode played), where the modules go as their names
separated by "; ". Coming in, expansion games become the play's expansions (``"<game>: X"``
as ``X``) and the board's parts its modules.

Plays without points. A game BG Stats keeps without points (``noPoints``) has empty scores
and its winners ticked; a co-operative one (``cooperative``) has everyone ticked or nobody;
``manualWinner`` marks winners chosen by hand. Coming in, such plays are kept with their
scoring ("manual", "cooperative") and winners; going out, they are written so, and a game
goes out without points (or co-operative) when every play of it is. Plays BG Stats marks
``ignored`` (out of its own statistics) are left out, and counted in the report.

Import is all or nothing, like the app's own format: a dangling reference, a wrong type or a
huge field refuses the whole file with a message saying where, and nothing is written. Plays
are matched by ``uuid``, so importing the same file again adds nothing. A play played in
teams is kept with each player's own score and result (the report notes the teams are not
kept). A play the history cannot hold (a score that is not a whole number, a name or text
longer than the history keeps, one player twice) is not imported, and the report says which
and why.

The rooms: ``files`` (the file's shapes and limits), ``export`` (going out), ``read``
(coming in, checked while parsed), ``importing`` (written in one transaction).
"""

from companion.history.bgstats.export import (
    Preferences,
    export_bgstats,
    manual_winner,
    module_expansion,
    play_link,
)
from companion.history.bgstats.files import (
    ANONYMOUS,
    EXPANSIONS,
    FILE_NAME,
    HAND_DECIDED,
    SETTING_KEY,
)
from companion.history.bgstats.importing import import_backup
from companion.history.bgstats.read import BGStatsBackup, score_value

__all__ = [
    "ANONYMOUS",
    "EXPANSIONS",
    "FILE_NAME",
    "HAND_DECIDED",
    "SETTING_KEY",
    "BGStatsBackup",
    "Preferences",
    "export_bgstats",
    "import_backup",
    "manual_winner",
    "module_expansion",
    "play_link",
    "score_value",
]
