/* The offline app's service worker (pnpkit bot app): every file of the app kept at install,
   answered from the cache first, so the app opens and plays with no network. The cache is
   named by a digest of the files: a new export installs a new cache and the old ones are
   deleted. A file whose bytes are the same as in the earlier export's cache (each file's digest
   is listed, and each cache keeps its list) is carried over from it, not fetched again: a new
   export costs a phone the files that changed, not Pyodide's 12 MB. The list and the name are
   filled in at export. */
"use strict";
var CACHE = "pnpkit-app-" + __DIGEST__;
var FILES = __FILES__;                    /* [url, digest of its bytes] (null: the URL names its version) */
var LISTED = "pnpkit-files.json";         /* in each cache: its FILES */

function earlier(url, digest) {           /* the same file in an earlier export's cache, or null */
  return caches.keys().then(function (names) {
    return names.filter(function (name) { return name.indexOf("pnpkit-app-") === 0 && name !== CACHE; })
      .reduce(function (found, name) {
        return found.then(function (response) {
          if (response) return response;
          return caches.open(name).then(function (cache) {
            return cache.match(LISTED).then(function (listed) { return listed ? listed.json() : []; })
              .then(function (files) {
                var same = files.some(function (f) { return f[0] === url && f[1] === digest; });
                return same ? cache.match(url).then(function (r) { return r || null; }) : null;
              });
          }).catch(function () { return null; });
        });
      }, Promise.resolve(null));
  });
}
function keep(cache, entry) {
  return earlier(entry[0], entry[1]).then(function (found) {
    if (found) return cache.put(entry[0], found);
    /* "reload": from the host, not from the browser's HTTP cache (an older export's copy) */
    return fetch(new Request(entry[0], {cache: "reload"})).then(function (response) {
      if (!response.ok) throw new Error(entry[0] + ": " + response.status);
      return cache.put(entry[0], response);
    });
  });
}

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    return Promise.all(FILES.map(function (entry) { return keep(cache, entry); })).then(function () {
      return cache.put(LISTED, new Response(JSON.stringify(FILES), {headers: {"Content-Type": "application/json"}}));
    });
  }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.indexOf("pnpkit-app-") === 0 && name !== CACHE;
    }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

self.addEventListener("fetch", function (event) {
  if (event.request.method !== "GET") return;
  event.respondWith(caches.open(CACHE).then(function (cache) {
    return cache.match(event.request, {ignoreSearch: true}).then(function (found) {
      if (found) return found;
      if (event.request.mode === "navigate") {
        return cache.match("./").then(function (page) { return page || fetch(event.request); });
      }
      return fetch(event.request);
    });
  }));
});
