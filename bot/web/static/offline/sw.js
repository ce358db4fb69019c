/* The offline app's service worker (pnpkit bot app): every file of the app kept at install,
   answered from the cache first, so the app opens and plays with no network. The cache is
   named by a digest of the files: a new export installs a new cache and the old ones are
   deleted. The list and the name are filled in at export. */
"use strict";
var CACHE = "pnpkit-app-" + __DIGEST__;
var FILES = __FILES__;

self.addEventListener("install", function (event) {
  /* "reload": each file from the host, not from the browser's HTTP cache (an older export's copy) */
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    return cache.addAll(FILES.map(function (url) { return new Request(url, {cache: "reload"}); }));
  })
    .then(function () { return self.skipWaiting(); }));
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
