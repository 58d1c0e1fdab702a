// The offline page's behaviour (offline.html): show the chosen language, retry on demand, and reload
// by itself once the server answers again. The `online` event alone is not enough: a phone can have a
// network that does not reach the server (captive portal, server restart), so /api/health is asked too.
(function () {
  var stored = null;
  try {
    stored = localStorage.getItem('app.lang');
  } catch {
    /* storage unavailable */
  }
  var lang = /^zh/i.test(stored || navigator.language || '') ? 'zh-CN' : 'en-US';
  document.documentElement.lang = lang;
  document.querySelectorAll('[data-lang]').forEach(function (section) {
    section.hidden = section.getAttribute('data-lang') !== lang;
  });
  if (lang === 'zh-CN') document.title = 'TradeFlip · 网络已断开';

  var reloading = false;
  function reload() {
    if (reloading) return;
    reloading = true;
    location.reload();
  }
  document.querySelectorAll('[data-retry]').forEach(function (button) {
    button.addEventListener('click', reload);
  });
  window.addEventListener('online', reload);

  function check() {
    // The app's request rules (spec §7), as every call of the app follows them.
    fetch('/api/health?_r=' + Date.now(), {
      cache: 'no-store',
      headers: {
        'Accept-Language': lang,
        'X-Lang': lang,
        'X-Requested-With': 'XMLHttpRequest',
        'X-Request-Id': String(Date.now()) + Math.random().toString(16).slice(2),
      },
    })
      .then(function (response) {
        if (response.ok) reload();
        else setTimeout(check, 3000);
      })
      .catch(function () {
        setTimeout(check, 3000);
      });
  }
  setTimeout(check, 3000);
})();
