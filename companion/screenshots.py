"""``python -m companion.screenshots``: runs :mod:`companion.tools.screenshots`.

The tools live in ``companion/tools/``, apart from the app; this name is kept so that the
command stays as the README gives it."""

if __name__ == "__main__":
    import runpy

    runpy.run_module("companion.tools.screenshots", run_name="__main__", alter_sys=True)
