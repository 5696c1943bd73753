"""``python -m companion.crashtest``: runs :mod:`companion.tools.crashtest`.

The tools live in ``companion/tools/``, apart from the app; this name is kept so that the
command stays as the README gives it."""

if __name__ == "__main__":
    import runpy

    runpy.run_module("companion.tools.crashtest", run_name="__main__", alter_sys=True)
