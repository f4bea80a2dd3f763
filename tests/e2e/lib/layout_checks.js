// What the layout sweep measures, in the page (each function runs through page.evaluate): shared
// by layout.test.js (Chromium, every screen at every size) and the other engines' smoke specs
// (engines.test.js: Firefox and WebKit at a phone's and a tablet's size).

/** Runs in the page: what is wrong with the layout of `scope` (a selector; the whole page by default). */
function measure({ scope, touch }) {
  const out = [];
  const vw = document.documentElement.clientWidth;
  const round = (n) => Math.round(n);
  const name = (e) => {
    const t = e.getAttribute('data-testid') || e.getAttribute('aria-label') || (e.textContent || '').trim().replace(/\s+/g, ' ').slice(0, 24);
    return `${e.tagName.toLowerCase()}${e.classList.length ? '.' + [...e.classList].join('.') : ''}“${t}”`;
  };
  const shown = (e) => {
    if (!e.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) return false;
    const r = e.getBoundingClientRect();
    // A 1 px box is text for screen readers only (.sr-only).
    return r.width > 1 && r.height > 1;
  };
  if (document.documentElement.scrollWidth > vw + 1) {
    out.push(`the page is ${document.documentElement.scrollWidth} px wide in a ${vw} px viewport`);
  }
  const root = scope ? document.querySelector(scope) : document.body;
  if (!root) return [`no ${scope}`];
  const CONTROLS = 'button, a[href], select, input:not([type=hidden]), textarea, summary, [role=button], [role=tab], [role=checkbox], [role=radio], [role=link]';
  const controls = [...root.querySelectorAll(CONTROLS)].filter(shown);
  const ownText = (e) => [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
  const labels = [...root.querySelectorAll('*')].filter((e) => !(e instanceof SVGElement) && ownText(e) && shown(e));
  // Cards: a box a label must stay inside.
  const CARDS = '.panel, .disp, .station, .cmd, .tab, .btn, button, [class*="__card"], .seat, .hud__ship';
  // Content in a box that scrolls sideways is reached by scrolling it (the tap check below does).
  const scroller = (e) => {
    for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) {
      if (['auto', 'scroll'].includes(getComputedStyle(a).overflowX) && a.scrollWidth > a.clientWidth + 1) return a;
    }
    return null;
  };
  for (const e of new Set([...controls, ...labels])) {
    const r = e.getBoundingClientRect();
    const scrolls = scroller(e);
    if (!scrolls && (r.left < -1 || r.right > vw + 1)) out.push(`${name(e)} runs off the viewport (${round(r.left)}…${round(r.right)} of ${vw})`);
    const cs = getComputedStyle(e);
    // A text field scrolls its own text: a long link in one is not cut.
    if (cs.display !== 'inline' && e.tagName !== 'INPUT' && e.scrollWidth > e.clientWidth + 1) {
      out.push(`${name(e)} is cut: ${e.scrollWidth} px of content in ${e.clientWidth} px`);
    }
    for (let a = e.parentElement; a && a !== document.body && a !== scrolls; a = a.parentElement) {
      const acs = getComputedStyle(a);
      const clips = acs.overflowX !== 'visible';
      if (!clips && !a.matches(CARDS)) continue;
      const ar = a.getBoundingClientRect();
      if (r.left < ar.left - 1 || r.right > ar.right + 1) {
        out.push(`${name(e)} sticks out of ${name(a)} (${round(r.left)}…${round(r.right)} in ${round(ar.left)}…${round(ar.right)})`);
        break;
      }
    }
  }
  // The part of a box its scrolling or clipping ancestors let through (null: none of it).
  const seen = (e) => {
    const r = e.getBoundingClientRect();
    let [l, t, rt, b] = [r.left, r.top, r.right, r.bottom];
    for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) {
      if (getComputedStyle(a).overflowX === 'visible' && getComputedStyle(a).overflowY === 'visible') continue;
      const ar = a.getBoundingClientRect();
      [l, t, rt, b] = [Math.max(l, ar.left), Math.max(t, ar.top), Math.min(rt, ar.right), Math.min(b, ar.bottom)];
    }
    return rt - l > 1 && b - t > 1 ? { left: l, top: t, right: rt, bottom: b } : null;
  };
  // A bar that stays on screen while the page scrolls (sticky or fixed): what scrolls under it
  // is not overlapped but covered for a moment; the tap check below scrolls each control clear.
  const pinned = (e) => {
    for (let a = e; a && a !== document.body; a = a.parentElement) {
      if (['sticky', 'fixed'].includes(getComputedStyle(a).position)) return a;
    }
    return null;
  };
  // No two controls overlap where they show (one inside the other is a label around its input).
  for (let i = 0; i < controls.length; i++) {
    const a = seen(controls[i]);
    if (!a) continue;
    for (let j = i + 1; j < controls.length; j++) {
      if (controls[i].contains(controls[j]) || controls[j].contains(controls[i])) continue;
      if (pinned(controls[i]) !== pinned(controls[j])) continue;
      const b = seen(controls[j]);
      if (!b) continue;
      const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (w > 1 && h > 1) out.push(`${name(controls[i])} overlaps ${name(controls[j])}`);
    }
  }
  // Every control can be brought into view and tapped: nothing else lies on its middle.
  const scrolled = [];
  for (let n = document.scrollingElement; n; n = null) scrolled.push([n, n.scrollTop, n.scrollLeft]);
  for (const e of controls) {
    for (let a = e.parentElement; a; a = a.parentElement) {
      if (a.scrollHeight > a.clientHeight || a.scrollWidth > a.clientWidth) scrolled.push([a, a.scrollTop, a.scrollLeft]);
    }
    e.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: 'instant' });
    // A link that wraps is tapped on its first line.
    const r = e.getClientRects()[0] || e.getBoundingClientRect();
    const x = r.left + r.width / 2;
    const y = r.top + r.height / 2;
    const hit = document.elementFromPoint(x, y);
    const label = e.closest('label');
    const ok = hit && (hit === e || e.contains(hit) || (label && label.contains(hit)));
    if (!ok) out.push(`${name(e)} cannot be tapped: ${hit ? name(hit) : 'nothing'} is on its middle`);
    if (touch) {
      // A checkbox or radio counts with its label, a box's name button with its box (a tap
      // anywhere on a station's box places there: src/stations/common.rs); a link inside
      // running text is exempt.
      const box = e.matches('button.spot__label') ? e.closest('.spot') : null;
      const target = (label || box || e).getBoundingClientRect();
      const inText = e.tagName === 'A' && !e.classList.contains('btn') && e.parentElement?.matches('p, li, dd, small');
      // The map editor's squares keep a whole 9×9 map in view on a phone (a painter needs to
      // see both halves): they are held to WCAG 2.5.8's 24 px, and the grid scrolls below that.
      const least = e.matches('.map-grid .cell') ? 24 : 44;
      if (!inText && (target.width < least - 0.5 || target.height < least - 0.5)) {
        out.push(`${name(e)} is ${round(target.width)}×${round(target.height)} px, under ${least} px`);
      }
    }
  }
  for (const [n, top, left] of scrolled.reverse()) { n.scrollTop = top; n.scrollLeft = left; }
  // An overlay's cards are on top: nothing else lies on their corners.
  if (scope) {
    for (const card of [root, ...root.querySelectorAll(CARDS)].filter((c) => c.matches(CARDS) && shown(c))) {
      const r = card.getBoundingClientRect();
      for (const [x, y] of [[r.left + 3, r.top + 3], [r.right - 3, r.top + 3], [r.left + 3, r.bottom - 3], [r.right - 3, r.bottom - 3]]) {
        const hit = document.elementFromPoint(x, y);
        if (hit && !root.contains(hit)) out.push(`${name(card)} is covered by ${name(hit)} at ${round(x)},${round(y)}`);
      }
    }
  }
  return [...new Set(out)];
}

