// Filter the datasheet picker as the player types, and keep the filter across htmx swaps.
(function () {
  document.documentElement.classList.add("js");
  function filter() {
    var box = document.getElementById("picker-q");
    if (!box) return;
    var words = box.value.toLowerCase().split(/\s+/).filter(Boolean);
    document.querySelectorAll("#picker .picker-group").forEach(function (group) {
      var shown = 0;
      group.querySelectorAll("li").forEach(function (li) {
        var text = li.getAttribute("data-search");
        li.hidden = !words.every(function (w) { return text.indexOf(w) !== -1; });
        if (!li.hidden) shown += 1;
      });
      // A search looks inside every group, closed ones included; an empty group steps aside.
      group.hidden = words.length > 0 && shown === 0;
      if (words.length > 0 && shown > 0 && !group.open) {
        group.open = true;
        group.setAttribute("data-opened-by-search", "");
      } else if (words.length === 0 && group.hasAttribute("data-opened-by-search")) {
        group.open = false;
        group.removeAttribute("data-opened-by-search");
      }
    });
  }
  document.addEventListener("input", function (e) { if (e.target.id === "picker-q") filter(); });
  document.addEventListener("htmx:afterSwap", filter);
  document.addEventListener("htmx:configRequest", function (e) {
    var token = document.querySelector("input[name=csrfmiddlewaretoken]");
    if (token) e.detail.headers["X-CSRFToken"] = token.value;
  });
})();
