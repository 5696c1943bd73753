"""Searching the reference: an index built once, queries matched word by word.

Words are folded (case, accents, apostrophes) and lightly stemmed ("goods" → "good",
"fairies" → "fairy"); a hyphenated word is indexed as its parts and joined ("un-fairies" →
"un", "fairy", "unfairy"), so "unfairies" and "un fairies" both find the Rogue card. Each
query word is matched against the index's vocabulary exactly, as the start of a longer word
(typing as you go) and, for words of four letters or more, with RapidFuzz's edit-distance
ratio (typos: "okrgoth", "skuldugery"). Entries score by where the words matched (title,
then the words players use for it, then the text), how many of the query's words they match,
and whether the title reads as the query.
"""

from __future__ import annotations

import math
import re
import unicodedata
from bisect import bisect_left
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from rapidfuzz import fuzz, process

from companion.reference.model import KINDS, Entry, Hit

_SEGMENT = re.compile(r"[0-9a-z]+(?:-[0-9a-z]+)*")
_RAW_SEGMENT = re.compile(r"[\w’'‘-]+", re.UNICODE)

# Words too common to tell entries apart; a query of nothing else finds nothing. (Compared
# after stemming: "does" is "doe".)
_STOP_TEXT = """
a an and are as at be been but by can could do does did for from had has have how i if in
into is it its me my of on or our so than that the their them then there these they this
those to up was we were what when where which who whom why will with would you your happen
happens happened much many about any get gets got should must may might dont doe
"""
STOPWORDS = frozenset(_STOP_TEXT.split())

FUZZY_MIN_LENGTH = 4  # shorter words only match exactly or as a prefix
PREFIX_MIN_LENGTH = 3
FUZZY_CUTOFF = 78.0  # RapidFuzz ratio (0-100) a typo must reach

TITLE_WEIGHT = 10.0
KEYWORD_WEIGHT = 7.0
TOPIC_WEIGHT = 1.5
TEXT_WEIGHT = 1.0
# Rulings and glossary terms explain other entries: on an equal match the entry they explain
# comes first.
KIND_FACTOR = {"ruling": 0.8, "term": 0.9}


def fold(text: str) -> str:
    """Lower case without accents or apostrophes: ``"Player’s Café"`` → ``"players cafe"``."""
    decomposed = unicodedata.normalize("NFKD", text)
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    return re.sub(r"['’‘]", "", plain.casefold())


def stem(word: str) -> str:
    """A light plural strip, the same for the index and the query."""
    if word.isdigit() or len(word) <= 3:
        return word
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def words(text: str) -> list[str]:
    """The index words of ``text``: folded, stemmed, hyphenated words also joined."""
    found: list[str] = []
    for segment in _SEGMENT.findall(fold(text)):
        parts = segment.split("-")
        found.extend(stem(p) for p in parts)
        if len(parts) > 1:
            found.append(stem("".join(parts)))
    return found


def meaningful(tokens: Iterable[str]) -> list[str]:
    return [t for t in tokens if t not in STOPWORDS]


def highlight(text: str, matched: Iterable[str]) -> list[tuple[str, bool]]:
    """Split ``text`` into runs, ``True`` for the words a search matched (see :class:`Hit`)."""
    wanted = frozenset(matched)
    runs: list[tuple[str, bool]] = []
    last = 0
    for found in _RAW_SEGMENT.finditer(text):
        if not wanted or not set(words(found.group())) & wanted:
            continue
        if found.start() > last:
            runs.append((text[last : found.start()], False))
        runs.append((found.group(), True))
        last = found.end()
    if last < len(text):
        runs.append((text[last:], False))
    return runs


@dataclass(frozen=True)
class _Doc:
    entry: Entry
    order: int
    title_words: frozenset[str]
    title_phrase: str  # the title's meaningful words, space-joined
    kind_factor: float


