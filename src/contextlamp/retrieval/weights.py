"""The tuning values of ranking: the weights of weighted RRF and the multipliers by trust, one home each.

Code, not settings (issue #31.4): a user never sets them; the benches that tuned them construct their variants
explicitly (``FusionWeights(neighbour_radius=1)``, research/bench/common.py ``--variant``). Each default says where it
was measured.
"""

from __future__ import annotations

from dataclasses import dataclass

# cosine of two returned entries above which an update ranks first (MiniLM's; defined beside the rule it serves)
from contextlamp.domain.freshness import FRESHER_FIRST_THRESHOLD as FRESHER_FIRST_THRESHOLD


@dataclass(frozen=True)
class FusionWeights:
    """Weights of the four signal lists of weighted RRF (retrieval/fusion.py), the RRF constant ``k``, and the
    cosine below which a semantic neighbour is not a candidate at all (so an unrelated query returns nothing
    rather than the nearest noise). The defaults here are the shipped values.

    k = 5 and keyword = 1.25 were tuned on the LoCoMo dev split (docs/retrieval.md): k in 1..60, best
    recall@5+@10 at 3..5; Cormack et al. (SIGIR 2009) use k = 60."""

    semantic: float = 1.0
    keyword: float = 1.25
    fact_key: float = 1.0
    # the candidates saved on the calendar date a query names (retrieval/dates.py, search.saved_within), as one more
    # list; 0: off. 2 on every LoCoMo fold (research/notes/retrieval.md "Named dates": weight 1 gained less or the
    # same in each; no LongMemEval dev question names a date)
    named_date: float = 2.0
    recency: float = 3.0  # the other three lists together
    k: int = 5
    # the cosine below which a memory found only by meaning is not a candidate; None: the embedding model's own
    # floor (Embedder.similarity_floor, MiniLM 0.2: related question/answer pairs 0.39-0.57, unrelated -0.10-0.14)
    semantic_floor: float | None = None
    # the relevance floor (retrieval/evidence.with_evidence, issue #27.4): the cosine at which meaning alone is
    # evidence; None: the embedding model's own calibrated value (Embedder.evidence_similarity); -1 = off
    evidence_floor: float | None = None
    # the stored-vector cosine from which an update ranks before what it updates (domain/rules.fresher_first);
    # None: the embedding model's own (Embedder thresholds.fresher_first)
    fresher_first: float | None = None
    # partial keyword hits on words in at least half the store's entries (a conversation's speaker names) are left
    # out of the keyword list (search.KEYWORD_NOISE): LoCoMo, research/notes/retrieval.md "Irregular verb forms"
    keyword_noise: bool = True
    # a keyword hit holding most of a long query's content words is evidence too (evidence.keyword_least; #32)
    keyword_evidence: bool = True
    # scores on the match scale (retrieval/evidence.on_match_scale, issue #27.4: the first pack's score is its match
    # strength, the same scale for every query); False: the fused share (1.0 = first in every list), for ablations
    match_scale: bool = True
    # with the match scale: no pack at all when the first pack's match strength is below this (0: off). The highest
    # value at which no answerable LoCoMo question of the calibration conversations (conv-26, conv-30) loses its
    # evidence (research/bench/match_floor.py, research/notes/retrieval.md "Match scale"): questions about other
    # conversations answered with nothing 10 % -> 80 %, 4.95 -> 1.79 packs each, on the other three conversations
    least_match: float = 0.5
    # an entry both the keyword and the semantic list rank within this depth, whose text holds `agreement_terms` of
    # the query's content words, is evidence (two independent signals agree; retrieval/evidence.with_evidence); 0: off.
    # Chosen on the tuning folds (research/notes/retrieval.md "Agreement"): LongMemEval-S tuning turn recall_any@5
    # 0.89 -> 0.94, LoCoMo unchanged; 1 term instead of 2 cost 1.4 more noise packs per foreign LoCoMo question
    agreement_depth: int = 20
    agreement_terms: int = 2
    # a query in another language than English keeps only the keyword hits that match most of its content words
    # (retrieval/search._most_words, issue #32 item 4); None: the embedding model's own choice (``multilingual``:
    # on for multilingual-e5, whose meaning signal serves other languages; off for MiniLM, English-first, whose
    # ranking of other languages rests on the keyword hits: research/bench/multilingual.py, docs/multilingual.md)
    other_language_most_words: bool | None = None
    # time neighbours of the best hits (retrieval/search.with_neighbours; LoCoMo leave-one-conversation-out,
    # docs/retrieval.md "Neighbour context"): bonus = neighbours x the anchor's RRF, 0 = off (0.5 before the reply rule
    # below; 0.4 with it, research/notes/retrieval.md "Replies")
    neighbours: float = 0.4
    # the reply to a question (a turn asking nothing right after one that asks, not by the asker) gains this many times
    # the bonus (search.with_neighbours, search._exchange); 1: every neighbour alike (the rule before; no read of the
    # texts). Chosen on LoCoMo's tuning questions (research/notes/retrieval.md "Replies"): such a turn was the evidence
    # 12 % of the time, any other neighbour 0.5-5 %; bonuses 0.8 and 0.4 of the anchor's value
    neighbour_reply: float = 2.0
    # the best hits that lift their neighbours: 4, not 5 (stop 40): on LongMemEval-S the 5th hit is most often a long
    # reply whose short neighbours pushed another session's evidence out of the top 10 (multi-session questions;
    # tuning fold turn recall_all@10 0.750 -> 0.821, keyword-only 0.786); LoCoMo dev unchanged (0.695 / 0.793, before
    # the reply rule), 3 cost it 0.003 @10 (research/notes/retrieval.md "Stop 40 (#32.1")
    neighbour_anchors: int = 4
    neighbour_radius: int = 2  # entries each side of an anchor (LoCoMo held out: 2 in every fold over 1)
    neighbour_window_ms: int = 30 * 60_000  # same conversation: the entries saved within 30 minutes
    # only a neighbour of at most this many characters is lifted (a short turn needs its context; a long memory is
    # found on its own; LoCoMo held out and LongMemEval-S, docs/retrieval.md "Neighbour context"); 0: any length
    neighbour_max_chars: int = 600
    # only an anchor of at most this many characters lifts its neighbours (a short turn of a conversation; the
    # short turn beside a long memory is not that memory's answer); 0: any length
    anchor_max_chars: int = 0
    # a question that gathers (a count, a total, several things: retrieval/spread.gathers): a lifted neighbour above
    # which this many entries of its anchor's conversation already rank, among the first ``neighbour_quota_depth``,
    # gives its lift back (spread.give_back); 0: off. One conversation's lifted turns pushed another's evidence out of
    # LongMemEval-S's top 10 (multi-session questions). Chosen on the tuning halves (research/notes/neigh49-stop46.md):
    # 3 and 2 gave the same LongMemEval-S tuning figures, 2 lost one LoCoMo tuning question @10; without the question
    # cue every quota from 3 to 6 cost LoCoMo's tuning questions 0.004-0.032 R@10
    neighbour_quota: int = 3
    neighbour_quota_depth: int = 20
    # answer or restatement (retrieval/answers.py, issue #32, research/notes/answer48-stop46.md): a memory of more
    # than ``restated_min_chars`` characters among the best ``restated_depth`` whose sentences holding
    # ``restated_terms`` of a wh-question's content words hold no value of the kind it asks for (its first
    # ``restated_chars`` read) keeps this share of its RRF; 1: off. 0.25 as recall44's share for long replies (0.1 gave
    # the same tuning figures, 0.5 too little); 1,000 characters: LoCoMo's longest turn is 444 and every length from
    # 500 to 2,000 gave the same LongMemEval-S tuning figures, while judging every length cost LoCoMo's tuning
    # questions 0.754 -> 0.711 R@5 (a short turn states the event; its time is its save date)
    restated: float = 0.25
    restated_depth: int = 30
    restated_terms: int = 2
    restated_chars: int = 8_000
    restated_min_chars: int = 1_000


@dataclass(frozen=True)
class TrustWeights:
    """Multipliers of a team learning's fused score by its trust (spec/TOOLS.md: verified > unverified >
    contested). Personal and project entries have no trust and keep their score. The defaults are the shipped
    values (a contested learning keeps half its score: still found when nothing else matches)."""

    verified: float = 1.0
    unverified: float = 0.8
    contested: float = 0.5

    def of(self, trust: str | None) -> float:
        """The multiplier for a trust level (1.0 for None)."""
        return {"verified": self.verified, "unverified": self.unverified, "contested": self.contested}.get(
            trust or "", 1.0
        )
