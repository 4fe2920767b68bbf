/**
 * The script the dev host injects at the top of every widget frame, before the widget's own
 * scripts. It is plain ES2020 kept as a string so the server can hash it into the frame's
 * CSP (`script-src 'sha256-…'`) and the page never needs 'unsafe-inline' or 'unsafe-eval'.
 *
 * What it does, for both protocols:
 * - reads the frame's start-up data from a non-executable JSON block (`#devhost-init`), so
 *   the script text — and so its hash — never changes;
 * - reports every CSP violation and uncaught error in the frame to the page;
 * - reports the document height, so the page can size the frame like a real host;
 * - says `ready` once it listens, so the page never posts into the frame's blank document;
 * - gives the opaque-origin frame a `localStorage` that the page keeps per widget.
 * For the `openai` protocol it also defines `window.openai` the way ChatGPT does: globals
 * as properties, `openai:set_globals` with only the changed keys, and methods that relay to
 * the page over `postMessage` (the page answers; the frame never talks to the server itself).
 */
export const FRAME_BOOTSTRAP_SOURCE = `(function () {
  "use strict";
  var initElement = document.getElementById("devhost-init");
  var init = {};
  try { init = JSON.parse(initElement ? initElement.textContent || "{}" : "{}") || {}; } catch (e) { init = {}; }
  if (initElement && initElement.parentNode) initElement.parentNode.removeChild(initElement);
  var parentWindow = window.parent;
  var parentOrigin = typeof init.parentOrigin === "string" ? init.parentOrigin : "*";
  var frameId = typeof init.frameId === "string" ? init.frameId : "";
  function post(message) {
    message.devhost = 1;
    message.frameId = frameId;
    try { parentWindow.postMessage(message, parentOrigin); } catch (e) { /* the page is gone */ }
  }
  document.addEventListener("securitypolicyviolation", function (event) {
    post({ type: "csp-violation", directive: String(event.effectiveDirective || event.violatedDirective || ""), blocked: String(event.blockedURI || ""), sample: String(event.sample || "").slice(0, 120) });
  });
  window.addEventListener("error", function (event) {
    post({ type: "frame-error", message: String(event.message || "error").slice(0, 300) });
  });
  window.addEventListener("unhandledrejection", function (event) {
    var reason = event.reason;
    post({ type: "frame-error", message: String(reason && reason.message ? reason.message : reason).slice(0, 300) });
  });
  var lastHeight = -1;
  function reportHeight() {
    // The root's box, not its scrollHeight: scrollHeight never drops below the frame's own
    // height, so a widget that gets shorter would never shrink its frame.
    var root = document.documentElement;
    var height = Math.ceil(root ? root.getBoundingClientRect().height : 0);
    if (height !== lastHeight) { lastHeight = height; post({ type: "height", height: height }); }
  }
  if (typeof ResizeObserver === "function") {
    var observer = new ResizeObserver(reportHeight);
    var observe = function () { observer.observe(document.documentElement); if (document.body) observer.observe(document.body); };
    if (document.body) observe(); else document.addEventListener("DOMContentLoaded", observe);
  }
  window.addEventListener("load", reportHeight);

  // The frame's origin is opaque, so the browser gives it no localStorage. A host with a
  // per-app origin would; emulate one that persists per widget: start from what the page
  // kept for this widget, and hand every change back to the page.
  var realStorage = null;
  try { realStorage = window.localStorage; } catch (e) { realStorage = null; }
  if (!realStorage) {
    var items = Object.create(null);
    var saved = init.storage && typeof init.storage === "object" ? init.storage : {};
    Object.keys(saved).forEach(function (key) { if (typeof saved[key] === "string") items[key] = saved[key]; });
    var persist = function () { post({ type: "storage", items: Object.assign({}, items) }); };
    var storage = {
      getItem: function (key) { key = String(key); return key in items ? items[key] : null; },
      setItem: function (key, value) { items[String(key)] = String(value); persist(); },
      removeItem: function (key) { delete items[String(key)]; persist(); },
      clear: function () { items = Object.create(null); persist(); },
      key: function (index) { var keys = Object.keys(items); return index >= 0 && index < keys.length ? keys[index] : null; }
    };
    Object.defineProperty(storage, "length", { get: function () { return Object.keys(items).length; } });
    try { Object.defineProperty(window, "localStorage", { value: storage, configurable: true }); } catch (e) { /* keep none */ }
  }
  if (init.protocol !== "openai") { post({ type: "ready" }); return; }

  var pending = {};
  var nextId = 1;
  function request(method, params) {
    return new Promise(function (resolve, reject) {
      var id = nextId++;
      pending[id] = { resolve: resolve, reject: reject };
      post({ type: "call", id: id, method: method, params: params });
    });
  }
  var openai = {
    callTool: function (name, args) { return request("callTool", { name: name, args: args || {} }); },
    setWidgetState: function (state) {
      openai.widgetState = state;
      dispatch({ widgetState: state });
      return request("setWidgetState", { state: state }).then(function () { return undefined; });
    },
    sendFollowUpMessage: function (options) { return request("sendFollowUpMessage", options || {}).then(function () { return undefined; }); },
    openExternal: function (options) { return request("openExternal", options || {}).then(function () { return undefined; }); },
    requestDisplayMode: function (options) { return request("requestDisplayMode", options || {}); },
    requestModal: function (options) { return request("requestModal", options || {}).then(function () { return undefined; }); },
    requestClose: function () { return request("requestClose", {}).then(function () { return undefined; }); },
    notifyIntrinsicHeight: function (height) { post({ type: "height", height: Number(height && typeof height === "object" ? height.height : height) }); }
  };
  if (init.checkout === true) openai.requestCheckout = function (session) { return request("requestCheckout", { session: session }); };
  var globals = init.globals && typeof init.globals === "object" ? init.globals : {};
  Object.keys(globals).forEach(function (key) { openai[key] = globals[key]; });
  function dispatch(changed) {
    window.dispatchEvent(new CustomEvent("openai:set_globals", { detail: { globals: changed } }));
  }
  window.openai = openai;
  window.addEventListener("message", function (event) {
    if (event.source !== parentWindow) return;
    var data = event.data;
    if (!data || data.devhost !== 1) return;
    if (data.type === "reply" && pending[data.id]) {
      var waiter = pending[data.id];
      delete pending[data.id];
      if (data.ok) waiter.resolve(data.value); else waiter.reject(new Error(String(data.error || "host call failed")));
    } else if (data.type === "globals" && data.globals && typeof data.globals === "object") {
      var changed = {};
      Object.keys(data.globals).forEach(function (key) { openai[key] = data.globals[key]; changed[key] = data.globals[key]; });
      dispatch(changed);
    }
  });
  post({ type: "ready" });
})();`;
