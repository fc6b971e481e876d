// Copy buttons, shown only where script runs:
//   <button data-copy="ID">        copies the value or text of element ID;
//   <button data-copy-url="URL">   fetches URL (plain text) and copies that.
// Each reports in the element named by data-status (default: ID-status).
(function () {
  function wire() {
    document.querySelectorAll("button[data-copy], button[data-copy-url]").forEach(function (b) {
      b.hidden = false;
    });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", wire);
  else wire();

  function report(button, message) {
    var id = button.getAttribute("data-status") || button.getAttribute("data-copy") + "-status";
    var status = document.getElementById(id);
    if (status) status.textContent = message;
  }

  function copyText(text) {
    if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text);
    return new Promise(function (resolve, reject) {
      var area = document.createElement("textarea");
      area.value = text;
      area.setAttribute("readonly", "");
      area.className = "visually-hidden";
      document.body.appendChild(area);
      area.select();
      var ok = false;
      try { ok = document.execCommand("copy"); } catch (err) { ok = false; }
      document.body.removeChild(area);
      if (ok) resolve(); else reject(new Error("copy refused"));
    });
  }

  document.addEventListener("click", function (e) {
    var button = e.target.closest("button[data-copy], button[data-copy-url]");
    if (!button) return;
    var done = function () { report(button, "Copied to the clipboard."); };
    var failed = function () { report(button, "Could not copy: select the text and copy it yourself."); };
    var url = button.getAttribute("data-copy-url");
    if (url) {
      fetch(url, { credentials: "same-origin" })
        .then(function (r) { if (!r.ok) throw new Error(r.status); return r.text(); })
        .then(copyText).then(done, failed);
      return;
    }
    var source = document.getElementById(button.getAttribute("data-copy"));
    if (!source) return;
    copyText(source.value !== undefined ? source.value : source.textContent).then(done, failed);
  });
})();
