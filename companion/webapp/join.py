"""The join screen a phone sees before it has the access code: plain HTML in our own words,
no scripts, readable on a phone, light or dark."""

from __future__ import annotations

import html

from companion.access import SHUT_OUT_MESSAGE, shown_code
from companion.webapp import APP_NAME, INSTALL_HEAD


def join_page(
    *,
    wait: float = 0,
    wrong: str | None = None,
    installable: bool = False,
    changed: bool = False,
    action: str = "",
) -> bytes:
    """The join screen: our own words, no scripts, readable on a phone, light or dark.

    ``installable``: it links the web app manifest and icons (served without the code), so
    "Add to Home screen" on the join screen installs the app under its own name and icon.
    ``changed``: this device had joined before a new access code shut it out: say so
    (:data:`companion.access.SHUT_OUT_MESSAGE`). ``action``: where the code is sent (the
    address shown, by default; ``/`` from a page that is not the app's).
    """
    if wait > 0:
        minutes = int(wait // 60) + (1 if wait % 60 else 0)
        when = f"{int(wait) + 1} seconds" if wait < 90 else f"{minutes} minutes"
        message = f"Too many wrong codes from this device. Try again in {when}."
    elif wrong is not None:
        message = "That is not the code. Check it on the host's screen and try again."
    elif changed:
        message = SHUT_OUT_MESSAGE
    else:
        message = ""
    alert = f'<p class="alert" role="alert">{html.escape(message)}</p>' if message else ""
    value = html.escape(shown_code(wrong) if wrong else "")
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="robots" content="noindex">
{INSTALL_HEAD if installable else ""}<title>Join the table · {html.escape(APP_NAME)}</title>
<style>
  /* the app's harbour teal (companion.ui.theme.SEED_COLOR), light and dark */
  :root {{ --bg: #f4fbf9; --fg: #161d1c; --muted: #3f4947; --accent: #0b6e69;
          --on-accent: #ffffff; --field: #ffffff; --line: #6f7977; --alert: #ba1a1a; }}
  @media (prefers-color-scheme: dark) {{
    :root {{ --bg: #0e1514; --fg: #dde4e2; --muted: #bec9c6; --accent: #80d5cd;
            --on-accent: #003734; --field: #161d1c; --line: #899390; --alert: #ffb4ab; }}
  }}
  * {{ box-sizing: border-box; }}
  body {{ margin: 0; min-height: 100vh; background: var(--bg); color: var(--fg);
         font: 17px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
         display: flex; align-items: center; justify-content: center; }}
  main {{ width: 100%; max-width: 26rem; padding: 24px 20px; }}
  h1 {{ font-size: 1.6rem; line-height: 1.25; margin: 0 0 12px; }}
  p {{ margin: 0 0 16px; overflow-wrap: anywhere; }}
  .muted {{ color: var(--muted); font-size: 0.95rem; }}
  label {{ display: block; font-weight: 600; margin-bottom: 6px; }}
  input {{ width: 100%; font: inherit; font-size: 1.6rem; letter-spacing: 0.15em;
          text-transform: uppercase; padding: 10px 12px; border-radius: 10px;
          border: 2px solid var(--line); background: var(--field); color: var(--fg); }}
  input:focus {{ outline: 3px solid var(--accent); outline-offset: 1px; }}
  button {{ width: 100%; min-height: 48px; margin-top: 16px; font: inherit;
           font-weight: 600; border: 0; border-radius: 24px; background: var(--accent);
           color: var(--on-accent); cursor: pointer; }}
  .alert {{ color: var(--alert); font-weight: 600; }}
</style>
</head>
<body>
<main>
  <h1>Join the table</h1>
  <p>This {html.escape(APP_NAME)} is shared with the players on this network. Type the
  access code shown on the computer that runs it: in its terminal, or in the app under
  Settings, Open on a phone. Scanning the QR code there does the same.</p>
  {alert}
  <form method="get" action="{html.escape(action)}" autocomplete="off">
    <label for="code">Access code</label>
    <input id="code" name="code" value="{value}" required maxlength="16"
           autocapitalize="characters" autocorrect="off" spellcheck="false"
           inputmode="text" autofocus aria-describedby="remember">
    <button type="submit">Join</button>
  </form>
  <p id="remember" class="muted" style="margin-top:16px">This device is remembered once
  it has joined, so the code is needed only once.</p>
</main>
</body>
</html>
""".encode()
