"""Research apart from the product: the benchmarks (research/bench/), the fitting scripts that produce the
shipped tuning files (research/scripts/), their tests (research/tests/) and the experiment notes
(research/notes/). Nothing under src/ imports from here. ``python -m research`` lists and runs them."""
