"""The project's tools, apart from the app: benchmarks (``bench``), golden transcripts
(``golden``), the crash test, the screenshot script, the browser driver the tests and those
scripts share, and the demo data they seed. Nothing in the app imports this package."""
