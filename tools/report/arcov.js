/* arcov.js -- what the site's pages do, in plain JavaScript: sortable
 * tables, the n and p keys (next and previous line not run or with a
 * branch not taken), the test selector.  Every page reads fine without
 * it.  The query ?label=N (a test), ?sort=C[d] (column C of the files or
 * functions table, d descending) and ?keys=... replays what a reader
 * would choose, select or type, for links and for the tests; ?fn=NAME
 * shows one function's neighbourhood of the call graph. */
(function () {
	'use strict';
	var body = document.body, current = null;
	var label = document.getElementById('label');

	function value(row, col) {
		var c = row.cells[col], v = c.getAttribute('data-v');
		return v === null ? c.textContent : v;
	}

	function sortBy(table, col, dir) {
		var tb = table.tBodies[0], i;
		var rows = Array.prototype.slice.call(tb.rows);
		var num = rows.every(function (r) {
			var v = value(r, col);
			return v !== '' && !isNaN(v);
		});
		rows.sort(function (a, b) {
			var x = value(a, col), y = value(b, col);
			return dir * (num ? x - y : x.localeCompare(y));
		});
		rows.forEach(function (r) { tb.appendChild(r); });
		for (i = 0; i < table.tHead.rows[0].cells.length; i++)
			table.tHead.rows[0].cells[i].removeAttribute('aria-sort');
		table.tHead.rows[0].cells[col].setAttribute('aria-sort',
			dir > 0 ? 'ascending' : 'descending');
	}

	Array.prototype.forEach.call(document.querySelectorAll(
		'table.sortable'), function (t) {
		Array.prototype.forEach.call(t.tHead.rows[0].cells,
			function (th, col) {
			var b = th.querySelector('button');
			if (b)
				b.addEventListener('click', function () {
					sortBy(t, col, th.getAttribute(
						'aria-sort') === 'ascending' ?
						-1 : 1);
				});
		});
	});

	function targets() {
		return document.querySelectorAll(body.hasAttribute('data-label') ?
			'tr.line.smiss' : 'tr.line.nav');
	}

	function go(row) {
		if (current)
			current.classList.remove('current');
		current = row;
		row.classList.add('current');
		row.setAttribute('tabindex', '-1');
		row.focus();
		row.scrollIntoView({ block: 'center' });
		body.setAttribute('data-current', row.id);
		try {
			history.replaceState(null, '', '#' + row.id);
		} catch (e) { /* some file:// set-ups refuse it */ }
	}

	/* The next (@step 1) or previous (-1) target, wrapping around. */
	function move(step) {
		var t = targets(), i, from = current;
		var after = Node.DOCUMENT_POSITION_FOLLOWING;
		var before = Node.DOCUMENT_POSITION_PRECEDING;

		if (!t.length)
			return;
		if (!from && location.hash)
			from = document.getElementById(location.hash.slice(1));
		for (i = 0; i < t.length; i++) {
			var k = step > 0 ? i : t.length - 1 - i;
			if (!from || from.compareDocumentPosition(t[k]) &
			    (step > 0 ? after : before))
				return go(t[k]);
		}
		go(t[step > 0 ? 0 : t.length - 1]);
	}

	document.addEventListener('keydown', function (e) {
		var tag = e.target && e.target.tagName;

		if (e.ctrlKey || e.metaKey || e.altKey || tag === 'INPUT' ||
		    tag === 'SELECT' || tag === 'TEXTAREA')
			return;
		if (e.key === 'n' || e.key === 'p') {
			move(e.key === 'n' ? 1 : -1);
			e.preventDefault();
		}
	});

	/* Colour the lines for the test @v (an index), or for all of them. */
	function pick(v) {
		if (v === '')
			body.removeAttribute('data-label');
		else
			body.setAttribute('data-label', v);
		Array.prototype.forEach.call(document.querySelectorAll(
			'tr.line[data-runs]'), function (r) {
			var ran = r.getAttribute('data-runs').indexOf(
				' ' + v + ' ') >= 0;
			var counts = !r.classList.contains('excl');
			var tk = r.querySelector('td.tk');

			r.classList.toggle('shit', v !== '' && ran);
			r.classList.toggle('smiss', v !== '' && !ran && counts);
			if (tk)
				tk.textContent = v === '' || !counts ? '' :
					ran ? '\u2713 ran' : '\u2717 not run';
		});
		current = null;
	}

	if (label)
		label.addEventListener('change', function () {
			pick(label.value);
		});

	var q = new URLSearchParams(location.search), s = q.get('sort');
	if (label && q.has('label')) {
		label.value = q.get('label');
		pick(label.value);
	}
	if (s) {
		var t = document.querySelector('table.tree, table.fns');
		var th = t && t.tHead.rows[0].cells[parseInt(s, 10)];
		var b = th && th.querySelector('button');
		if (b) {
			b.click();
			if (/d$/.test(s))
				b.click();
		}
	}
	/* The call graph: ?fn=NAME keeps NAME, its callers and its callees. */
	var only = q.get('fn');
	if (only !== null && document.querySelector('svg.callgraph')) {
		var near = {};
		near[only] = true;
		Array.prototype.forEach.call(document.querySelectorAll(
			'svg.callgraph g.arc'), function (a) {
			var from = a.getAttribute('data-from');
			var to = a.getAttribute('data-to');
			if (from === only || to === only) {
				near[from] = near[to] = true;
			} else {
				a.classList.add('off');
			}
		});
		Array.prototype.forEach.call(document.querySelectorAll(
			'svg.callgraph g.fn'), function (g) {
			if (!near[g.getAttribute('data-name')])
				g.classList.add('off');
		});
		var note = document.getElementById('only');
		if (note)
			note.textContent = 'Showing ' + only + ', its callers ' +
				'and its callees; the whole graph is one link ' +
				'away.';
	}

	/* The timeline's zoom: every bar and tick placed again at z times
	 * the width it was drawn for; ?zoom=Z starts there. */
	var lanes = document.querySelectorAll('svg.timeline'), zoom = 1;

	function place(el, attr, z) {
		var v = el.getAttribute('data-' + attr);
		if (v === null) {
			v = el.getAttribute(attr);
			el.setAttribute('data-' + attr, v);
		}
		el.setAttribute(attr, (v * z).toFixed(2));
	}

	function zoomTo(z) {
		zoom = Math.min(Math.max(z, 1), 256);
		Array.prototype.forEach.call(lanes, function (svg) {
			svg.setAttribute('width', svg.getAttribute('data-width') *
				zoom);
			Array.prototype.forEach.call(svg.querySelectorAll('rect'),
				function (r) {
				place(r, 'x', zoom);
				place(r, 'width', zoom);
			});
			Array.prototype.forEach.call(svg.querySelectorAll(
				'text, line'), function (t) {
				['x', 'x1', 'x2'].forEach(function (a) {
					if (t.hasAttribute(a))
						place(t, a, zoom);
				});
			});
		});
	}

	if (lanes.length) {
		Array.prototype.forEach.call(document.querySelectorAll(
			'button[data-zoom]'), function (b) {
			b.addEventListener('click', function () {
				var f = +b.getAttribute('data-zoom');
				zoomTo(f ? zoom * f : 1);
			});
		});
		document.addEventListener('keydown', function (e) {
			if (e.key === '+' || e.key === '=')
				zoomTo(zoom * 2);
			else if (e.key === '-')
				zoomTo(zoom / 2);
		});
		if (q.get('zoom'))
			zoomTo(+q.get('zoom'));
	}

	(q.get('keys') || '').split('').forEach(function (k) {
		document.dispatchEvent(new KeyboardEvent('keydown',
			{ key: k, bubbles: true }));
	});
}());
