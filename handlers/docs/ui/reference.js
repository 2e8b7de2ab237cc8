// The interactive reference: Swagger UI on the document named by the page,
// every request sent to this server with a fresh X-Request-Id unless the
// developer typed one.
(function () {
  "use strict";

  function uuid() {
    if (window.crypto && typeof window.crypto.randomUUID === "function") {
      return window.crypto.randomUUID();
    }
    var b = window.crypto.getRandomValues(new Uint8Array(16));
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    var h = Array.prototype.map.call(b, function (x) {
      return (x + 0x100).toString(16).slice(1);
    }).join("");
    return [h.slice(0, 8), h.slice(8, 12), h.slice(12, 16), h.slice(16, 20), h.slice(20)].join("-");
  }

  // exampleRequestId is the document's example X-Request-Id, which the
  // reference fills in for every operation.
  function exampleRequestId() {
    try {
      return window.ui.specSelectors.specJson().getIn(["components", "parameters", "RequestId", "example"]) || "";
    } catch (e) {
      return "";
    }
  }

  function isTokenRequest(url) {
    return /\/oauth2\/token$/.test(new URL(url, window.location.href).pathname);
  }

  var root = document.getElementById("reference");
  window.ui = window.SwaggerUIBundle({
    url: root.getAttribute("data-document"),
    dom_id: "#reference",
    deepLinking: true,
    validatorUrl: null,
    tryItOutEnabled: true,
    displayRequestDuration: true,
    oauth2RedirectUrl: window.location.origin + "/docs/callback",
    // A call without an X-Request-Id, or with the example's, gets a fresh
    // UUID; one the developer typed is kept, so that sending it twice shows
    // the replay of the first answer.
    requestInterceptor: function (req) {
      var typed = req.headers["X-Request-Id"];
      if (!isTokenRequest(req.url) && (!typed || typed === exampleRequestId())) {
        req.headers["X-Request-Id"] = uuid();
      }
      return req;
    },
    presets: [window.SwaggerUIBundle.presets.apis],
    layout: "BaseLayout"
  });
  // The authorization code flow needs PKCE (S256), as every client here.
  window.ui.initOAuth({ usePkceWithAuthorizationCodeGrant: true });
})();
