// contextlamp dashboard: the one same-origin script (CSP script-src 'self'; no inline script anywhere).
// Every page works without it; it only adds two conveniences:
// - search as you type on /search: the results are fetched (the same GET the form sends) and swapped in;
// - bulk selection on forms with id="bulk": a select-all box, shift-click ranges, a count, and the bulk
//   button disabled while nothing is chosen.
"use strict";
(function () {
  function searchAsYouType() {
    var form = document.querySelector('form[role="search"]');
    var box = document.getElementById("q");
    if (!form || !box || !window.fetch || !window.DOMParser) return;
    var timer = null;
    var latest = 0;
    function run() {
      var params = new URLSearchParams(new FormData(form));
      if (!box.value.trim()) return;
      var url = form.getAttribute("action") + "?" + params.toString();
      var ticket = ++latest;
      var old = document.querySelector('section[aria-labelledby="results-heading"]');
      if (old) old.classList.add("searching");
      fetch(url, { credentials: "same-origin", headers: { Accept: "text/html" } })
        .then(function (answer) { return answer.ok ? answer.text() : null; })
        .then(function (html) {
          if (html === null || ticket !== latest) return;
          var page = new DOMParser().parseFromString(html, "text/html");
          var fresh = page.querySelector('section[aria-labelledby="results-heading"]');
          var now = document.querySelector('section[aria-labelledby="results-heading"]');
          if (!fresh) return;
          fresh = document.importNode(fresh, true);
          if (now) now.replaceWith(fresh); else form.after(fresh);
          history.replaceState(null, "", url);
        })
        .catch(function () { if (old) old.classList.remove("searching"); });
    }
    box.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(run, 250);
    });
    form.addEventListener("change", function (event) {
      if (event.target !== box) run();
    });
  }

  function bulkSelection() {
    var form = document.getElementById("bulk");
    if (!form) return;
    var boxes = Array.prototype.slice.call(
      document.querySelectorAll('input[type="checkbox"][name="id"]')
    ).filter(function (box) { return box.form === form; });
    var button = form.querySelector('button[type="submit"]');
    if (!boxes.length || !button) return;
    var label = button.textContent;
    var count = document.createElement("span");
    count.className = "selected-count";
    count.setAttribute("aria-live", "polite");
    button.after(count);
    var all = document.createElement("input");
    all.type = "checkbox";
    all.id = "select-all";
    var allLabel = document.createElement("label");
    allLabel.className = "choice";
    allLabel.htmlFor = "select-all";
    allLabel.append(all, " Select all " + boxes.length);
    count.after(allLabel);
    function update() {
      var chosen = boxes.filter(function (box) { return box.checked; }).length;
      button.disabled = chosen === 0;
      button.textContent = chosen ? label.replace("selected", chosen + " selected") : label;
      count.textContent = chosen ? chosen + " of " + boxes.length + " chosen" : "";
      all.checked = chosen === boxes.length;
      all.indeterminate = chosen > 0 && chosen < boxes.length;
    }
    var last = null;
    boxes.forEach(function (box, index) {
      box.addEventListener("click", function (event) {
        if (event.shiftKey && last !== null) {
          var from = Math.min(last, index);
          var to = Math.max(last, index);
          for (var i = from; i <= to; i++) boxes[i].checked = box.checked;
        }
        last = index;
        update();
      });
    });
    all.addEventListener("change", function () {
      boxes.forEach(function (box) { box.checked = all.checked; });
      update();
    });
    update();
  }

  document.addEventListener("DOMContentLoaded", function () {
    searchAsYouType();
    bulkSelection();
  });
})();
