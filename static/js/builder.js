// Filter the datasheet picker as the player types, and keep the filter across htmx swaps.
(function () {
  document.documentElement.classList.add("js");
  function filter() {
    var box = document.getElementById("picker-q");
    if (!box) return;
    var words = box.value.toLowerCase().split(/\s+/).filter(Boolean);
    document.querySelectorAll("#picker li").forEach(function (li) {
      var text = li.getAttribute("data-search");
      li.hidden = !words.every(function (w) { return text.indexOf(w) !== -1; });
    });
  }
  document.addEventListener("input", function (e) { if (e.target.id === "picker-q") filter(); });
  document.addEventListener("htmx:afterSwap", filter);
  document.addEventListener("htmx:configRequest", function (e) {
    var token = document.querySelector("input[name=csrfmiddlewaretoken]");
    if (token) e.detail.headers["X-CSRFToken"] = token.value;
  });
})();
