// The widget's progress page without reloads: poll the JSON status every
// two seconds, say so when the fetch takes longer than usual, and load the
// result page once it is there. Without this script the page reloads
// itself every few seconds instead.
(function () {
  "use strict";
  var result = document.getElementById("result");
  var status = result && result.getAttribute("data-status");
  if (!status) {
    return;
  }
  var slow = document.getElementById("slow");
  function poll() {
    fetch(status, { credentials: "same-origin", cache: "no-store", headers: { Accept: "application/json" } })
      .then(function (r) { return r.json(); })
      .then(function (s) {
        if (s.done) {
          window.location.reload();
          return;
        }
        if (s.slow && slow) {
          slow.hidden = false;
        }
        window.setTimeout(poll, 2000);
      })
      .catch(function () { window.setTimeout(poll, 5000); });
  }
  window.setTimeout(poll, 1000);
})();
