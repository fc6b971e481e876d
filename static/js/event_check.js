// The organisers' page: upload the zip with a progress bar, then save the report it answers.
// Without JavaScript the form posts as usual and the browser downloads the report itself.
(function () {
  "use strict";
  var form = document.querySelector("form[data-event-check]");
  if (!form || !window.XMLHttpRequest || !window.FormData) {
    return;
  }
  var box = form.querySelector("[data-event-progress]");
  var bar = box.querySelector("progress");
  var status = box.querySelector("[data-event-status]");

  form.addEventListener("submit", function (event) {
    event.preventDefault();
    var request = new XMLHttpRequest();
    request.open("POST", form.action || window.location.href);
    request.responseType = "blob";
    box.hidden = false;
    bar.value = 0;
    status.textContent = "Uploading…";
    request.upload.addEventListener("progress", function (e) {
      if (e.lengthComputable) {
        bar.value = Math.round((100 * e.loaded) / e.total);
      }
    });
    request.upload.addEventListener("load", function () {
      // The server now checks every list; the bar has no measure until it answers.
      bar.removeAttribute("value");
      status.textContent = "Checking the lists…";
    });
    request.addEventListener("load", function () {
      if (request.status === 200) {
        var link = document.createElement("a");
        link.href = URL.createObjectURL(request.response);
        link.download = "event-report.xlsx";
        document.body.appendChild(link);
        link.click();
        link.remove();
        bar.value = 100;
        status.textContent =
          "Checked " + request.getResponseHeader("X-Lists-Checked") + " lists; report downloaded.";
        return;
      }
      request.response.text().then(function (html) {
        var page = new DOMParser().parseFromString(html, "text/html");
        var fresh = page.getElementById("event-check");
        if (fresh) {
          document.getElementById("event-check").replaceWith(fresh);
        } else {
          status.textContent = "The lists could not be checked (error " + request.status + ").";
        }
      });
    });
    request.addEventListener("error", function () {
      status.textContent = "The upload failed; check the connection and try again.";
    });
    request.send(new FormData(form));
  });
})();
