"""Entry point of the phone app built by ``flet build apk`` / ``flet build ipa``.

``[tool.flet.app]`` in pyproject.toml names this module. On a computer, start the app with
``companion`` instead (it chooses between a window and browser mode).
"""

from companion.webapp.phone import run

if __name__ == "__main__":
    run()
