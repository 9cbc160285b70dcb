"""research/bench/neighbour_text.py: each top-10 place names the anchor that lifted it, and the evidence places."""

from __future__ import annotations

from tests.scripts import load_script

nt = load_script("neighbour_text.py", "neighbour_text")
common = load_script("common.py", "common")


def test_a_lifted_reply_names_its_anchor_and_the_capture_is_undone() -> None:
    original = nt.search_module.with_neighbours
    clock = common.StepClock()
    with common.fresh_service("nt-", common.bench_embedder("fake"), clock) as (service, caller):
        items: dict[str, list[str]] = {}
        for n in range(8):
            clock.base += 86_400_000  # other days: never a neighbour
            saved = service.save_context(caller, f"Melanie: day {n} was busy, I went to the gym and then the shops.")
            items[saved.id] = [f"D{n}:1"]
        clock.base += 86_400_000
        asked = service.save_context(caller, "Caroline: What did you paint last weekend, Melanie?")
        answer = service.save_context(caller, "Melanie: A sunset over the lake, with purple clouds.")
        items[asked.id], items[answer.id] = ["D9:1"], ["D9:2"]
        service.indexer.wait()
        record = nt.ask(service, caller, "What did Melanie paint last weekend?", items, {"D9:2"})
    by_item = {tuple(h["items"]): h for h in record["top"]}
    assert by_item[("D9:2",)]["lifted"] == ["D9:1"] and by_item[("D9:2",)]["evidence"]
    assert by_item[("D9:1",)]["lifted"] is None
    assert record["places"]["D9:2"] is not None and record["places"]["D9:2"] <= 2
    assert nt.search_module.with_neighbours is original
