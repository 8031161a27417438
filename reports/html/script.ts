import { createHash } from 'node:crypto';

// The page's only script, inline: the search box and status filters over the rules, a link
// into a closed area opening it, and printing with every <details> open. Without it the page
// shows everything all the same (the controls stay hidden, areas open on a click). Plain ES5
// so that any browser a certifier has runs it; it reads the page, never the network.

export const SCRIPT = `(function () {
  var controls = document.getElementById('rule-filter');
  var search = document.getElementById('rule-search');
  var shown = document.getElementById('rule-shown');
  var list = function (selector, root) { return Array.prototype.slice.call((root || \
document).querySelectorAll(selector)); };
  var details = list('details');
  var printed = null;
  window.addEventListener('beforeprint', function () {
    printed = details.map(function (d) { return d.open; });
    details.forEach(function (d) { d.open = true; });
  });
  window.addEventListener('afterprint', function () {
    if (printed) details.forEach(function (d, i) { d.open = printed[i]; });
    printed = null;
  });
  if (!controls || !search || !shown) return;
  controls.hidden = false;
  var boxes = list('input[name=status]', controls);
  var rows = list('tr[data-status]');
  var keys = rows.map(function (row) { return list('.k', row).map(function (k) { return k.textContent; }).join(' \
').toLowerCase(); });
  var areas = list('details.area');
  var openBefore = null;
  function apply() {
    var words = search.value.toLowerCase().split(/\\s+/).filter(Boolean);
    var statuses = boxes.filter(function (b) { return b.checked; }).map(function (b) { return b.value; });
    var active = words.length > 0 || statuses.length > 0;
    if (active && !openBefore) openBefore = areas.map(function (a) { return a.open; });
    rows.forEach(function (row, i) {
      var match = (statuses.length === 0 || statuses.indexOf(row.getAttribute('data-status')) >= 0) &&
        words.every(function (w) { return keys[i].indexOf(w) >= 0; });
      row.classList.toggle('out', !match);
    });
    var total = 0;
    areas.forEach(function (area, i) {
      var n = list('tr[data-status]:not(.out)', area).length;
      total += n;
      area.classList.toggle('out', active && n === 0);
      area.querySelector('.shown').textContent = active ? n + ' shown' : '';
      if (active) area.open = n > 0;
      else if (openBefore) area.open = openBefore[i];
    });
    if (!active) openBefore = null;
    shown.textContent = active ? total + ' of ' + rows.length + ' rules shown' : '';
  }
  search.addEventListener('input', apply);
  boxes.forEach(function (b) { b.addEventListener('change', apply); });
  list('a[data-filter]').forEach(function (link) {
    link.addEventListener('click', function () {
      boxes.forEach(function (b) { b.checked = b.value === link.getAttribute('data-filter'); });
      search.value = '';
      apply();
    });
  });
  function reveal() {
    var target = location.hash.length > 1 ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    if (!target) return;
    if (target.classList.contains('out')) {
      boxes.forEach(function (b) { b.checked = false; });
      search.value = '';
      apply();
    }
    for (var el = target; el; el = el.parentElement) if (el.tagName === 'DETAILS') el.open = true;
    target.scrollIntoView();
  }
  window.addEventListener('hashchange', reveal);
  reveal();
})();`;

/** The Content-Security-Policy source that lets this script, and no other, run. */
export const SCRIPT_HASH = `'sha256-${createHash('sha256').update(SCRIPT).digest('base64')}'`;