/** Runs in the page: the shown station's Roll is in view and uncovered with no scrolling (a
 * newcomer told "2 dice ready to roll" sees where to roll: the tray is pinned under the displays). */
function rollInView(station) {
  const roll = document.querySelector(`[data-testid="${station}-roll"]`);
  if (!roll) return `no ${station}-roll`;
  const r = roll.getBoundingClientRect();
  const y = r.top + r.height / 2;
  const hit = document.elementFromPoint(r.left + r.width / 2, y);
  if (hit && (hit === roll || roll.contains(hit))) return null;
  return `${station}: Roll is out of view until scrolled (its middle at ${Math.round(y)} px, under ${hit ? hit.tagName.toLowerCase() : 'nothing'})`;
}

/** Runs in the page: the controls a player needs at every moment (the shown station's Roll, each
 * order of the freeze bar under the station, each tab) are on screen, whole, and on top, with no
 * scrolling, whatever notice shows (issue 48: the trust bar once hid Roll and the Fire bar). */
function playable(station) {
  const out = [];
  const name = (e) => e.getAttribute('data-testid') || e.className;
  const [vw, vh] = [document.documentElement.clientWidth, document.documentElement.clientHeight];
  const roll = document.querySelector(`[data-testid="${station}-roll"]`);
  if (!roll) out.push(`no ${station}-roll`);
  const orders = [...document.querySelectorAll('[data-testid="commands"] button')];
  if (!orders.length) out.push('no orders under the station');
  const tabs = [...document.querySelectorAll('[data-testid="tabs"] button.tab')];
  for (const e of [roll, ...orders, ...tabs].filter(Boolean)) {
    if (!e.checkVisibility({ checkVisibilityCSS: true })) continue; // an order this ship does not have
    const r = e.getBoundingClientRect();
    if (r.left < -1 || r.top < -1 || r.right > vw + 1 || r.bottom > vh + 1) {
      out.push(`${name(e)} is cut by the screen's edge (${Math.round(r.left)},${Math.round(r.top)}…${Math.round(r.right)},${Math.round(r.bottom)})`);
      continue;
    }
    for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) {
      const cs = getComputedStyle(a);
      if (cs.overflowX === 'visible' && cs.overflowY === 'visible') continue;
      const ar = a.getBoundingClientRect();
      if (r.left < ar.left - 1 || r.right > ar.right + 1 || r.top < ar.top - 1 || r.bottom > ar.bottom + 1) {
        out.push(`${name(e)} is cut by ${name(a)}`);
        break;
      }
    }
    // The middle and two points either side of it: a notice over any part of it would take a tap.
    for (const [fx, fy] of [[0.5, 0.5], [0.2, 0.5], [0.8, 0.5], [0.5, 0.2], [0.5, 0.8]]) {
      const [x, y] = [r.left + r.width * fx, r.top + r.height * fy];
      const hit = document.elementFromPoint(x, y);
      if (!hit || !(hit === e || e.contains(hit))) {
        out.push(`${name(e)} is covered at ${Math.round(x)},${Math.round(y)} by ${hit ? hit.className || hit.tagName : 'nothing'}`);
        break;
      }
    }
  }
  return out;
}

module.exports = { measure, playable, rollInView };