class Index:
    """Every entry's words with their weight, and the vocabulary to match query words in."""

    def __init__(self, entries: Sequence[Entry]) -> None:
        kind_rank = {kind: i for i, kind in enumerate(KINDS)}
        self.entries = tuple(entries)
        self._docs: list[_Doc] = []
        postings: dict[str, dict[int, float]] = defaultdict(dict)
        for i, entry in enumerate(self.entries):
            title = meaningful(words(entry.title))
            weights: dict[str, float] = defaultdict(float)
            for word, tf in _counts(meaningful(words(entry.text))).items():
                weights[word] = TEXT_WEIGHT * (1 + 0.5 * min(tf - 1, 2))
            for word in meaningful(words(entry.topic)):
                weights[word] = max(weights[word], TOPIC_WEIGHT)
            for keyword in entry.keywords:
                for word in meaningful(words(keyword)):
                    weights[word] = max(weights[word], KEYWORD_WEIGHT)
            distinct = set(title)
            # A short title that is all about the word outranks a long one that mentions it.
            title_weight = TITLE_WEIGHT / (1 + 0.25 * max(len(distinct) - 1, 0))
            for word in distinct:
                weights[word] = max(weights[word], title_weight)
            for word, weight in weights.items():
                postings[word][i] = weight
            self._docs.append(
                _Doc(
                    entry=entry,
                    order=kind_rank.get(entry.kind, len(KINDS)),
                    title_words=frozenset(distinct),
                    title_phrase=" ".join(title),
                    kind_factor=KIND_FACTOR.get(entry.kind, 1.0),
                )
            )
        self._postings = {w: tuple(p.items()) for w, p in postings.items()}
        self._vocab = sorted(self._postings)
        self._fuzzy_vocab = [w for w in self._vocab if len(w) >= FUZZY_MIN_LENGTH - 1]

    def __len__(self) -> int:
        return len(self.entries)

    def __repr__(self) -> str:
        return f"Index({len(self.entries)} entries, {len(self._vocab)} words)"

    def vocabulary(self, word: str) -> dict[str, float]:
        """The index words a query word stands for, with how close each is (1 = exact)."""
        found: dict[str, float] = {}
        if word in self._postings:
            found[word] = 1.0
        if len(word) >= PREFIX_MIN_LENGTH:
            i = bisect_left(self._vocab, word)
            while i < len(self._vocab) and self._vocab[i].startswith(word):
                longer = self._vocab[i]
                if longer != word:
                    found[longer] = 0.7 + 0.2 * len(word) / len(longer)
                i += 1
        if len(word) >= FUZZY_MIN_LENGTH and not any(c.isdigit() for c in word):
            for near, score, _ in process.extract(
                word, self._fuzzy_vocab, scorer=fuzz.ratio, score_cutoff=FUZZY_CUTOFF, limit=6
            ):
                closeness = 0.9 * score / 100
                if closeness > found.get(near, 0.0):
                    found[near] = closeness
        return found

    def hits(self, query: str, *, game: str | None = None) -> list[Hit]:
        """Every entry that matches ``query`` (of ``game`` if given), best first; an empty
        query (no letters or digits) lists every entry in reading order with score 0."""
        tokens = words(query)
        if not tokens:
            return [Hit(d.entry, 0.0) for d in self._docs if game is None or d.entry.game == game]
        wanted = list(dict.fromkeys(meaningful(tokens)))
        if not wanted:
            return []
        totals: dict[int, float] = defaultdict(float)
        covered: dict[int, float] = defaultdict(float)
        matched: dict[int, set[str]] = defaultdict(set)
        # Rare words weigh more than common ones (an inverse document frequency), both in the
        # score and in how much of the query an entry covers: an entry missing only "goods"
        # from "steal goods" still covers most of what was asked.
        rarity_total = 0.0
        for token in wanted:
            best: dict[int, float] = {}
            for near, closeness in self.vocabulary(token).items():
                for doc, weight in self._postings[near]:
                    matched[doc].add(near)
                    score = closeness * weight
                    if score > best.get(doc, 0.0):
                        best[doc] = score
            rarity = math.log(1 + len(self._docs) / max(len(best), 1))
            rarity_total += rarity
            for doc, score in best.items():
                totals[doc] += score * rarity
                covered[doc] += rarity
        phrase = " ".join(wanted)
        mean_rarity = rarity_total / len(wanted)
        wanted_set = set(wanted)
        hits: list[tuple[float, int, str, Hit]] = []
        for doc_index, total in totals.items():
            found = self._docs[doc_index]
            if game is not None and found.entry.game != game:
                continue
            coverage = covered[doc_index] / rarity_total
            score = total * coverage * coverage
            if phrase and phrase in found.title_phrase:
                score += 4.0 * mean_rarity
            elif " " in found.title_phrase and f" {found.title_phrase} " in f" {phrase} ":
                score += (
                    5.0 * mean_rarity
                )  # the query names the whole title ("what does the Fence do")
            if wanted_set == found.title_words:
                score += 6.0 * mean_rarity
            score *= found.kind_factor
            hit = Hit(found.entry, round(score, 4), frozenset(matched[doc_index]))
            hits.append((-score, found.order, found.entry.title.casefold(), hit))
        hits.sort(key=lambda item: item[:3])
        return [item[3] for item in hits]


def _counts(items: Iterable[str]) -> dict[str, int]:
    counts: dict[str, int] = defaultdict(int)
    for item in items:
        counts[item] += 1
    return counts
