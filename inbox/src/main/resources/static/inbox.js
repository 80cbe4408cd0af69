// Progressive enhancement only: every page works without this file.
// 1. The decision form and the new request's form say what is wrong with a field as the person
//    types, by the browser's own checks (required, number, min/max, date, length), which mirror the
//    step's form or the request type's data form; the workflow checks the same rules again when the
//    form is sent.
// 2. Only approving and deciding with an outcome send the step's form: "Reject" and the quiet
//    buttons beside them are sent without the checks. A new request is always checked.
document.addEventListener("DOMContentLoaded", () => {
  for (const form of document.querySelectorAll("form.decide, form.new-request")) {
    const fields = form.querySelectorAll(
      "input[name^='output.'], select[name^='output.'], input[name^='data.'], select[name^='data.']");
    const say = (field) => {
      const problem = field.closest(".field")?.querySelector(".problem");
      if (problem) {
        problem.textContent = field.validity.valid ? "" : field.validationMessage;
      }
      field.setAttribute("aria-invalid", field.validity.valid ? "false" : "true");
    };
    for (const field of fields) {
      field.addEventListener("input", () => say(field));
      field.addEventListener("blur", () => say(field));
    }
    form.addEventListener("submit", (event) => {
      const action = event.submitter?.value;
      if (form.classList.contains("decide") && action !== "approve" && !action?.startsWith("complete:")) {
        return;
      }
      let first = null;
      for (const field of fields) {
        say(field);
        if (!field.validity.valid && first === null) {
          first = field;
        }
      }
      if (first !== null) {
        event.preventDefault();
        first.focus();
      }
    });
  }
});
