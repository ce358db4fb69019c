/* The offline app's glue (pnpkit bot app): start Pyodide, unpack the bot's Python into its
   file system, open the page's session (bot.web.browser) and answer the page's htmx requests
   in Python instead of a server. The save folder (the save, its checklist) is kept in
   IndexedDB after every change and read back at start: a reload, a locked screen or a dead
   network lose nothing. "Export save" downloads the terminal's file; "Import save" reads one
   (a bad file is refused in words, the game kept). */
(function () {
  "use strict";
  var CONFIG = JSON.parse(document.getElementById("pnpkit-app").textContent);
  var SAVES = "/home/pyodide/save";       // the save folder in Pyodide's file system
  var py = null, boot = null, boardUrl = null, started = null;

  function note(text) {
    var el = document.getElementById("app-note");
    if (el) el.textContent = text;
  }
  function say(text) {                     /* the page's own trouble box (page.html) */
    if (typeof trouble === "function") trouble(text); else note(text);
  }

  /* -- IndexedDB: one record, the save folder's files by name ------------------------- */
  function db() {
    return new Promise(function (resolve, reject) {
      var open = indexedDB.open("pnpkit-" + CONFIG.game, 1);
      open.onupgradeneeded = function () { open.result.createObjectStore("saves"); };
      open.onsuccess = function () { resolve(open.result); };
      open.onerror = function () { reject(open.error); };
    });
  }
  function stored(key) {
    return db().then(function (d) {
      return new Promise(function (resolve, reject) {
        var get = d.transaction("saves").objectStore("saves").get(key);
        get.onsuccess = function () { resolve(get.result || null); };
        get.onerror = function () { reject(get.error); };
      });
    });
  }
  function store(value, key) {
    return db().then(function (d) {
      return new Promise(function (resolve, reject) {
        var tx = d.transaction("saves", "readwrite");
        tx.objectStore("saves").put(value, key);
        tx.oncomplete = function () { resolve(); };
        tx.onerror = function () { reject(tx.error); };
      });
    });
  }
  var kept = "";                            /* the folder as last stored: stored again only when changed */
  function keep() {
    var files = JSON.parse(boot.folder());
    var text = JSON.stringify(files);
    if (text === kept) return Promise.resolve();
    kept = text;
    return store(files, "folder").catch(function (err) {
      say("The game could not be kept in this browser's storage (" + err + "): export the save to keep it.");
    });
  }

  /* -- Python ------------------------------------------------------------------------------- */
  function script(src) {
    return new Promise(function (resolve, reject) {
      var s = document.createElement("script");
      s.src = src;
      s.onload = resolve;
      s.onerror = function () { reject(new Error("cannot load " + src)); };
      document.head.appendChild(s);
    });
  }
  var times = window.pnpkitTimes = {};     /* when each step of the start ended (ms since the navigation) */
  function mark(step) { times[step] = Math.round(performance.now()); }
  /* Pyodide's memory snapshot: the interpreter's memory once the bot's Python is imported and
     its templates compiled (taken a few seconds after the first start, with the bytecode),
     kept in IndexedDB under the bundle's digest and Pyodide's version. A later start restores
     it instead of starting Python and importing the bot again; the game in it is replaced by
     the one kept (boot.start). Pyodide marks it experimental: a snapshot missing, of another bundle or version, or
     one that fails to restore (a corrupt record) is forgotten and the app starts as usual. The
     file system is not in it: the bundle is unpacked again either way. Its bytes are checked
     against their SHA-256 before use (a fraction of a second): memory restored from a damaged
     record does not fail, it hangs. Without WebCrypto (no secure context) no snapshot is made. */
  var SNAPSHOT = CONFIG.bundle_digest + "/" + CONFIG.pyodide_version;
  var snapshotMade = false;            /* this start may keep a snapshot (Pyodide started to make one) */
  var subtle = window.crypto && window.crypto.subtle;
  function sha256(data) {
    return subtle.digest("SHA-256", data).then(function (hash) {
      return Array.from(new Uint8Array(hash), function (b) { return (b + 256).toString(16).slice(1); }).join("");
    });
  }
  /* What Pyodide 0.29 (the version pinned in bot/web/offline/pyodide.py) restores: its magic
     number, the header's end, then the memory in whole 64 KiB pages, at least its initial 320.
     Memory it cannot take makes Pyodide's start wait for ever (it only warns), so a record
     that is not of this shape is never handed to it. */
  var SNAPSHOT_MAGIC = 1886286592, PAGE = 65536, INITIAL_PAGES = 320;
  function shaped(data) {
    if (!(data instanceof Uint8Array) || data.byteLength < 64 || data.byteOffset % 4) return false;
    var head = new Uint32Array(data.buffer, data.byteOffset, 4), memory = data.byteLength - head[1];
    return head[0] === SNAPSHOT_MAGIC && head[1] >= 48 && memory % PAGE === 0 && memory / PAGE >= INITIAL_PAGES;
  }
  function checkedSnapshot(kept) {       /* the kept snapshot's bytes when they are this app's and whole, else null (forgotten) */
    if (!kept) return Promise.resolve(null);
    if (!subtle || kept.key !== SNAPSHOT || !kept.data || !kept.digest) return forget("snapshot").then(function () { return null; });
    return sha256(kept.data).then(function (found) {
      if (found === kept.digest && shaped(kept.data)) return kept.data;
      times.snapshot = -2;                   /* damaged: forgotten, the usual start */
      return forget("snapshot").then(function () { return null; });
    }, function () { return null; });
  }
  function forget(key) {
    return db().then(function (d) {
      return new Promise(function (resolve) {
        var tx = d.transaction("saves", "readwrite");
        tx.objectStore("saves").delete(key);
        tx.oncomplete = tx.onerror = function () { resolve(); };
      });
    }).catch(function () {});
  }
  function resume(got, snapshot) {        /* Python started (from ``snapshot`` when given), the bot imported, the game opened */
    var options = {indexURL: CONFIG.pyodide};
    if (snapshot) options._loadSnapshot = snapshot; else if (subtle) options._makeSnapshot = true;
    return loadPyodide(options).then(function (started) {
      mark("pyodide");
      py = started;
      py.unpackArchive(got[0], "zip", {extractDir: CONFIG.root});
      var bytecode = got[2];
      if (bytecode && bytecode.digest === CONFIG.bundle_digest) {
        py.unpackArchive(bytecode.zip, "zip", {extractDir: CONFIG.root});
      }
      if (snapshot) {
        if (!py.runPython("import sys; 'bot.web.offline.boot' in sys.modules")) throw new Error("the snapshot holds no bot");
      } else {
        py.runPython("import sys; sys.path.insert(0, " + JSON.stringify(CONFIG.root) + ")");
        snapshotMade = !!subtle;             /* taken once the page is shown (keepBytecode) */
      }
      boot = py.pyimport("bot.web.offline.boot");
      mark("unpacked");
      boot.start(CONFIG.game, CONFIG.baked, SAVES, CONFIG.save, JSON.stringify(got[1]), CONFIG.seed);
      mark("session");
    });
  }
  /* The first visit: the service worker fetches every file of the app as it installs; the page
     waits for it to take over and takes the files from it, so that each is fetched from the
     host once (12 MB on a phone's network), not once by the page and once more by the worker.
     Without a worker (no secure context, none allowed, its install failed) the page fetches
     them itself; it waits a minute at most. */
  function controlled(registering) {
    if (!registering || navigator.serviceWorker.controller) return Promise.resolve();
    note("Keeping the app on this phone for offline play…");
    return new Promise(function (resolve) {
      navigator.serviceWorker.addEventListener("controllerchange", resolve, {once: true});
      setTimeout(resolve, 60000);
      registering.then(function (registration) {
        var worker = registration.installing || registration.waiting;
        if (!worker) { setTimeout(resolve, registration.active ? 2000 : 0); return; }   /* active: taking over now, or never (a reload that bypassed it) */
        worker.addEventListener("statechange", function () { if (worker.state === "redundant") resolve(); });
      }, resolve);
    });
  }
  function start(registering) {
    return controlled(registering).then(function () {
      note("Starting Python…");
      return script(CONFIG.pyodide + "pyodide.js");
    }).then(function () {
      mark("loader");
      return Promise.all([fetch(CONFIG.bundle).then(function (r) {
                            if (!r.ok) throw new Error("cannot load " + CONFIG.bundle + ": " + r.status);
                            return r.arrayBuffer();
                          }),
                          stored("folder").catch(function (err) {     /* a browser that keeps nothing (private mode) */
                            say("This browser keeps nothing for this page (" + err + "): export the save to keep the game.");
                            return null;
                          }),
                          stored("bytecode").catch(function () { return null; }),
                          stored("snapshot").catch(function () { return null; }).then(checkedSnapshot)]);
    }).then(function (got) {
      var snapshot = got[3];
      if (snapshot) times.snapshot = 1; else if (!times.snapshot) times.snapshot = 0;
      return resume(got, snapshot).catch(function (err) {
        if (!snapshot) throw err;
        times.snapshot = -1;                 /* it did not restore: forgotten, the usual start */
        boot = null;
        return forget("snapshot").then(function () { return resume(got, null); });
      });
    }).then(function () {
      note("");
      return keep();
    }).then(function () {
      show(JSON.parse(boot.page()));
      window.pnpkitStarted = performance.now();     /* the game shown, since the page's navigation began */
      setTimeout(keepBytecode, 3000);
    });
  }
  /* The bot's Python compiled once, after the first start, and kept beside the save: later
     starts import it without compiling (a second or two on a slow phone). Kept under the
     bundle's digest: a new export's Python is compiled anew. The snapshot made at this start
     is kept then too. */
  var bytecodeKept = null;
  function keepBytecode() {
    bytecodeKept = stored("bytecode").then(function (kept) {
      if (kept && kept.digest === CONFIG.bundle_digest) return;
      var zip = "/tmp/pnpkit-bytecode.zip";
      boot.compile_all(CONFIG.root, zip);
      return store({digest: CONFIG.bundle_digest, zip: py.FS.readFile(zip)}, "bytecode");
    }).catch(function () { /* only a faster start lost */ }).then(function () {
      if (!snapshotMade) return;
      snapshotMade = false;
      var data;                              /* the bot imported, its templates compiled; the game's state is replaced at a start */
      try { boot.warm(CONFIG.game); data = py.makeMemorySnapshot(); } catch (err) { return; }
      return sha256(data).then(function (digest) {
        return store({key: SNAPSHOT, digest: digest, data: data}, "snapshot");
      }).catch(function () { /* only a faster start lost */ });
    });
  }

  /* -- the page ------------------------------------------------------------------------------ */
  function boardLink(html) {              /* the board's art as a blob URL, made again when its digest changes */
    var found = /\/board\.svg(\?v=[0-9a-f]*)?/.exec(html);
    if (!found) return html;
    if (boardUrl === null || boardUrl[0] !== found[0]) {
      var art = JSON.parse(boot.board());
      if (art[0] !== 200) return html;
      if (boardUrl !== null) URL.revokeObjectURL(boardUrl[1]);
      boardUrl = [found[0], URL.createObjectURL(new Blob([art[1]], {type: "image/svg+xml"}))];
    }
    return html.split(found[0]).join(boardUrl[1]);
  }
  function show(answer) {                  /* the whole page (status, html): its <main> shown */
    var doc = new DOMParser().parseFromString(boardLink(answer[1]), "text/html");
    var main = document.querySelector("main");
    main.innerHTML = doc.querySelector("main") ? doc.querySelector("main").innerHTML : doc.body.innerHTML;
    if (typeof pnpkitAdoptDefs === "function") pnpkitAdoptDefs();
    htmx.process(main);
    if (typeof keepBoard === "function") keepBoard();
  }
  function act(values) {                   /* one tap: Python's answer swapped in, the save kept */
    var t0 = performance.now();
    var answer = JSON.parse(boot.act(JSON.stringify(values)));
    window.pnpkitTapPython = performance.now() - t0;     /* of it, Python's (the rest: the swap) */
    if (answer[0] === 200) {
      var html = boardLink(answer[1]);        /* the definitions the page holds already cut (page.html) */
      pnpkitRememberBoard();                  /* the zoomed board's view kept, should the board be new */
      html = pnpkitKeepDefs(html);
      if (!pnpkitSwap(html)) htmx.swap("#game", html, {swapStyle: "outerHTML"});   /* page.html's swap */
    } else {
      var said = new DOMParser().parseFromString(answer[1], "text/html").body.textContent.trim().slice(0, 300);
      say("The save could not be read or the rules refused: " + said);
    }
    window.pnpkitTap = performance.now() - t0;
    setTimeout(keep, 0);                    /* kept once the answer is on screen (IndexedDB writes later anyway) */
  }

  /* Every htmx request of the page is answered here: the request is cancelled and its form
     handed to Python (a server would have had the same form). */
  document.body.addEventListener("htmx:configRequest", function (e) {
    e.preventDefault();
    if (!boot) return;
    var values = {}, params = e.detail.formData || e.detail.parameters;
    if (params && typeof params.forEach === "function") {
      params.forEach(function (value, key) { values[key] = String(value); });
    } else {
      for (var key in params) values[key] = String(params[key]);
    }
    try {
      act(values);
    } catch (err) {
      say("Something went wrong in the app (" + String(err).slice(0, 300) + "): reload the page.");
    }
  });

  /* -- the save as a file ----------------------------------------------------------------------- */
  document.getElementById("export-save").addEventListener("click", function () {
    if (!boot) return;
    var link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([boot.save_text()], {type: "application/json"}));
    link.download = CONFIG.save;
    document.body.appendChild(link);
    link.click();
    link.remove();
    note("Saved as " + CONFIG.save + " (the terminal reads it: --save " + CONFIG.save + ").");
  });
  document.getElementById("import-file").addEventListener("change", function (e) {
    var file = e.target.files[0];
    e.target.value = "";
    if (!file || !boot) return;
    if (file.size > CONFIG.save_limit) {
      note("Refused: " + file.name + " is " + file.size + " bytes; a save is at most " + CONFIG.save_limit + ". The game is kept.");
      return;
    }
    file.text().then(function (text) {
      var refused = boot.import_save(text);
      if (refused) { note("Refused: " + refused + " The game is kept."); return; }
      show(JSON.parse(boot.page()));
      note("Imported " + file.name + ".");
      return keep();
    });
  });
  /* -- the service worker: every file kept, the app opens offline --------------------------------- */
  var registering = null;
  if ("serviceWorker" in navigator) {
    registering = navigator.serviceWorker.register("sw.js");
    registering.catch(function (err) {
      note("This page works, but cannot be installed here (" + err.message + "): open it over HTTPS or localhost.");
    });
  }
  started = start(registering).catch(function (err) {
    say("The app could not start: " + String(err).slice(0, 400));
  });
  /* For scripts (the tests, the benchmarks): the start, and the save as the terminal reads it. */
  window.pnpkitReady = function () { return started; };
  window.pnpkitBytecode = function () { return bytecodeKept; };
  window.pnpkitSaveText = function () { return boot ? boot.save_text() : null; };
})();
