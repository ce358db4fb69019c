"""The companion page as an offline app on the phone (``pnpkit bot app OUT/``): the same bot
code run in the browser by Pyodide, a service worker keeping every file, the save in the
browser's storage. ``pyodide`` fetches the interpreter from npm once per machine; ``export``
writes the folder."""
