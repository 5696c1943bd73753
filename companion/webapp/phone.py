"""The app inside a ``flet build`` package (a phone): no launcher, the default database.

Flet's packaged runtime connects ``ft.run`` to the app's own screen, so there is no choice of
window or browser to make. The history opens at its default place, which in a packaged app is
Flet's app storage folder (``FLET_APP_STORAGE_DATA``, see companion.history.db.default_url).
"""

from __future__ import annotations


def run() -> None:
    import flet as ft

    from companion.history import open_store
    from companion.rules import catalogue
    from companion.tables import TableHub
    from companion.ui.app import create_main
    from companion.webapp import assets_dir

    store = open_store()
    hub = TableHub(store)  # one for the app, as companion.cli makes: open tables resume
    hub.resume()
    try:
        ft.run(
            create_main(store, cat=catalogue(), db_label=store.url, hub=hub),
            assets_dir=assets_dir(),
        )
    finally:
        hub.close()
        store.close()
