// Inlined at the top of index.html by the build (vite.config.ts, homePrefetch), with the code files
// of Today and of the landing page in place of HOME_FILES; the server allows it by its hash
// (backend security-headers.ts). Opening `/`, the app's code would otherwise ask for the screen's
// code only once it has run, and a signed-in caregiver's Today would then ask for the user, the
// recipients and the day's tasks, one phone round trip each. Here it all starts while the page is
// parsed: the screen's code as preloads (Today's when the server's readable cc.signed-in hint is
// there, else the landing page's), and Today's first reads, which the app takes once each
// (src/app/prefetched.ts). A page the server rendered Today into (data-server-rendered) already
// holds those reads: there the script holds taps until the app is in. Other pages get nothing from it.
(function (files) {
  if (location.pathname !== '/') return;
  var signedIn = /(?:^|;\s*)cc\.signed-in=/.test(document.cookie);
  (signedIn ? files.today : files.landing).forEach(function (href) {
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
  if (document.documentElement.hasAttribute('data-server-rendered')) {
    holdTapsUntilTheAppIsIn();
    return;
  }
  if (!signedIn) return;
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

  // Until the app has taken over the server's Today (src/main.tsx), a tap would change only the page:
  // a checkbox ticked that nothing saves. Taps on its controls are held (marked cc-held until then),
  // and so is a recipient chosen; the app gives them again, each control once and in order
  // (src/app/held-taps.ts).
  function holdTapsUntilTheAppIsIn() {
    var held = (window.__ccHeld = { taps: [], done: false });
    var heldControl = function (event) {
      var root = document.getElementById('root');
      var target = event.target;
      var control = !held.done && target.closest ? target.closest('input, button, select, textarea, label, [role="button"]') : null;
      return control && root && root.contains(control) ? control : null;
    };
    // The press before a click does not reach React either: React, hearing it on a part it has not
    // hydrated yet, would hydrate the whole page there and then, in one task the tap waits for
    // (issue 27). What the press does natively (focus, scrolling) stays.
    var quiet = function (event) {
      if (heldControl(event)) event.stopPropagation();
    };
    ['pointerdown', 'pointerup', 'mousedown', 'mouseup', 'touchstart', 'touchend', 'keydown', 'keyup'].forEach(function (type) {
      document.addEventListener(type, quiet, true);
    });
    var hold = function (event) {
      var control = heldControl(event);
      if (!control) return;
      // A tap on a checkbox's label is a tap on the checkbox (one control, given once).
      if (control.tagName === 'LABEL' && control.control) control = control.control;
      var isSelect = control.tagName === 'SELECT';
      // A dropdown opens as usual: what is chosen in it is held. Any other control's click is held.
      if (isSelect !== (event.type === 'change')) return;
      if (!isSelect) {
        event.preventDefault();
        event.stopPropagation();
      }
      var tap = held.taps.filter(function (each) {
        return each.control === control;
      })[0];
      if (!tap) held.taps.push((tap = { control: control }));
      control.classList.add('cc-held');
      if (isSelect) tap.value = control.value;
    };
    document.addEventListener('click', hold, true);
    document.addEventListener('change', hold, true);
  }
})(HOME_FILES);
