// Inlined at the top of index.html by the build (vite.config.ts, todayPrefetch), with Today's code
// files in place of TODAY_FILES; the server allows it by its hash (backend security-headers.ts).
// A signed-in caregiver opening `/` (the server's readable cc.signed-in hint is there) would otherwise
// wait for the app's code to ask for Today's code, then for the user, then for the recipients, then
// for the day's tasks, one phone round trip each. Here all of it starts while the page is parsed:
// Today's code as module preloads, and the reads Today makes first, which the app takes once each
// (src/app/prefetched.ts). Anyone else gets nothing from this script.
(function (todayFiles) {
  if (location.pathname !== '/' || !/(?:^|;\s*)cc\.signed-in=/.test(document.cookie)) return;
  todayFiles.forEach(function (href) {
    var link = document.createElement('link');
    if (/\.css$/.test(href)) {
      link.rel = 'preload';
      link.as = 'style';
    } else {
      link.rel = 'modulepreload';
    }
    // As Vite's own preloads and stylesheet links ask them, so the page uses these answers.
    link.crossOrigin = '';
    link.href = href;
    document.head.appendChild(link);
  });
  var prefetched = (window.__ccPrefetched = { at: Date.now(), reads: {} });
  var read = function (url) {
    var answer = fetch(url, { credentials: 'include' });
    prefetched.reads[url] = answer.catch(function () {
      return null;
    });
    return answer;
  };
  var pad = function (n) {
    return (n < 10 ? '0' : '') + n;
  };
  var now = new Date();
  var today = now.getFullYear() + '-' + pad(now.getMonth() + 1) + '-' + pad(now.getDate());
  read('/api/auth/user');
  // Today shows the last recipient of the list first (spec document 2): their day's tasks.
  read('/api/children')
    .then(function (response) {
      return response.ok ? response.clone().json() : [];
    })
    .then(function (children) {
      var last = children[children.length - 1];
      if (last) read('/api/tasks?childId=' + encodeURIComponent(last.id) + '&date=' + today);
    })
    .catch(function () {});
})(TODAY_FILES);
