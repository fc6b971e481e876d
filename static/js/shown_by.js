// Groups of fields that belong to one choice of a radio group, shown only for that choice
// where script runs (without script every group shows, each under its own heading):
//   <div data-shown-by="RADIO-NAME" data-shown-for="VALUE"> ... </div>
(function () {
  function sync(name) {
    var picked = document.querySelector('input[name="' + name + '"]:checked');
    document.querySelectorAll('[data-shown-by="' + name + '"]').forEach(function (group) {
      group.hidden = !picked || group.getAttribute("data-shown-for") !== picked.value;
    });
  }
  function wire() {
    var names = new Set();
    document.querySelectorAll("[data-shown-by]").forEach(function (group) {
      names.add(group.getAttribute("data-shown-by"));
    });
    names.forEach(function (name) {
      document.querySelectorAll('input[name="' + name + '"]').forEach(function (radio) {
        radio.addEventListener("change", function () { sync(name); });
      });
      sync(name);
    });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", wire);
  else wire();
})();
