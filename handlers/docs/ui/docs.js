// Copy buttons for the commands of the developer pages, and the hand-over
// of an authorization code to the interactive reference that asked for it.
(function () {
  "use strict";

  document.querySelectorAll("pre[data-copy]").forEach(function (pre) {
    var button = document.createElement("button");
    button.type = "button";
    button.className = "copy";
    button.textContent = "Copy";
    button.addEventListener("click", function () {
      navigator.clipboard.writeText(pre.textContent.trim()).then(function () {
        button.textContent = "Copied";
      }, function () {
        button.textContent = "Select and copy";
      });
    });
    pre.parentNode.insertBefore(button, pre.nextSibling);
  });

  var handOver = document.querySelector("[data-oauth2-redirect]");
  if (handOver && window.opener && window.opener.swaggerUIRedirectOauth2) {
    var script = document.createElement("script");
    script.src = handOver.getAttribute("data-oauth2-redirect");
    document.body.appendChild(script);
  }
})();
