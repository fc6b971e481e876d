// Copy buttons: <button data-copy="ID"> copies the text of element ID and says so.
(function () {
  document.querySelectorAll("button[data-copy]").forEach(function (button) {
    button.hidden = false;
  });
  document.addEventListener("click", function (e) {
    var button = e.target.closest("button[data-copy]");
    if (!button) return;
    var source = document.getElementById(button.getAttribute("data-copy"));
    var status = document.getElementById(button.getAttribute("data-copy") + "-status");
    if (!source) return;
    var text = source.value !== undefined ? source.value : source.textContent;
    function done(message) { if (status) status.textContent = message; }
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(
        function () { done("Copied."); },
        function () { done("Copy failed: select the text and copy it yourself."); }
      );
    } else {
      var range = document.createRange();
      range.selectNodeContents(source);
      var selection = window.getSelection();
      selection.removeAllRanges();
      selection.addRange(range);
      try { document.execCommand("copy"); done("Copied."); }
      catch (err) { done("Selected: press Ctrl+C to copy."); }
    }
  });
})();
