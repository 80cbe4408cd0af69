package dev.overdue.bpmn;

import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.camunda.bpm.model.bpmn.instance.UserTask;
import org.camunda.bpm.model.xml.instance.DomElement;

/**
 * A user task's form, wherever its engine keeps it: Camunda 7's {@code camunda:formData} in the
 * task, Camunda 8's embedded in the process ({@code zeebe:userTaskForm}) or linked by id from a
 * {@code .form} file. A form kept elsewhere (a Camunda 7 {@code formKey}, an external form) is
 * reported: the inbox shows the step's form in its place. The field the task's decision tests is
 * left out: approve and reject carry it.
 */
record TaskForm(RequestTree.Mapping schema, String source) {
  /** The form of {@code task}, whose decision may test one of its fields; empty when it has none that maps. */
  static Optional<TaskForm> of(UserTask task, Decision decision, ProcessModel model, Map<String, String> forms, LinkedForms linked) {
    Set<String> decided = decision.variable() == null ? Set.of() : Set.of(decision.variable());
    String owner = task.getId();
    Forms.Mapped form = null;
    String source = null;
    Optional<DomElement> formData = ProcessModel.extension(task, "camunda:formData");
    if (formData.isPresent()) {
      form = Forms.camunda7(formData.get(), decided, owner, model);
      source = "camunda:formData";
    }
    String formKey = ProcessModel.camunda(task, "formKey");
    if (formKey != null) {
      model.unmapped(owner, "camunda:formKey", "a form of its own (" + formKey + "): the inbox shows the step's form; write its fields there", false);
    }
    Optional<DomElement> definition = ProcessModel.zeebe(task, "formDefinition");
    if (definition.isPresent()) {
      String key = definition.get().getAttribute("formKey");
      String formId = definition.get().getAttribute("formId");
      String embedded = key == null ? null : forms.get(key.replaceFirst("^camunda-forms:bpmn:", ""));
      Optional<String> linkedForm = formId == null ? Optional.empty() : linked.form(formId);
      if (embedded != null) {
        form = Forms.camunda8(embedded, decided, owner, model);
        source = "zeebe:userTaskForm " + key.replaceFirst("^camunda-forms:bpmn:", "");
      } else if (linkedForm.isPresent()) {
        form = Forms.camunda8(linkedForm.get(), decided, owner, model);
        source = "the linked form " + formId + " (zeebe:formDefinition formId)";
      } else {
        String which = formId != null ? "the linked form " + formId + ", in no .form file next to the .bpmn file"
            : key != null ? "the form " + key + ", not in this file" : "an external form";
        model.unmapped(owner, "zeebe:formDefinition", which + ": the inbox shows the step's form; write its fields there", false);
      }
    }
    if (form == null) {
      return Optional.empty();
    }
    String dropped = decision.variable() != null ? "; its field " + decision.variable() + " is the step's approve or reject" : "";
    return Optional.of(new TaskForm(form.schema(), source + dropped));
  }
}
